import { useInfiniteQuery } from '@tanstack/react-query';
import { historyPageSchema } from '@zema/contracts';
import { useAuth } from '#src/app/bootstrap-store';
import { libraryListOptions } from './paginated';

/** GET me/history?page: listening history, most recent first. */
export const historyQueryOptions = (perPage?: number) =>
  libraryListOptions(['library', 'history'], 'me/history', historyPageSchema, perPage);

export function useListeningHistory(perPage?: number) {
  const { isLoggedIn } = useAuth();
  return useInfiniteQuery({ ...historyQueryOptions(perPage), enabled: isLoggedIn });
}
