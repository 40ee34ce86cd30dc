import { infiniteQueryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '#src/lib/api-client';
import { nextPageOf } from './pagination';

type PageSchema = z.ZodType<{
  current_page: number;
  last_page?: number;
  next_page?: number | null;
  data: unknown[];
}>;

/**
 * Infinite query options for a `?page&perPage` list of the library. Each list file names its
 * path, key and schema; pages load as the user scrolls.
 */
export function libraryListOptions<S extends PageSchema>(
  key: readonly unknown[],
  path: string,
  schema: S,
  perPage = 50,
) {
  return infiniteQueryOptions({
    queryKey: [...key, { perPage }],
    queryFn: async ({ pageParam, signal }) =>
      schema.parse(
        await apiClient.get<unknown>(path, { params: { page: pageParam, perPage }, signal }),
      ) as z.infer<S>,
    initialPageParam: 1,
    getNextPageParam: (last: z.infer<S>) => nextPageOf(last),
  });
}
