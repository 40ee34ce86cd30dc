import { type Calendar, calendarLocale, DEFAULT_ERROR_MESSAGE, msg } from '@zema/contracts';
import { type FormEvent, useState } from 'react';
import { applyLanguage } from '#src/features/localization';
import { CountryPicker, LanguagePicker, TimezonePicker, useLocationOptions } from '#src/features/site';
import { useBootstrap } from '#src/lib/bootstrap-store';
import { Trans, useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { Select } from '#src/ui/select';
import { Spinner } from '#src/ui/spinner';
import { toast } from '#src/ui/toast';
import { useChangeAccountLocale } from '../api/change-account-locale';
import type { AccountSettingsUser } from '../api/get-account';
import { useUpdateAccount } from '../api/update-account';
import { ACCOUNT_TEXTS } from '../lib/account-texts';
import { SettingsPanel } from './settings-panel';

/**
 * Time zone (grouped by region), country, language and the calendar dates are read in (Gregorian
 * or Ethiopian). Saving stores them all (PUT users/me);
 * a new language is also made the interface language (POST users/me/locale) and the open app
 * switches to it at once, without a reload.
 */
export function LocationPanel({ user }: { user: AccountSettingsUser }) {
  const { i18n, settings } = useBootstrap();
  const lists = useLocationOptions();
  const update = useUpdateAccount();
  const changeLocale = useChangeAccountLocale();
  const [timezone, setTimezone] = useState<string | null>(user.timezone ?? settings.dates.default_timezone);
  const [country, setCountry] = useState<string | null>(user.country);
  const [language, setLanguage] = useState<string | null>(user.language ?? i18n.locale.language);
  const [calendar, setCalendar] = useState<Calendar>(user.calendar ?? 'gregorian');
  const { trans } = useTrans();
  // Each choice shows today's date as it would read.
  const today = (c: Calendar) =>
    new Intl.DateTimeFormat(calendarLocale(i18n.locale.language, c), { dateStyle: 'long' }).format(
      new Date(),
    );
  const calendars = [
    { id: 'gregorian', label: trans('Gregorian'), description: today('gregorian') },
    { id: 'ethiopic', label: trans('Ethiopian'), description: today('ethiopic') },
  ];

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await update.mutateAsync({ timezone, country, language, calendar });
      if (language && language !== i18n.locale.language) {
        await changeLocale.mutateAsync(language);
        toast.positive(trans(ACCOUNT_TEXTS.updatedDetails));
        await applyLanguage();
        return;
      }
      toast.positive(trans(ACCOUNT_TEXTS.updatedDetails));
    } catch {
      // SPEC §8: a generic error toast when the locale change fails.
      toast.danger(trans(DEFAULT_ERROR_MESSAGE));
    }
  };

  return (
    <SettingsPanel
      id="location-and-language"
      title={msg('Location and language')}
      description={msg('Dates and times are shown in your time zone; the interface uses your language.')}
    >
      {lists.isPending ? (
        <Spinner label={trans('Loading time zones, countries and languages')} />
      ) : (
        <form
          onSubmit={onSubmit}
          aria-label={trans('Location and language')}
          className="flex max-w-md flex-col gap-5"
        >
          <TimezonePicker value={timezone} onChange={setTimezone} options={lists.timezones} />
          <CountryPicker value={country} onChange={setCountry} options={lists.countries} />
          <LanguagePicker value={language} onChange={setLanguage} options={lists.languages} />
          <Select
            label={trans('Calendar')}
            description={trans('The calendar dates are shown in.')}
            items={calendars}
            value={calendar}
            onChange={(key) => setCalendar(key === 'ethiopic' ? 'ethiopic' : 'gregorian')}
          />
          <div>
            <Button type="submit" isPending={update.isPending || changeLocale.isPending}>
              <Trans message="Save" />
            </Button>
          </div>
        </form>
      )}
    </SettingsPanel>
  );
}
