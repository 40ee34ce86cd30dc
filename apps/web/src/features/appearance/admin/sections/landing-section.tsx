import type { LandingAction, LandingAppearance } from '@zema/contracts';
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useAssignableRoles } from '#src/features/users';
import { Button } from '#src/ui/button';
import { Checkbox, TextField } from '#src/ui/field';
import { AccessFields } from './access-fields';
import { AppearanceImageField } from './image-upload-field';
import { errorAt, groupClass, type SectionProps } from './section';
import { SortableList } from './sortable-list';

type Feature = LandingAppearance['secondaryFeatures'][number];

/** The landing page (SPEC §3 Landing appearance): every field, each group opened by a click on it. */
export function LandingSection({ values, change, errors }: SectionProps) {
  const landing = values.landing;
  const set = (patch: Partial<LandingAppearance>) =>
    change((v) => ({ ...v, landing: { ...v.landing, ...patch } }));
  const setAction = (key: 'cta1' | 'cta2' | 'cta3', patch: Partial<LandingAction>) =>
    set({ actions: { ...landing.actions, [key]: { ...landing.actions[key], ...patch } } });
  const text = (key: keyof LandingAppearance, label: string, multiline = false) => (
    <TextField
      label={label}
      multiline={multiline}
      rows={3}
      value={String(landing[key] ?? '')}
      errorMessage={errorAt(errors, `landing.${key}`)}
      onChange={(value) => set({ [key]: value } as Partial<LandingAppearance>)}
    />
  );
  const image = (key: 'headerImage' | 'footerImage', label: string) => (
    <AppearanceImageField
      label={label}
      purpose="image"
      value={landing[key]}
      onChange={(url) => set({ [key]: url } as Partial<LandingAppearance>)}
    />
  );

  return (
    <div className="flex flex-col gap-6">
      <Group id="header" title="Header">
        {text('headerTitle', 'Title')}
        {text('headerSubtitle', 'Subtitle', true)}
        {image('headerImage', 'Image')}
        <TextField
          label="Image opacity"
          description="From 0 (hidden) to 1 (full)."
          type="number"
          value={String(landing.headerImageOpacity)}
          onChange={(value) => {
            const n = Number(value);
            if (Number.isFinite(n)) set({ headerImageOpacity: Math.min(1, Math.max(0, n)) });
          }}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Overlay colour 1"
            value={landing.headerOverlayColor1 ?? ''}
            onChange={(value) => set({ headerOverlayColor1: value.trim() || null })}
          />
          <TextField
            label="Overlay colour 2"
            value={landing.headerOverlayColor2 ?? ''}
            onChange={(value) => set({ headerOverlayColor2: value.trim() || null })}
          />
        </div>
        <ActionFields
          title="First button"
          action={landing.actions.cta1}
          onChange={(p) => setAction('cta1', p)}
        />
        <ActionFields
          title="Second button"
          action={landing.actions.cta2}
          onChange={(p) => setAction('cta2', p)}
        />
      </Group>

      <Group id="primary-features" title="Primary features">
        <FeatureList
          name="primary feature"
          items={landing.primaryFeatures.map((f) => ({ ...f, description: '' }))}
          withDescription={false}
          onChange={(items) => set({ primaryFeatures: items.map(({ description: _d, ...f }) => f) })}
        />
      </Group>

      <Group id="secondary-features" title="Secondary features">
        <FeatureList
          name="secondary feature"
          items={landing.secondaryFeatures}
          withDescription
          onChange={(secondaryFeatures) => set({ secondaryFeatures })}
        />
      </Group>

      <Group id="trending" title="Trending artists">
        <Checkbox
          isSelected={landing.showTrendingArtists}
          onChange={(showTrendingArtists) => set({ showTrendingArtists })}
        >
          Show trending artists
        </Checkbox>
      </Group>

      <Group id="pricing" title="Pricing">
        <Checkbox isSelected={landing.showPricing} onChange={(showPricing) => set({ showPricing })}>
          Show the plans (when billing is on)
        </Checkbox>
        {text('pricingTitle', 'Title')}
        {text('pricingSubtitle', 'Subtitle', true)}
      </Group>

      <Group id="footer" title="Footer banner">
        {text('footerTitle', 'Title')}
        {text('footerSubtitle', 'Subtitle', true)}
        {image('footerImage', 'Image')}
        <ActionFields title="Button" action={landing.actions.cta3} onChange={(p) => setAction('cta3', p)} />
      </Group>
    </div>
  );
}

function Group({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={`landing-${id}`} className={groupClass} aria-labelledby={`landing-${id}-title`}>
      <h2 id={`landing-${id}-title`} className="font-semibold text-fg text-sm">
        {title}
      </h2>
      {children}
    </section>
  );
}

function ActionFields({
  title,
  action,
  onChange,
}: {
  title: string;
  action: LandingAction;
  onChange: (patch: Partial<LandingAction>) => void;
}) {
  const { roles } = useAssignableRoles();
  return (
    <fieldset className="flex flex-col gap-3 rounded-theme border border-divider p-3">
      <legend className="px-1 font-medium text-fg text-sm">{title}</legend>
      <TextField
        label="Label"
        description="No label or address: the button is hidden."
        value={action.label ?? ''}
        onChange={(label) => onChange({ label: label || null })}
      />
      <TextField
        label="Address"
        value={action.action ?? ''}
        onChange={(value) =>
          onChange({ action: value || null, type: /^https?:\/\//i.test(value) ? 'link' : 'route' })
        }
      />
      {/* SPEC §6: a landing button can require roles and permissions (all of them). */}
      <AccessFields
        value={action}
        roles={roles}
        roleLabel={(name) => `Only for role: ${name}`}
        permissionsDescription="Comma-separated names; all are needed to see the button."
        onChange={onChange}
      />
    </fieldset>
  );
}

function FeatureList({
  name,
  items,
  withDescription,
  onChange,
}: {
  name: string;
  items: Feature[];
  withDescription: boolean;
  onChange: (items: Feature[]) => void;
}) {
  const setAt = (index: number, patch: Partial<Feature>) =>
    onChange(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  return (
    <>
      <SortableList
        items={items}
        // Features have no id: their place is their identity (the fields are controlled by value).
        idOf={(_item, index) => `${name}-${index}`}
        labelOf={(item) => item.title || name}
        titleOf={(item) => item.title || `Untitled ${name}`}
        onReorder={onChange}
        onRemove={(index) => onChange(items.filter((_, i) => i !== index))}
      >
        {(item, index) => (
          <>
            <TextField label="Title" value={item.title} onChange={(title) => setAt(index, { title })} />
            <TextField
              label="Subtitle"
              value={item.subtitle}
              onChange={(subtitle) => setAt(index, { subtitle })}
            />
            {withDescription && (
              <TextField
                label="Description"
                multiline
                rows={3}
                value={item.description}
                onChange={(description) => setAt(index, { description })}
              />
            )}
            <AppearanceImageField
              label="Image"
              purpose="image"
              value={item.image}
              onChange={(image) => setAt(index, { image })}
            />
          </>
        )}
      </SortableList>
      <Button
        variant="outline"
        size="sm"
        onPress={() => onChange([...items, { image: null, title: '', subtitle: '', description: '' }])}
      >
        <Plus aria-hidden="true" className="size-4" />
        {`Add a ${name}`}
      </Button>
    </>
  );
}
