import { queryOptions, useQuery } from '@tanstack/react-query';
import { system } from '@zema/contracts/system/system.operations';
import { api } from '#src/lib/api-client';
import { systemKeys } from './system-keys';

/** GET admin/system/health: database, Redis, storage, version, uptime. */
export const systemHealthQueryOptions = () =>
  queryOptions({
    queryKey: systemKeys.health(),
    queryFn: ({ signal }) => api.call(system.health, { signal }),
  });

export function useSystemHealth() {
  return useQuery(systemHealthQueryOptions());
}
