import { useInfiniteQuery } from '@tanstack/react-query';
import { library } from '@zema/contracts/library/library.operations';
import { useAuth } from '#src/lib/bootstrap-store';
import { libraryListOptions } from '#src/lib/paginated';

/** GET me/likes/artists?page&perPage: liked artists. */
export const likedArtistsQueryOptions = (perPage?: number) =>
  libraryListOptions(['library', 'liked-artists'], library.likedArtists, { perPage });

export function useLikedArtists(perPage?: number) {
  const { isLoggedIn } = useAuth();
  return useInfiniteQuery({ ...likedArtistsQueryOptions(perPage), enabled: isLoggedIn });
}
