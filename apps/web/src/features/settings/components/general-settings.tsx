import { msg } from '@zema/contracts';
import { type AdminSettingsResponse, DATE_FORMATS, settingsRules } from '@zema/contracts/admin';
import { useMemo } from 'react';
import { z } from 'zod';
import { AdminCard } from '#src/components/admin/admin-page';
import { formatDate } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { FormTextField } from '#src/ui/field';
import type { SelectOption } from '#src/ui/select';
import { useSettingChoices } from '../api/get-setting-choices';
import { FormSelect, ReadOnlyValue } from './fields';
import { SettingsForm } from './settings-form';

const schema = z.object({
  site_name: settingsRules.site_name,
  homepage: settingsRules.homepage,
  dates: settingsRules.dates,
});
type Values = z.infer<typeof schema>;
const KEYS = ['site_name', 'homepage', 'dates'] as const;

const toValues = ({ settings: s }: AdminSettingsResponse): Values => ({
  site_name: s.site_name,
  homepage: { type: s.homepage.type, value: s.homepage.value },
  dates: { default_timezone: s.dates.default_timezone, format: s.dates.format as Values['dates']['format'] },
});

const HOMEPAGES: SelectOption[] = [
  { id: 'landing', label: msg('Landing page') },
  { id: 'loginPage', label: msg('Login page') },
  { id: 'registerPage', label: msg('Register page') },
  { id: 'customPage', label: msg('Custom page') },
  { id: 'channel', label: msg('Channel'), description: msg('The player, showing a channel') },
];

const sample = new Date(Date.UTC(2025, 2, 14, 9, 30));
/** The names of the date styles, below a sample date in each. */
const STYLE_NAMES: Record<(typeof DATE_FORMATS)[number], string> = {
  short: msg('Short'),
  medium: msg('Medium'),
  long: msg('Long'),
  full: msg('Full'),
};

/** Only the page or channel a homepage type points at is kept; the others clear it. */
const prepare = (v: Values): Values => ({
  ...v,
  homepage: {
    type: v.homepage.type,
    value:
      v.homepage.type === 'customPage' || v.homepage.type === 'channel' ? v.homepage.value || null : null,
  },
});

export function GeneralSettings({ view }: { view: AdminSettingsResponse }) {
  const { trans, language } = useTrans();
  const choices = useSettingChoices();
  const homepages = HOMEPAGES.map((h) => ({
    ...h,
    label: trans(h.label),
    description: h.description && trans(h.description),
  }));
  // The sample date in the reader's language, as each style writes it.
  const formats: SelectOption[] = DATE_FORMATS.map((style) => ({
    id: style,
    label: formatDate(sample, language, { dateStyle: style, timeZone: 'UTC' }),
    description: trans(STYLE_NAMES[style]),
  }));
  const timezones = useMemo<SelectOption[]>(
    () =>
      Object.entries(choices.data?.timezones ?? {}).flatMap(([region, zones]) =>
        zones.map((zone) => ({ id: zone.value, label: zone.text, description: region })),
      ),
    [choices.data],
  );
  const channels = view.channels.map((c) => ({
    id: c.slug,
    label: c.name,
    description: `/channel/${c.slug}`,
  }));
  return (
    <SettingsForm view={view} toValues={toValues} schema={schema} keys={KEYS} prepare={prepare}>
      {(form) => {
        const type = form.watch('homepage.type');
        return (
          <>
            <AdminCard title={trans('Site')}>
              <div className="grid gap-4 md:grid-cols-2">
                <FormTextField<Values> name="site_name" label={trans('Site name')} isRequired />
                <ReadOnlyValue
                  label={trans('Site URL')}
                  value={view.settings.base_url}
                  description={trans("From APP_URL in the server's environment.")}
                />
              </div>
            </AdminCard>
            <AdminCard title={trans('Homepage')}>
              <p className="mb-4 text-sm text-muted">
                {trans(
                  'What visitors see at /. Signed-in listeners always get the player: at the chosen channel when the homepage is a channel, else at the home channel.',
                )}
              </p>
              <div className="grid gap-4 md:grid-cols-2">
                <FormSelect<Values> name="homepage.type" label={trans('Homepage')} items={homepages} />
                {type === 'customPage' && (
                  <FormTextField<Values>
                    name="homepage.value"
                    label={trans('Page slug')}
                    description={trans('The custom page at {path}; it may be created later.', {
                      path: '/pages/<slug>',
                    })}
                  />
                )}
                {type === 'channel' && (
                  <FormSelect<Values> name="homepage.value" label={trans('Channel')} items={channels} />
                )}
              </div>
            </AdminCard>
            <AdminCard title={trans('Dates')}>
              <div className="grid gap-4 md:grid-cols-2">
                <FormSelect<Values>
                  name="dates.default_timezone"
                  label={trans('Default time zone')}
                  description={trans('For visitors and for users who did not choose one.')}
                  items={
                    timezones.length
                      ? timezones
                      : [
                          {
                            id: view.settings.dates.default_timezone,
                            label: view.settings.dates.default_timezone,
                          },
                        ]
                  }
                  searchable
                />
                <FormSelect<Values> name="dates.format" label={trans('Date format')} items={formats} />
              </div>
            </AdminCard>
          </>
        );
      }}
    </SettingsForm>
  );
}
