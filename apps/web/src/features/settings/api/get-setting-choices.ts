import { queryOptions, useQuery } from '@tanstack/react-query';
import { valueLists } from '@zema/contracts/site/value-lists.operations';
import { api } from '#src/lib/api-client';
import { settingsKeys } from './settings-keys';

const NAMES = 'timezones,localizations';

/** GET value-lists/timezones,localizations: the default time zone's and language's choices. */
export const settingChoicesQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.choices(),
    queryFn: ({ signal }) => api.call(valueLists.get, { params: { names: NAMES }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useSettingChoices() {
  return useQuery(settingChoicesQueryOptions());
}
