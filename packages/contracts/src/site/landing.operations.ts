import { landingArtistsResponseSchema } from '../catalogue/catalogue';
import { defineOperations } from '../operation';

export const landing = defineOperations('Landing', {
  artists: {
    method: 'GET',
    path: '/api/v1/landing/artists',
    // Public like the landing page itself (SPEC §7).
    access: 'guest',
    response: landingArtistsResponseSchema,
    summary: 'Trending artists for the landing page',
  },
});
