import { useInfiniteQuery } from '@tanstack/react-query';
import { library } from '@zema/contracts/library/library.operations';
import { useAuth } from '#src/lib/bootstrap-store';
import { libraryListOptions } from '#src/lib/paginated';

/** GET me/history?page: listening history, most recent first. */
export const historyQueryOptions = (perPage?: number) =>
  libraryListOptions(['library', 'history'], library.history, { perPage });

export function useListeningHistory(perPage?: number) {
  const { isLoggedIn } = useAuth();
  return useInfiniteQuery({ ...historyQueryOptions(perPage), enabled: isLoggedIn });
}
