import { useInfiniteQuery } from '@tanstack/react-query';
import { likedAlbumsPageSchema } from '@zema/contracts';
import { useAuth } from '#src/app/bootstrap-store';
import { libraryListOptions } from './paginated';

/** GET me/likes/albums?page&perPage: albums saved to the library. */
export const likedAlbumsQueryOptions = (perPage?: number) =>
  libraryListOptions(['library', 'liked-albums'], 'me/likes/albums', likedAlbumsPageSchema, perPage);

export function useLikedAlbums(perPage?: number) {
  const { isLoggedIn } = useAuth();
  return useInfiniteQuery({ ...likedAlbumsQueryOptions(perPage), enabled: isLoggedIn });
}
