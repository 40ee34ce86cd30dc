import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { QUERY_RETRY_LIMIT, QUERY_STALE_TIME_MS } from '@zema/contracts';
import { ApiError } from './api-error';
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
 * SPEC §8/§9: at most 2 retries, none after a client error (401, 403, 404 and every other 4xx:
 * asking again will not change the answer).
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= QUERY_RETRY_LIMIT) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return true;
}

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
        ...(retryDelay !== undefined ? { retryDelay } : {}),
      },
      mutations: { retry: false },
    },
  });
}

/** The app's single query client (main.tsx provides it; logout/login clear it). */
export const queryClient = createQueryClient();
