import { useMemo } from 'react';
import type { Key } from 'react-aria-components';
import { useBootstrap } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { SearchableSelect, Select, type SelectOption } from '#src/ui/select';
import { useLocationLists } from '../api/get-location-lists';

/**
 * Time zone (grouped by region), country and language pickers fed by the value lists, for a
 * person's own account settings and for an admin editing someone's account: one list of choices,
 * so both save the same values (an IANA zone, an ISO country code, a localization's language).
 */

const keyOrNull = (key: Key | null) => (key === null ? null : String(key));

/** The three lists as select options; languages fall back to the current one while none exist. */
export function useLocationOptions() {
  const { i18n } = useBootstrap();
  const lists = useLocationLists();
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
  return { isPending: lists.isPending, timezones, countries, languages };
}

export interface LocationPickerProps {
  value: string | null;
  onChange: (value: string | null) => void;
  options: SelectOption[];
  label?: string;
  errorMessage?: string;
  isDisabled?: boolean;
  className?: string;
}

export function TimezonePicker({ value, onChange, options, label, ...rest }: LocationPickerProps) {
  const { trans } = useTrans();
  return (
    <SearchableSelect
      {...rest}
      label={label ?? trans('Time zone')}
      items={options}
      value={value}
      onChange={(key) => onChange(keyOrNull(key))}
      placeholder={trans('Search time zones')}
    />
  );
}

export function CountryPicker({ value, onChange, options, label, ...rest }: LocationPickerProps) {
  const { trans } = useTrans();
  return (
    <SearchableSelect
      {...rest}
      label={label ?? trans('Country')}
      items={options}
      value={value}
      onChange={(key) => onChange(keyOrNull(key))}
      placeholder={trans('Search countries')}
    />
  );
}

export function LanguagePicker({ value, onChange, options, label, ...rest }: LocationPickerProps) {
  const { trans } = useTrans();
  return (
    <Select
      {...rest}
      label={label ?? trans('Language')}
      items={options}
      value={value}
      onChange={(key) => onChange(keyOrNull(key as Key | null))}
      placeholder={trans('Select a language')}
    />
  );
}
