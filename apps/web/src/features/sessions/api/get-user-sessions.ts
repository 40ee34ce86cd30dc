import { queryOptions, useQuery } from '@tanstack/react-query';
import { type UserSession, userSessionsResponseSchema } from '@zema/contracts';
import { apiClient } from '#src/lib/api-client';

/** GET user-sessions → {sessions}: browser sessions and used API tokens of the signed-in user. */
export async function fetchUserSessions(signal?: AbortSignal): Promise<UserSession[]> {
  return userSessionsResponseSchema.parse(await apiClient.get<unknown>('user-sessions', { signal })).sessions;
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
