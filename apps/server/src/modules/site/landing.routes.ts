import { landing } from '@zema/contracts/site/landing.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineRoute } from '#src/http/define-route';
import { LANDING_CACHE_KEYS, trendingArtists } from './landing.service';

export const landingRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every visitor sees the same list, so it comes from the shared cache; its TTL (a minute) bounds
  // how stale trending can be, and plays are too frequent to invalidate on each one.
  defineRoute(app, landing.artists, async () =>
    app.deps.cache.get(LANDING_CACHE_KEYS.artists, () => trendingArtists(app.deps.db)),
  );
};
