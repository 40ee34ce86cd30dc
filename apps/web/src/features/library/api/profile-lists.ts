import { useInfiniteQuery } from '@tanstack/react-query';
import { profiles } from '@zema/contracts/library/profiles.operations';
import { libraryListOptions } from '#src/lib/paginated';

/**
 * The lists on a profile, one call each:
 * GET user-profile/{id}/playlists (public ones, all of them for yourself),
 * /likes (liked tracks; 403 unless public or yours), /followers and /following.
 */
export const profilePlaylistsOptions = (userId: number) =>
  libraryListOptions(['profile', 'playlists', { userId }], profiles.playlists, {
    params: { id: userId },
    perPage: 24,
  });
export const profileLikesOptions = (userId: number) =>
  libraryListOptions(['profile', 'likes', { userId }], profiles.likes, {
    params: { id: userId },
    perPage: 50,
  });
export const profileFollowsOptions = (userId: number, direction: 'followers' | 'following') =>
  libraryListOptions(['profile', direction, { userId }], profiles[direction], {
    params: { id: userId },
    perPage: 24,
  });

export function useProfilePlaylists(userId: number) {
  return useInfiniteQuery(profilePlaylistsOptions(userId));
}

export function useProfileLikes(userId: number, enabled: boolean) {
  return useInfiniteQuery({ ...profileLikesOptions(userId), enabled, meta: { handlesErrors: true } });
}

export function useProfileFollows(userId: number, direction: 'followers' | 'following') {
  return useInfiniteQuery(profileFollowsOptions(userId, direction));
}
