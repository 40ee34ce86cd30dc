import { defineOperations } from '../operation';
import { oembedQuerySchema, oembedResponseSchema } from './embed';

/**
 * oEmbed for tracks, albums and playlists: a page's address in, the embeddable player's iframe
 * out, for what a visitor may see (404 otherwise; 422 for a format other than JSON).
 */
export const embeds = defineOperations('Embeds', {
  oembed: {
    method: 'GET',
    path: '/api/v1/oembed',
    access: 'guest',
    query: oembedQuerySchema,
    response: oembedResponseSchema,
    summary: "The embeddable player of a track, album or playlist page (oEmbed 'rich')",
  },
});
