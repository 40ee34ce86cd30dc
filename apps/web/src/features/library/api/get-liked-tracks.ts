import { useInfiniteQuery } from '@tanstack/react-query';
import { library } from '@zema/contracts/library/library.operations';
import { useAuth } from '#src/lib/bootstrap-store';
import { libraryListOptions } from '#src/lib/paginated';

/** GET me/likes/tracks?page&perPage: liked songs, newest like first. */
export const likedTracksQueryOptions = (perPage?: number) =>
  libraryListOptions(['library', 'liked-tracks'], library.likedTracks, { perPage });

export function useLikedTracks(perPage?: number) {
  const { isLoggedIn } = useAuth();
  return useInfiniteQuery({ ...likedTracksQueryOptions(perPage), enabled: isLoggedIn });
}
