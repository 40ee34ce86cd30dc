import { useInfiniteQuery } from '@tanstack/react-query';
import { library } from '@zema/contracts/library/library.operations';
import { useAuth } from '#src/lib/bootstrap-store';
import { libraryListOptions } from '#src/lib/paginated';

/** GET me/follows/artists?page: artists the user follows. */
export const followedArtistsQueryOptions = (perPage?: number) =>
  libraryListOptions(['library', 'followed-artists'], library.followedArtists, { perPage });

export function useFollowedArtists(perPage?: number) {
  const { isLoggedIn } = useAuth();
  return useInfiniteQuery({ ...followedArtistsQueryOptions(perPage), enabled: isLoggedIn });
}
