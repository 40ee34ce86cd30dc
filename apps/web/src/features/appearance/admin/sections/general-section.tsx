import type { AppearanceValues } from '@zema/contracts/appearance/appearance-admin';
import { TextField } from '#src/ui/field';
import { AppearanceImageField } from './image-upload-field';
import { errorAt, groupClass, type SectionProps } from './section';

type BrandingKey = keyof AppearanceValues['branding'];

const LOGOS: { key: BrandingKey; label: string; description: string }[] = [
  {
    key: 'logo_dark',
    label: 'Logo for light themes',
    description: 'A dark logo, drawn on light backgrounds.',
  },
  {
    key: 'logo_light',
    label: 'Logo for dark themes',
    description: 'A light logo, drawn on dark backgrounds.',
  },
  { key: 'logo_dark_mobile', label: 'Small logo for light themes', description: 'Shown on narrow screens.' },
  { key: 'logo_light_mobile', label: 'Small logo for dark themes', description: 'Shown on narrow screens.' },
  {
    key: 'favicon',
    label: 'Favicon',
    description:
      'The icon of browser tabs, bookmarks and the installed app; every size is made from one image.',
  },
];

/** The site's name and its logos (SPEC §3 branding). */
export function GeneralSection({ values, change, errors }: SectionProps) {
  return (
    <div className="flex flex-col gap-6">
      <section className={groupClass} aria-labelledby="appearance-general-name">
        <h2 id="appearance-general-name" className="font-semibold text-fg text-sm">
          Site
        </h2>
        <TextField
          label="Site name"
          description="In titles, the footer, mails and invoices."
          value={values.site_name}
          errorMessage={errorAt(errors, 'site_name')}
          onChange={(site_name) => change((v) => ({ ...v, site_name }))}
        />
      </section>
      <section className={groupClass} aria-labelledby="appearance-general-logos">
        <h2 id="appearance-general-logos" className="font-semibold text-fg text-sm">
          Logos
        </h2>
        {LOGOS.map(({ key, label, description }) => (
          <AppearanceImageField
            key={key}
            label={label}
            description={description}
            purpose={key === 'favicon' ? 'favicon' : 'logo'}
            backdrop={key.startsWith('logo_light') ? 'dark' : 'light'}
            value={values.branding[key]}
            error={errorAt(errors, `branding.${key}`)}
            onChange={(url) => change((v) => ({ ...v, branding: { ...v.branding, [key]: url } }))}
          />
        ))}
      </section>
    </div>
  );
}
