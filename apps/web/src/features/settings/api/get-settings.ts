import { queryOptions, useQuery } from '@tanstack/react-query';
import { settings } from '@zema/contracts/settings/settings.operations';
import { api } from '#src/lib/api-client';
import { settingsKeys } from './settings-keys';

/** GET settings: client settings, server-only ones (secrets as `{set}`) and the homepage's channels. */
export const adminSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.view(),
    queryFn: ({ signal }) => api.call(settings.get, { signal }),
    // Fresh on every visit: the homepage's channel list changes in the catalogue manager, which
    // does not know this query.
    refetchOnMount: 'always',
  });

export function useAdminSettings() {
  return useQuery(adminSettingsQueryOptions());
}
