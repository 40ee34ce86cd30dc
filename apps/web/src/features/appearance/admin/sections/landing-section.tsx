import { type LandingAction, type LandingAppearance, msg } from '@zema/contracts';
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useAssignableRoles } from '#src/features/users';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { Checkbox, TextField } from '#src/ui/field';
import { AccessFields } from './access-fields';
import { AddressHint } from './address-hint';
import { AppearanceImageField } from './image-upload-field';
import { errorAt, groupClass, type SectionProps } from './section';
import { SortableList } from './sortable-list';

type Feature = LandingAppearance['secondaryFeatures'][number];

/** The landing page (SPEC §3 Landing appearance): every field, each group opened by a click on it. */
export function LandingSection({ values, change, errors }: SectionProps) {
  const { trans } = useTrans();
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
      <Group id="header" title={trans('Header')}>
        {text('headerTitle', trans('Title'))}
        {text('headerSubtitle', trans('Subtitle'), true)}
        {image('headerImage', trans('Image'))}
        <TextField
          label={trans('Image opacity')}
          description={trans('From 0 (hidden) to 1 (full).')}
          type="number"
          value={String(landing.headerImageOpacity)}
          onChange={(value) => {
            const n = Number(value);
            if (Number.isFinite(n)) set({ headerImageOpacity: Math.min(1, Math.max(0, n)) });
          }}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label={trans('Overlay colour 1')}
            value={landing.headerOverlayColor1 ?? ''}
            onChange={(value) => set({ headerOverlayColor1: value.trim() || null })}
          />
          <TextField
            label={trans('Overlay colour 2')}
            value={landing.headerOverlayColor2 ?? ''}
            onChange={(value) => set({ headerOverlayColor2: value.trim() || null })}
          />
        </div>
        <ActionFields
          title={trans('First button')}
          action={landing.actions.cta1}
          onChange={(p) => setAction('cta1', p)}
        />
        <ActionFields
          title={trans('Second button')}
          action={landing.actions.cta2}
          onChange={(p) => setAction('cta2', p)}
        />
      </Group>

      <Group id="primary-features" title={trans('Primary features')}>
        <FeatureList
          kind="primary"
          items={landing.primaryFeatures.map((f) => ({ ...f, description: '' }))}
          withDescription={false}
          onChange={(items) => set({ primaryFeatures: items.map(({ description: _d, ...f }) => f) })}
        />
      </Group>

      <Group id="secondary-features" title={trans('Secondary features')}>
        <FeatureList
          kind="secondary"
          items={landing.secondaryFeatures}
          withDescription
          onChange={(secondaryFeatures) => set({ secondaryFeatures })}
        />
      </Group>

      <Group id="trending" title={trans('Trending artists')}>
        <Checkbox
          isSelected={landing.showTrendingArtists}
          onChange={(showTrendingArtists) => set({ showTrendingArtists })}
        >
          {trans('Show trending artists')}
        </Checkbox>
      </Group>

      <Group id="pricing" title={trans('Pricing')}>
        <Checkbox isSelected={landing.showPricing} onChange={(showPricing) => set({ showPricing })}>
          {trans('Show the plans (when billing is on)')}
        </Checkbox>
        {text('pricingTitle', trans('Title'))}
        {text('pricingSubtitle', trans('Subtitle'), true)}
      </Group>

      <Group id="footer" title={trans('Footer banner')}>
        {text('footerTitle', trans('Title'))}
        {text('footerSubtitle', trans('Subtitle'), true)}
        {image('footerImage', trans('Image'))}
        <ActionFields
          title={trans('Button')}
          action={landing.actions.cta3}
          onChange={(p) => setAction('cta3', p)}
        />
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
  const { trans } = useTrans();
  const { roles } = useAssignableRoles();
  return (
    <fieldset className="flex flex-col gap-3 rounded-theme border border-divider p-3">
      <legend className="px-1 font-medium text-fg text-sm">{title}</legend>
      <TextField
        label={trans('Label')}
        description={trans('No label or address: the button is hidden.')}
        value={action.label ?? ''}
        onChange={(label) => onChange({ label: label || null })}
      />
      <TextField
        label={trans('Address')}
        description={
          <AddressHint action={action.action}>
            {trans('A page of this site (/contact) or a full address (https://…).')}
          </AddressHint>
        }
        value={action.action ?? ''}
        onChange={(value) =>
          onChange({ action: value || null, type: /^https?:\/\//i.test(value) ? 'link' : 'route' })
        }
      />
      {/* SPEC §6: a landing button can require roles and permissions (all of them). */}
      <AccessFields
        value={action}
        roles={roles}
        roleLabel={(name) => trans('Only for role: {name}', { name })}
        permissionsDescription={trans('Comma-separated names; all are needed to see the button.')}
        onChange={onChange}
      />
    </fieldset>
  );
}

/** What a feature list's items are called, by the list (one message each: words agree in Amharic). */
const FEATURE_WORDS = {
  primary: {
    name: msg('primary feature'),
    untitled: msg('Untitled primary feature'),
    add: msg('Add a primary feature'),
  },
  secondary: {
    name: msg('secondary feature'),
    untitled: msg('Untitled secondary feature'),
    add: msg('Add a secondary feature'),
  },
} as const;

function FeatureList({
  kind,
  items,
  withDescription,
  onChange,
}: {
  kind: keyof typeof FEATURE_WORDS;
  items: Feature[];
  withDescription: boolean;
  onChange: (items: Feature[]) => void;
}) {
  const { trans } = useTrans();
  const words = FEATURE_WORDS[kind];
  const setAt = (index: number, patch: Partial<Feature>) =>
    onChange(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  return (
    <>
      <SortableList
        items={items}
        // Features have no id: their place is their identity (the fields are controlled by value).
        idOf={(_item, index) => `${kind}-feature-${index}`}
        labelOf={(item) => item.title || trans(words.name)}
        titleOf={(item) => item.title || trans(words.untitled)}
        onReorder={onChange}
        onRemove={(index) => onChange(items.filter((_, i) => i !== index))}
      >
        {(item, index) => (
          <>
            <TextField
              label={trans('Title')}
              value={item.title}
              onChange={(title) => setAt(index, { title })}
            />
            <TextField
              label={trans('Subtitle')}
              value={item.subtitle}
              onChange={(subtitle) => setAt(index, { subtitle })}
            />
            {withDescription && (
              <TextField
                label={trans('Description')}
                multiline
                rows={3}
                value={item.description}
                onChange={(description) => setAt(index, { description })}
              />
            )}
            <AppearanceImageField
              label={trans('Image')}
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
        {trans(words.add)}
      </Button>
    </>
  );
}
