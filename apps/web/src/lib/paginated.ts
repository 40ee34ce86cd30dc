import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Operation } from '@zema/contracts/operation';
import type { z } from 'zod';
import { api } from './api-client';
import { nextPageOf } from './next-page';

type PageSchema = z.ZodType<{
  current_page: number;
  last_page?: number;
  next_page?: number | null;
  data: unknown[];
}>;

/** A `?page&perPage` list operation (library, profiles). */
type PageOperation = Operation & { response: PageSchema };

/**
 * Infinite query options for a `?page&perPage` list operation. Each list file names its key and
 * operation (and its path params); pages load as the user scrolls.
 */
export function libraryListOptions<O extends PageOperation>(
  key: readonly unknown[],
  operation: O,
  { params, perPage = 50 }: { params?: Record<string, string | number>; perPage?: number } = {},
) {
  type Page = z.output<O['response']>;
  const call = api.call as (op: Operation, input: object) => Promise<unknown>;
  return infiniteQueryOptions({
    queryKey: [...key, { perPage }],
    queryFn: async ({ pageParam, signal }) =>
      (await call(operation, { params, query: { page: pageParam, perPage }, signal })) as Page,
    initialPageParam: 1,
    getNextPageParam: (last: Page) => nextPageOf(last),
  });
}
