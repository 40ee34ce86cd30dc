import { type AdminSettingsResponse, DATE_FORMATS, settingsRules } from '@zema/contracts/admin';
import { useMemo } from 'react';
import { z } from 'zod';
import { AdminCard } from '#src/components/admin/admin-page';
import { formatDate } from '#src/lib/format';
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
  { id: 'landing', label: 'Landing page' },
  { id: 'loginPage', label: 'Login page' },
  { id: 'registerPage', label: 'Register page' },
  { id: 'customPage', label: 'Custom page' },
  { id: 'channel', label: 'Channel', description: 'The player, showing a channel' },
];

const sample = new Date(Date.UTC(2025, 2, 14, 9, 30));
const FORMATS: SelectOption[] = DATE_FORMATS.map((style) => ({
  id: style,
  label: formatDate(sample, 'en', { dateStyle: style, timeZone: 'UTC' }),
  description: style[0]!.toUpperCase() + style.slice(1),
}));

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
  const choices = useSettingChoices();
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
            <AdminCard title="Site">
              <div className="grid gap-4 md:grid-cols-2">
                <FormTextField<Values> name="site_name" label="Site name" isRequired />
                <ReadOnlyValue
                  label="Site URL"
                  value={view.settings.base_url}
                  description="From APP_URL in the server's environment."
                />
              </div>
            </AdminCard>
            <AdminCard title="Homepage">
              <p className="mb-4 text-sm text-muted">
                What visitors see at /. Signed-in listeners always get the player: at the chosen channel when
                the homepage is a channel, else at the home channel.
              </p>
              <div className="grid gap-4 md:grid-cols-2">
                <FormSelect<Values> name="homepage.type" label="Homepage" items={HOMEPAGES} />
                {type === 'customPage' && (
                  <FormTextField<Values>
                    name="homepage.value"
                    label="Page slug"
                    description="The custom page at /pages/<slug>; it may be created later."
                  />
                )}
                {type === 'channel' && (
                  <FormSelect<Values> name="homepage.value" label="Channel" items={channels} />
                )}
              </div>
            </AdminCard>
            <AdminCard title="Dates">
              <div className="grid gap-4 md:grid-cols-2">
                <FormSelect<Values>
                  name="dates.default_timezone"
                  label="Default time zone"
                  description="For visitors and for users who did not choose one."
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
                <FormSelect<Values> name="dates.format" label="Date format" items={FORMATS} />
              </div>
            </AdminCard>
          </>
        );
      }}
    </SettingsForm>
  );
}
