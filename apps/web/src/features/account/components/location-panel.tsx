import { DEFAULT_ERROR_MESSAGE } from '@zema/contracts';
import { type FormEvent, useMemo, useState } from 'react';
import type { Key } from 'react-aria-components';
import { ACCOUNT_TEXTS } from '#src/components/account/account-texts';
import type { AccountSettingsUser } from '#src/components/account/get-account';
import { SettingsPanel } from '#src/components/account/settings-panel';
import { useBootstrap } from '#src/lib/bootstrap-store';
import { Trans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { SearchableSelect, Select, type SelectOption } from '#src/ui/select';
import { Spinner } from '#src/ui/spinner';
import { toast } from '#src/ui/toast';
import { useChangeAccountLocale } from '../api/change-account-locale';
import { useAccountValueLists } from '../api/get-value-lists';
import { useUpdateAccount } from '../api/update-account';
import { pageReloader } from '../lib/reload-page';

const keyOrNull = (key: Key | null) => (key === null ? null : String(key));

/**
 * Time zone (grouped by region), country and language. Saving stores all three (PUT users/me);
 * a new language is also made the interface language (POST users/me/locale) and the page reloads
 * with its translations.
 */
export function LocationPanel({ user }: { user: AccountSettingsUser }) {
  const { i18n, settings } = useBootstrap();
  const lists = useAccountValueLists();
  const update = useUpdateAccount();
  const changeLocale = useChangeAccountLocale();
  const [timezone, setTimezone] = useState<string | null>(user.timezone ?? settings.dates.default_timezone);
  const [country, setCountry] = useState<string | null>(user.country);
  const [language, setLanguage] = useState<string | null>(user.language ?? i18n.locale.language);

  const timezones = useMemo<SelectOption[]>(
    () =>
      Object.entries(lists.data?.timezones ?? {}).flatMap(([region, zones]) =>
        zones.map((z) => ({ id: z.value, label: z.text, description: region })),
      ),
    [lists.data],
  );
  const countries = useMemo<SelectOption[]>(
    () => (lists.data?.countries ?? []).map((c) => ({ id: c.code, label: c.name })),
    [lists.data],
  );
  const languages = useMemo<SelectOption[]>(() => {
    const list = lists.data?.localizations ?? [];
    return (list.length ? list : [i18n.locale]).map((l) => ({ id: l.language, label: l.name }));
  }, [lists.data, i18n.locale]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await update.mutateAsync({ timezone, country, language });
      if (language && language !== i18n.locale.language) {
        await changeLocale.mutateAsync(language);
        toast.positive(ACCOUNT_TEXTS.updatedDetails);
        pageReloader.reload();
        return;
      }
      toast.positive(ACCOUNT_TEXTS.updatedDetails);
    } catch {
      // SPEC §8: a generic error toast when the locale change fails.
      toast.danger(DEFAULT_ERROR_MESSAGE);
    }
  };

  return (
    <SettingsPanel
      id="location-and-language"
      title="Location and language"
      description="Dates and times are shown in your time zone; the interface uses your language."
    >
      {lists.isPending ? (
        <Spinner label="Loading time zones, countries and languages" />
      ) : (
        <form onSubmit={onSubmit} aria-label="Location and language" className="flex max-w-md flex-col gap-5">
          <SearchableSelect
            label="Time zone"
            items={timezones}
            value={timezone}
            onChange={(key) => setTimezone(keyOrNull(key))}
            placeholder="Search time zones"
          />
          <SearchableSelect
            label="Country"
            items={countries}
            value={country}
            onChange={(key) => setCountry(keyOrNull(key))}
            placeholder="Search countries"
          />
          <Select
            label="Language"
            items={languages}
            value={language}
            onChange={(key) => setLanguage(keyOrNull(key as Key | null))}
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
