import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { QUERY_RETRY_LIMIT, QUERY_STALE_TIME_MS } from '@zema/contracts';
import { ApiError, wasRetried } from './api-error';
import { registerQueryCacheClear } from './bootstrap-store';
import { reportError } from './report-error';

/** `meta` every query and mutation may carry. */
export interface AppQueryMeta extends Record<string, unknown> {
  /**
   * The caller shows the failure itself (a form placing field errors, a page rendering its own
   * error state), so the global toast / error dialog is skipped.
   */
  handlesErrors?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta;
    mutationMeta: AppQueryMeta;
  }
}

/**
 * Retries are decided once, in two layers that do not multiply (SPEC §8/§9):
 * - the API client retries network errors and 5xx on GET and HEAD 3 times (300, 600, 1200 ms), so a
 *   failing call gives up after about 2.1 s plus its four request times, and marks its error;
 * - a query retries at most twice (1 s, then 2 s), never after a client error (401, 403, 404 and
 *   every other 4xx: asking again will not change the answer), and never an error the client has
 *   already retried. What is left for it: failures of calls made without the client's retries.
 * A failing page therefore shows its error within about 3 s, after 4 requests, not 12 in 9 s.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= QUERY_RETRY_LIMIT) return false;
  if (wasRetried(error)) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return true;
}

/** The query layer's wait before retry n (0-based): 1 s, then 2 s. */
export const queryRetryDelay = (attempt: number) => 1000 * 2 ** attempt;

export interface CreateQueryClientOptions {
  /** Called for every failed query/mutation that did not opt out via meta. */
  onError?: (error: unknown) => void;
  /** Override of the delay between query retries (tests use 0). */
  retryDelay?: number;
}

export function createQueryClient({ onError = reportError, retryDelay }: CreateQueryClientOptions = {}) {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.handlesErrors) onError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (!mutation.meta?.handlesErrors) onError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        retry: shouldRetryQuery,
        retryDelay: retryDelay ?? queryRetryDelay,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's single query client (main.tsx provides it; logout/login clear it). */
export const queryClient = createQueryClient();
registerQueryCacheClear(() => queryClient.clear());
