import { msg } from '@zema/contracts';
import type { AppearanceValues } from '@zema/contracts/appearance/appearance-admin';
import { useTrans } from '#src/lib/i18n';
import { TextField } from '#src/ui/field';
import { AppearanceImageField } from './image-upload-field';
import { errorAt, groupClass, type SectionProps } from './section';

type BrandingKey = keyof AppearanceValues['branding'];

const LOGOS: { key: BrandingKey; label: string; description: string }[] = [
  {
    key: 'logo_dark',
    label: msg('Logo for light themes'),
    description: msg('A dark logo, drawn on light backgrounds.'),
  },
  {
    key: 'logo_light',
    label: msg('Logo for dark themes'),
    description: msg('A light logo, drawn on dark backgrounds.'),
  },
  // Zema's own small logo goes with Zema's own logo only: beside the site's logo, it is not shown.
  {
    key: 'logo_dark_mobile',
    label: msg('Small logo for light themes'),
    description: msg('Shown on narrow screens; without one of your own, the logo for light themes is.'),
  },
  {
    key: 'logo_light_mobile',
    label: msg('Small logo for dark themes'),
    description: msg('Shown on narrow screens; without one of your own, the logo for dark themes is.'),
  },
  {
    key: 'favicon',
    label: msg('Favicon'),
    description: msg(
      'The icon of browser tabs, bookmarks and the installed app; every size is made from one image.',
    ),
  },
];

/** The site's name and its logos (SPEC §3 branding). */
export function GeneralSection({ values, change, errors }: SectionProps) {
  const { trans } = useTrans();
  return (
    <div className="flex flex-col gap-6">
      <section className={groupClass} aria-labelledby="appearance-general-name">
        <h2 id="appearance-general-name" className="font-semibold text-fg text-sm">
          {trans('Site')}
        </h2>
        <TextField
          label={trans('Site name')}
          description={trans('In titles, the footer, mails and invoices.')}
          value={values.site_name}
          errorMessage={errorAt(errors, 'site_name')}
          onChange={(site_name) => change((v) => ({ ...v, site_name }))}
        />
      </section>
      <section className={groupClass} aria-labelledby="appearance-general-logos">
        <h2 id="appearance-general-logos" className="font-semibold text-fg text-sm">
          {trans('Logos')}
        </h2>
        {LOGOS.map(({ key, label, description }) => (
          <AppearanceImageField
            key={key}
            label={trans(label)}
            description={trans(description)}
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
