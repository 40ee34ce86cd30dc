import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { apiClientConfig, apiFetch } from './api-client';
import { ApiError, markRetried } from './api-error';
import { createQueryClient, queryRetryDelay, shouldRetryQuery } from './query-client';

async function runFailingQuery(error: unknown, meta?: Record<string, unknown>) {
  const onError = vi.fn();
  const client = createQueryClient({ onError, retryDelay: 0 });
  const queryFn = vi.fn(async () => {
    throw error;
  });
  await client.fetchQuery({ queryKey: ['test', {}], queryFn, meta }).catch(() => undefined);
  return { queryFn, onError, client };
}

describe('query retries (SPEC §8)', () => {
  it.each([401, 403, 404, 422])('never retries after %i', async (status) => {
    const { queryFn } = await runFailingQuery(new ApiError(status, {}));
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it.each([500, 503])('retries at most twice after %i', async (status) => {
    const { queryFn } = await runFailingQuery(new ApiError(status, {}));
    expect(queryFn).toHaveBeenCalledTimes(3);
  });

  it('retries network errors at most twice', async () => {
    const { queryFn } = await runFailingQuery(new TypeError('Failed to fetch'));
    expect(queryFn).toHaveBeenCalledTimes(3);
  });

  it('never retries what the API client has already retried', async () => {
    const { queryFn } = await runFailingQuery(markRetried(new ApiError(503, {})));
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(shouldRetryQuery(0, markRetried(new TypeError('Failed to fetch')))).toBe(false);
  });

  it('a failing GET sends 4 requests in all, not 12, and waits 1 s then 2 s between query retries', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 503 }));
    vi.stubGlobal('fetch', fetchMock);
    const saved = apiClientConfig.retryBaseDelayMs;
    apiClientConfig.retryBaseDelayMs = 0;
    try {
      const client = createQueryClient({ onError: () => undefined, retryDelay: 0 });
      const failure = await client
        .fetchQuery({ queryKey: ['failing'], queryFn: ({ signal }) => apiFetch('tracks/1', { signal }) })
        .catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(ApiError);
      expect(fetchMock).toHaveBeenCalledTimes(4);
    } finally {
      apiClientConfig.retryBaseDelayMs = saved;
      vi.unstubAllGlobals();
    }
    expect([0, 1].map(queryRetryDelay)).toEqual([1000, 2000]);
  });

  it('shouldRetryQuery stops at the limit', () => {
    expect(shouldRetryQuery(0, new ApiError(500, {}))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError(500, {}))).toBe(true);
    expect(shouldRetryQuery(2, new ApiError(500, {}))).toBe(false);
  });
});

describe('defaults', () => {
  it('keeps query data fresh for 30000 ms', () => {
    const client = createQueryClient();
    expect(client.getDefaultOptions().queries?.staleTime).toBe(30_000);
  });

  it('does not refetch fresh data for a new observer', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn(async () => 1);
    await client.fetchQuery({ queryKey: ['fresh'], queryFn });
    const observer = new QueryObserver(client, { queryKey: ['fresh'], queryFn });
    const unsubscribe = observer.subscribe(() => undefined);
    expect(observer.getCurrentResult().isStale).toBe(false);
    unsubscribe();
    expect(queryFn).toHaveBeenCalledTimes(1);
  });
});

describe('global error handling', () => {
  it('reports a failed query once', async () => {
    const err = new ApiError(404, { message: 'Not found' });
    const { onError } = await runFailingQuery(err);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(err);
  });

  it('skips queries that handle their errors', async () => {
    const { onError } = await runFailingQuery(new ApiError(404, {}), { handlesErrors: true });
    expect(onError).not.toHaveBeenCalled();
  });

  it('reports failed mutations unless they handle errors themselves (forms)', async () => {
    const onError = vi.fn();
    const client = createQueryClient({ onError });
    const err = new ApiError(500, { message: 'Nope' });
    const fail = async () => {
      throw err;
    };
    await client
      .getMutationCache()
      .build(client, { mutationFn: fail })
      .execute(undefined)
      .catch(() => undefined);
    expect(onError).toHaveBeenCalledWith(err);

    onError.mockClear();
    await client
      .getMutationCache()
      .build(client, { mutationFn: fail, meta: { handlesErrors: true } })
      .execute(undefined)
      .catch(() => undefined);
    expect(onError).not.toHaveBeenCalled();
  });
});
