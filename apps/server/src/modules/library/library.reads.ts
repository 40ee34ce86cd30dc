import { eq, type SQL } from 'drizzle-orm';
import { playlists } from './library.tables';

/**
 * The playlists a visitor may open: the public ones — `access` (playlist-access.ts) answers 404
 * for a private playlist to anyone but its owner and collaborators, and a visitor is neither. As a
 * WHERE clause for lists such as the sitemap.
 */
export function playlistVisibleToGuests(): SQL {
  return eq(playlists.public, true);
}
