import { defineOperations } from '../operation';
import { PERMISSIONS } from '../permissions';
import { searchRequestSchema, searchResponseSchema } from './search';

export const search = defineOperations('Search', {
  /** The navbar's instant results and the /search/{query} page tabs. */
  search: {
    method: 'GET',
    path: '/api/v1/search',
    access: { permission: PERMISSIONS.musicView },
    query: searchRequestSchema,
    response: searchResponseSchema,
    summary: 'Search artists, albums, tracks, playlists and users',
  },
});
