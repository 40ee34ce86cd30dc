import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Every word of every searchable name (artists, albums, tracks, playlists, users' public names),
 * as the `simple` text search config splits them. Typo tolerance looks up the words of a query
 * here (a few thousand rows, not 100 000 names) and searches the full-text indexes with the
 * nearby words it finds. Filled by triggers of migration 0004_search_words; words of deleted or
 * renamed rows stay, which only costs a correction that matches nothing.
 */
export const searchWords = pgTable(
  'search_words',
  { word: text('word').primaryKey() },
  // fastupdate off: new words go straight into the index. A pending list (PGlite has no autovacuum
  // to flush it) is scanned in full by every lookup and made the planner prefer a table scan.
  (t) => [index('search_words_trgm').using('gin', sql`${t.word} gin_trgm_ops`).with({ fastupdate: false })],
);
