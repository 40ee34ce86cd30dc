import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSession } from '@zema/contracts';
import { sessions } from '@zema/contracts/identity/sessions.operations';
import { api } from '#src/lib/api-client';

/** GET user-sessions → {sessions}: browser sessions and used API tokens of the signed-in user. */
export async function fetchUserSessions(signal?: AbortSignal): Promise<UserSession[]> {
  return (await api.call(sessions.list, { signal })).sessions;
}

export const userSessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['sessions', {}] as const,
    queryFn: ({ signal }) => fetchUserSessions(signal),
    meta: { handlesErrors: true },
  });

export function useUserSessions() {
  return useQuery(userSessionsQueryOptions());
}
