import { msg, THEME_VARIABLES } from '@zema/contracts';
import {
  APPEARANCE_LIMITS,
  type EditableTheme,
  MIN_CONTRAST_RATIO,
} from '@zema/contracts/appearance/appearance-admin';
import { THEME_FONTS } from '@zema/contracts/appearance/fonts';
import { AlertTriangle, Check, Copy, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { type TransFn, useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { Checkbox, TextField } from '#src/ui/field';
import { Select } from '#src/ui/select';
import { checkThemeContrast, toHexColour } from '../../lib/contrast';
import { errorAt, groupClass, type SectionProps } from './section';

/** What each style variable paints, for its label. */
const VARIABLE_LABELS: Record<(typeof THEME_VARIABLES)[number], string> = {
  '--be-background': msg('Background'),
  '--be-background-alt': msg('Second background'),
  '--be-paper': msg('Cards and menus'),
  '--be-foreground': msg('Text'),
  '--be-muted': msg('Secondary text'),
  '--be-primary': msg('Primary'),
  '--be-primary-hover': msg('Primary, hovered'),
  '--be-on-primary': msg('Text on primary'),
  '--be-danger': msg('Danger'),
  '--be-on-danger': msg('Text on danger'),
  '--be-positive': msg('Positive'),
  '--be-warning': msg('Warning'),
  '--be-divider': msg('Dividers'),
  '--be-hover': msg('Hovered rows'),
  '--be-focus': msg('Focus ring'),
  '--be-navbar': msg('Navbar'),
  '--be-on-navbar': msg('Text on the navbar'),
  '--be-radius': msg('Corner radius'),
};

const DEFAULT_FONT = 'default';
/** The app's own font first, then every other font the site serves (contracts THEME_FONTS). */
const fontChoices = (trans: TransFn) => [
  { id: DEFAULT_FONT, label: trans("Inter (the app's own)") },
  ...THEME_FONTS.filter((f) => f.id !== 'inter').map((f) => ({
    id: f.family,
    label: trans('{font} ({kind, select, serif {serif} other {sans-serif}})', {
      font: f.label,
      kind: f.kind,
    }),
  })),
];

/** Themes (SPEC §3 Theme): the list, each variable with a colour picker, contrast, the defaults. */
export function ThemesSection({ values, change, errors, previewThemeId, showTheme }: SectionProps) {
  const { trans } = useTrans();
  const all = values.themes.all;
  const current = all.find((t) => t.id === previewThemeId) ?? all[0]!;
  const setTheme = (id: number, patch: (t: EditableTheme) => EditableTheme) =>
    change((v) => ({
      ...v,
      themes: { ...v.themes, all: v.themes.all.map((t) => (t.id === id ? patch(t) : t)) },
    }));

  const duplicate = () => {
    const id = Math.min(0, ...all.map((t) => t.id)) - 1;
    change((v) => ({
      ...v,
      themes: {
        ...v.themes,
        all: [
          ...v.themes.all,
          {
            ...current,
            id,
            name: trans('{name} copy', { name: current.name }),
            default_light: false,
            default_dark: false,
          },
        ],
      },
    }));
    showTheme(id);
  };

  const remove = () => {
    const rest = all.filter((t) => t.id !== current.id);
    change((v) => ({
      ...v,
      themes: {
        ...v.themes,
        default_id: v.themes.default_id === current.id ? null : v.themes.default_id,
        all: rest,
      },
    }));
    showTheme(rest[0]!.id);
  };

  /** Makes `current` the default for its mode: the flag moves from the theme that had it. */
  const makeModeDefault = (flag: 'default_light' | 'default_dark', on: boolean) =>
    change((v) => ({
      ...v,
      themes: {
        ...v.themes,
        all: v.themes.all.map((t) => ({ ...t, [flag]: t.id === current.id ? on : on ? false : t[flag] })),
      },
    }));

  const contrast = checkThemeContrast(current.values);

  return (
    <div className="flex flex-col gap-6">
      <section className={groupClass} aria-labelledby="appearance-themes-site">
        <h2 id="appearance-themes-site" className="font-semibold text-fg text-sm">
          {trans('For everyone')}
        </h2>
        <Select
          label={trans('Default theme')}
          description={trans('What visitors see first.')}
          items={all.map((t) => ({ id: String(t.id), label: t.name }))}
          selectedKey={String(values.themes.default_id ?? all[0]!.id)}
          errorMessage={errorAt(errors, 'themes.default_id')}
          onSelectionChange={(key) =>
            change((v) => ({ ...v, themes: { ...v.themes, default_id: Number(key) } }))
          }
        />
        <Checkbox
          isSelected={values.themes.user_change}
          onChange={(user_change) => change((v) => ({ ...v, themes: { ...v.themes, user_change } }))}
          description={trans('Adds the light/dark switch to the user menu and the footer.')}
        >
          {trans('Users may switch between light and dark')}
        </Checkbox>
      </section>

      <section className={groupClass} aria-labelledby="appearance-themes-edit">
        <h2 id="appearance-themes-edit" className="font-semibold text-fg text-sm">
          {trans('Edit a theme')}
        </h2>
        <Select
          label={trans('Theme')}
          description={trans('The preview shows the theme you edit.')}
          items={all.map((t) => ({ id: String(t.id), label: t.name }))}
          selectedKey={String(current.id)}
          onSelectionChange={(key) => showTheme(Number(key))}
        />
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            onPress={duplicate}
            isDisabled={all.length >= APPEARANCE_LIMITS.themes}
          >
            <Copy aria-hidden="true" className="size-4" />
            {trans('Duplicate')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onPress={() => {
              const id = Math.min(0, ...all.map((t) => t.id)) - 1;
              change((v) => ({
                ...v,
                themes: {
                  ...v.themes,
                  all: [
                    ...v.themes.all,
                    { ...all[0]!, id, name: trans('New theme'), default_light: false, default_dark: false },
                  ],
                },
              }));
              showTheme(id);
            }}
            isDisabled={all.length >= APPEARANCE_LIMITS.themes}
          >
            <Plus aria-hidden="true" className="size-4" />
            {trans('New theme')}
          </Button>
          <Button variant="outline" size="sm" onPress={remove} isDisabled={all.length <= 1}>
            <Trash2 aria-hidden="true" className="size-4" />
            {trans('Delete')}
          </Button>
        </div>
        <TextField
          label={trans('Name')}
          value={current.name}
          onChange={(name) => setTheme(current.id, (t) => ({ ...t, name }))}
        />
        <Select
          label={trans('Font')}
          description={trans('Served by the site; loaded only on pages of a theme that uses it.')}
          items={fontChoices(trans)}
          selectedKey={current.font?.family ?? DEFAULT_FONT}
          onSelectionChange={(key) => {
            const family = key === DEFAULT_FONT ? null : String(key);
            change(
              (v) => ({
                ...v,
                themes: {
                  ...v.themes,
                  all: v.themes.all.map((t) =>
                    t.id === current.id ? { ...t, font: family ? { family } : null } : t,
                  ),
                },
              }),
              { type: 'setThemeFont', value: family },
            );
          }}
        />
        <Checkbox
          isSelected={current.is_dark}
          onChange={(is_dark) => setTheme(current.id, (t) => ({ ...t, is_dark }))}
        >
          {trans('A dark theme')}
        </Checkbox>
        <Checkbox isSelected={current.default_light} onChange={(on) => makeModeDefault('default_light', on)}>
          {trans('The default light theme')}
        </Checkbox>
        <Checkbox isSelected={current.default_dark} onChange={(on) => makeModeDefault('default_dark', on)}>
          {trans('The default dark theme')}
        </Checkbox>
        {errorAt(errors, 'themes.all') && (
          <p role="alert" className="text-danger text-sm">
            {errorAt(errors, 'themes.all')}
          </p>
        )}
      </section>

      <section className={groupClass} aria-labelledby="appearance-themes-contrast">
        <h2 id="appearance-themes-contrast" className="font-semibold text-fg text-sm">
          {trans('Contrast')}
        </h2>
        <ul className="flex flex-col gap-1 text-sm">
          {contrast.map((c) => (
            <li key={c.label} className="flex items-center gap-2">
              {c.ok ? (
                <Check aria-hidden="true" className="size-4 text-positive" />
              ) : (
                <AlertTriangle aria-hidden="true" className="size-4 text-warning" />
              )}
              <span className="flex-1">{trans(c.label)}</span>
              <span className={c.ok ? 'text-muted' : 'font-medium text-warning'}>
                {c.ratio === null ? '—' : `${c.ratio}:1`}
                {!c.ok && (
                  <span className="sr-only">
                    {' '}
                    {trans('(under {ratio}:1, hard to read)', { ratio: MIN_CONTRAST_RATIO })}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
        {contrast.some((c) => !c.ok) && (
          <p className="text-sm text-warning">
            {trans('Text under {ratio}:1 is hard to read for many people (WCAG AA).', {
              ratio: MIN_CONTRAST_RATIO,
            })}
          </p>
        )}
      </section>

      <section className={groupClass} aria-labelledby="appearance-themes-colours">
        <h2 id="appearance-themes-colours" className="font-semibold text-fg text-sm">
          {trans('Colours and radius')}
        </h2>
        {THEME_VARIABLES.map((name) => (
          <VariableField
            key={name}
            name={name}
            label={trans(VARIABLE_LABELS[name])}
            value={current.values[name] ?? ''}
            error={errorAt(errors, `themes.all.${all.indexOf(current)}.values.${name}`)}
            onChange={(value) =>
              change(
                (v) => ({
                  ...v,
                  themes: {
                    ...v.themes,
                    all: v.themes.all.map((t) =>
                      t.id === current.id ? { ...t, values: { ...t.values, [name]: value } } : t,
                    ),
                  },
                }),
                { type: 'setThemeValue', name, value },
              )
            }
          />
        ))}
      </section>
    </div>
  );
}

function VariableField({
  name,
  label,
  value,
  error,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const { trans } = useTrans();
  const pickerId = useId();
  const hex = name === '--be-radius' ? null : toHexColour(value);
  return (
    <div className="flex items-end gap-2">
      {name !== '--be-radius' && (
        <span className="mb-0.5 flex flex-col">
          <label htmlFor={pickerId} className="sr-only">
            {trans('{label}: pick a colour', { label })}
          </label>
          <input
            id={pickerId}
            type="color"
            value={hex ?? '#000000'}
            onChange={(e) => onChange(e.target.value)}
            className="size-9 cursor-pointer rounded-theme border border-divider bg-paper p-0.5"
          />
        </span>
      )}
      <TextField
        className="min-w-0 flex-1"
        label={label}
        value={value}
        errorMessage={error}
        inputClassName="font-mono text-xs"
        onChange={onChange}
      />
    </div>
  );
}
