import { msg } from '@zema/contracts';
import { search as searchOperations } from '@zema/contracts/search/search.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineRoute } from '#src/http/define-route';
import { sendJsonBytes } from '#src/http/json-bytes';
import { UnavailableError } from '#src/lib/errors';
import { GateFull } from '#src/platform/work-gate';
import { guestSearchBytes, search } from './search.service';

/**
 * Searches computed at once (not answered from the cache) and waiting beyond those, per driver.
 * PGlite runs one statement at a time for the whole server, and each statement waits its turn
 * behind the requests already read (see db/client.ts): three searches in flight keep it busy
 * between those turns, and a short queue absorbs a burst. Measured at 100 connections over 317
 * first-time searches with guests' answers cached as bytes: two at once left PGlite idle between
 * turns (0.21-0.30x the artist page's requests/s, a fifth of the requests refused), three gave
 * 0.38-0.40x with p99 31-35 ms. On PostgreSQL a search takes up to six
 * of the pool's ten connections at once (its sections run side by side), so four at a time leave
 * room for the other routes. A burst beyond them waits its turn rather than being refused (a
 * short queue refused half of 100 connections' first-time searches with 503 while each answer
 * took tens of milliseconds): a search is refused only when it has waited without starting
 * longer than maxWaitMs, a real overload, or when 400 already wait. PGlite computes first-time
 * searches one statement at a time (about 12 ms a search), so 100 new ones at once queue for over a
 * second: at 1 s, 0.1-0.7 % of them were refused in each of four runs of the search-load bench; at
 * 1.5 s none in three of five, and no answer took 2 s (docs/benchmarks.md).
 */
export const SEARCH_GATE = {
  pglite: { concurrency: 3, queue: 400, maxWaitMs: 1_500 },
  postgres: { concurrency: 4, queue: 400, maxWaitMs: 1_000 },
} as const;
/** Seconds a refused search is told to wait (Retry-After). */
export const SEARCH_RETRY_AFTER_S = 1;
export const SEARCH_BUSY_MESSAGE = msg('Search is busy. Please try again in a moment.');

/** GET api/v1/search: the navbar's instant results and the /search/{query} page tabs. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const gate = app.deps.searchGate;
  defineRoute(app, searchOperations.search, async (request, reply) => {
    try {
      if (!request.user) {
        const { query, types, page, perPage } = request.query;
        return sendJsonBytes(
          reply,
          await guestSearchBytes(
            { db: app.deps.db, cache: app.deps.cache, gate },
            { query, types, page, perPage },
          ),
        );
      }
      return await search(
        { db: app.deps.db, cache: app.deps.cache, gate },
        {
          query: request.query.query,
          types: request.query.types,
          page: request.query.page,
          perPage: request.query.perPage,
          viewerId: request.user?.id ?? null,
        },
      );
    } catch (err) {
      if (!(err instanceof GateFull)) throw err;
      throw new UnavailableError(SEARCH_BUSY_MESSAGE, { retryAfterS: SEARCH_RETRY_AFTER_S });
    }
  });
};
