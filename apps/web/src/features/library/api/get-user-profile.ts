import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@zema/contracts';
import { profiles } from '@zema/contracts/library/profiles.operations';
import { api } from '#src/lib/api-client';

export const userProfileKey = (userId: number) => ['profile', 'user', { userId }] as const;

/** GET user-profile/{id} → {user}: name, avatar, counts, likes_public, followed (for the viewer). */
export async function fetchUserProfile(userId: number, signal?: AbortSignal): Promise<UserProfile> {
  return (await api.call(profiles.get, { params: { id: userId }, signal })).user;
}

export const userProfileQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: userProfileKey(userId),
    queryFn: ({ signal }) => fetchUserProfile(userId, signal),
    // The page renders the 404 page or its own error state.
    meta: { handlesErrors: true },
  });

export function useUserProfile(userId: number) {
  return useQuery({ ...userProfileQueryOptions(userId), enabled: Number.isFinite(userId) });
}
