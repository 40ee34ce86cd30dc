import { useInfiniteQuery } from '@tanstack/react-query';
import { library } from '@zema/contracts/library/library.operations';
import { useAuth } from '#src/lib/bootstrap-store';
import { libraryListOptions } from '#src/lib/paginated';

/** GET me/likes/albums?page&perPage: albums saved to the library. */
export const likedAlbumsQueryOptions = (perPage?: number) =>
  libraryListOptions(['library', 'liked-albums'], library.likedAlbums, { perPage });

export function useLikedAlbums(perPage?: number) {
  const { isLoggedIn } = useAuth();
  return useInfiniteQuery({ ...likedAlbumsQueryOptions(perPage), enabled: isLoggedIn });
}
