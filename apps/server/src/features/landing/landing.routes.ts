import { landingArtistsResponseSchema } from '@zema/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LANDING_CACHE_KEYS, trendingArtists } from './landing.service';

export const landingRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public like the landing page itself (SPEC §7). Every visitor sees the same list, so it comes
  // from the shared cache; its TTL (a minute) bounds how stale trending can be, and plays are too
  // frequent to invalidate on each one.
  app.get(
    '/landing/artists',
    { config: { access: 'guest' }, schema: { response: { 200: landingArtistsResponseSchema } } },
    async () => app.cache.get(LANDING_CACHE_KEYS.artists, () => trendingArtists(app.db)),
  );
};
