import type { SearchResponse, SearchType } from '@zema/contracts';
import { SEARCH_TYPES } from '@zema/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client';
import { albums, artists, playlists, trackArtist, tracks, users } from '#src/db/schema/index';
import { loadAlbums, loadArtistRefs, loadTracks } from '#src/features/catalogue/catalogue.loaders';
import { loadPlaylists } from '#src/features/library/playlists.service';
import { loadUserRefs, publicNameSql } from '#src/features/library/user-refs';

/**
 * Search over artists, albums, tracks, public playlists and users (by public name, never email).
 *
 * Candidates come only from index-backed conditions on the indexed expressions of
 * schema/catalogue.ts and schema/users.ts, so no similarity is computed over a whole table:
 * - word match: to_tsvector('simple', name) @@ every query word as a prefix (GIN full text);
 * - substring: lower(name) LIKE '%query%' (GIN pg_trgm, queries of 3+ characters);
 * - typo tolerance: query <% lower(name), word similarity ≥ FUZZY_THRESHOLD (GIN pg_trgm).
 * Ranking tiers (TIER): exact name, name prefix, word match, substring, fuzzy (by similarity); ties
 * go to the most played. Tracks also match through their artists (word match, or fuzzy).
 * The SQL is the same on PGlite and PostgreSQL.
 */

/** Word similarity for typos: "selam ensembel" ~ "Selam Ensemble" (0.8), "tizta" ~ "Tizita" (0.5). */
export const FUZZY_THRESHOLD = 0.5;
/** Below this many characters trigram conditions match almost everything: word prefixes only. */
const MIN_TRIGRAM_QUERY = 3;
/** Artists whose tracks join the track results, at most. */
const TRACK_ARTIST_MATCHES = 20;

/**
 * Ranking tiers, best first. A track found through its artist ranks below a match of its own
 * name, above a bare substring; through a fuzzy artist match it ranks with the fuzzy ones.
 */
// Inlined as literals: bound parameters would make the CASE a text column.
const TIER = {
  exact: sql.raw('0'),
  prefix: sql.raw('1'),
  word: sql.raw('2'),
  artistWord: sql.raw('3'),
  contains: sql.raw('4'),
  fuzzy: sql.raw('5'),
} as const;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export type ParsedQuery = {
  /** Lower-cased, trimmed, inner whitespace collapsed. */
  text: string;
  /** `'word':* & 'other':*`, or null when the query has no word characters. */
  tsquery: string | null;
  /** LIKE patterns with the user's %, _ and \ escaped. */
  prefix: string;
  contains: string;
  trigrams: boolean;
};

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function parseQuery(raw: string): ParsedQuery {
  const text = raw.trim().replace(/\s+/g, ' ').toLowerCase();
  // Letters and digits of any script only: everything else is tsquery syntax or punctuation.
  const words = text
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 10);
  return {
    text,
    tsquery: words.length ? words.map((w) => `'${w}':*`).join(' & ') : null,
    prefix: `${escapeLike(text)}%`,
    contains: `%${escapeLike(text)}%`,
    trigrams: text.length >= MIN_TRIGRAM_QUERY,
  };
}

type Source = {
  /** The searched name, matching an indexed expression exactly. */
  name: SQL;
  table: SQL;
  id: SQL;
  plays: SQL;
  /** Extra condition (public playlists only). */
  filter?: SQL;
};

function matchCondition(s: Source, q: ParsedQuery): SQL {
  const parts: SQL[] = [];
  if (q.tsquery) parts.push(sql`to_tsvector('simple', ${s.name}) @@ to_tsquery('simple', ${q.tsquery})`);
  if (q.trigrams) {
    parts.push(sql`lower(${s.name}) like ${q.contains}`);
    parts.push(sql`${q.text} <% lower(${s.name})`);
  } else {
    parts.push(sql`lower(${s.name}) like ${q.prefix}`);
  }
  const any = sql.join(parts, sql` or `);
  return s.filter ? sql`(${s.filter}) and (${any})` : sql`(${any})`;
}

function tierExpr(s: Source, q: ParsedQuery): SQL {
  const word = q.tsquery
    ? sql`when to_tsvector('simple', ${s.name}) @@ to_tsquery('simple', ${q.tsquery}) then ${TIER.word}`
    : sql``;
  return sql`case
    when lower(${s.name}) = ${q.text} then ${TIER.exact}
    when lower(${s.name}) like ${q.prefix} then ${TIER.prefix}
    ${word}
    when lower(${s.name}) like ${q.contains} then ${TIER.contains}
    else ${TIER.fuzzy} end`;
}

/** Candidates of one source with their tier, similarity and plays. */
function candidates(s: Source, q: ParsedQuery): SQL {
  return sql`select ${s.id} as id, ${tierExpr(s, q)} as tier,
      word_similarity(${q.text}, lower(${s.name})) as sim, ${s.plays} as plays
    from ${s.table} where ${matchCondition(s, q)}`;
}

type Ranked = { id: number; total: number };

/** Orders candidates (tier, then similarity for fuzzy ones, then plays) and cuts one page. */
function ranked(cands: SQL, limit: number, offset: number): SQL {
  return sql`select id, count(*) over() as total from (${cands}) as c
    order by tier, case when tier = ${TIER.fuzzy} then sim else 0 end desc, plays desc, id
    limit ${limit} offset ${offset}`;
}

const sources = {
  artist: {
    name: sql`${artists.name}`,
    table: sql`${artists}`,
    id: sql`${artists.id}`,
    plays: sql`${artists.plays}`,
  },
  album: {
    name: sql`${albums.name}`,
    table: sql`${albums}`,
    id: sql`${albums.id}`,
    plays: sql`${albums.plays}`,
  },
  track: {
    name: sql`${tracks.name}`,
    table: sql`${tracks}`,
    id: sql`${tracks.id}`,
    plays: sql`${tracks.plays}`,
  },
  playlist: {
    name: sql`${playlists.name}`,
    table: sql`${playlists}`,
    id: sql`${playlists.id}`,
    plays: sql`${playlists.plays}`,
    filter: sql`${playlists.public}`,
  },
  user: {
    name: publicNameSql,
    table: sql`${users}`,
    id: sql`${users.id}`,
    // Followers would be the popularity of a user; newer accounts first keeps it index-free.
    plays: sql`0`,
  },
} satisfies Record<SearchType, Source>;

/**
 * Tracks: their own name, or one of their artists matching (the artist's best tracks first).
 * A track found both ways keeps its best tier.
 */
function trackCandidates(q: ParsedQuery): SQL {
  const own = candidates(sources.track, q);
  const artistTier = q.tsquery
    ? sql`case when to_tsvector('simple', ${artists.name}) @@ to_tsquery('simple', ${q.tsquery}) then ${TIER.artistWord} else ${TIER.fuzzy} end`
    : sql`${TIER.artistWord}`;
  const matchedArtists = sql`select ${artists.id} as artist_id, ${artistTier} as tier,
      word_similarity(${q.text}, lower(${artists.name})) as sim
    from ${artists} where ${matchCondition(sources.artist, q)}
    order by tier, sim desc, ${artists.plays} desc limit ${TRACK_ARTIST_MATCHES}`;
  const byArtist = sql`select ${tracks.id} as id, ma.tier, ma.sim, ${tracks.plays} as plays
    from (${matchedArtists}) as ma
    join ${trackArtist} on ${trackArtist.artistId} = ma.artist_id
    join ${tracks} on ${tracks.id} = ${trackArtist.trackId}`;
  return sql`select id, min(tier) as tier, max(sim) as sim, max(plays) as plays
    from (${own} union all ${byArtist}) as u group by id`;
}

async function rankSection(tx: Tx, type: SearchType, q: ParsedQuery, perPage: number, offset: number) {
  const cands = type === 'track' ? trackCandidates(q) : candidates(sources[type], q);
  const rows = await queryRows<Ranked>(tx as unknown as Database, ranked(cands, perPage, offset));
  return { ids: rows.map((r) => Number(r.id)), total: rows.length ? Number(rows[0]!.total) : null };
}

/** Total when the page is past the end (no row carries count(*) over()). */
async function countSection(tx: Tx, type: SearchType, q: ParsedQuery) {
  const cands = type === 'track' ? trackCandidates(q) : candidates(sources[type], q);
  const [row] = await queryRows<{ n: number }>(
    tx as unknown as Database,
    sql`select count(*)::int as n from (${cands}) as c`,
  );
  return Number(row?.n ?? 0);
}

export type SearchOptions = {
  query: string;
  types?: SearchType[];
  page?: number;
  perPage?: number;
  viewerId: number | null;
};

export async function search(db: Database, opts: SearchOptions): Promise<SearchResponse> {
  const q = parseQuery(opts.query);
  const types = opts.types?.length ? [...new Set(opts.types)] : [...SEARCH_TYPES];
  const page = opts.page ?? 1;
  const perPage = opts.perPage ?? (types.length > 1 ? 5 : 20);
  const offset = (page - 1) * perPage;

  // One transaction: SET LOCAL scopes the fuzzy threshold to this search (pooled connections
  // never keep it), and the `<%` index condition uses it directly.
  const found = await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local pg_trgm.word_similarity_threshold = ${FUZZY_THRESHOLD}`));
    const out: Partial<Record<SearchType, { ids: number[]; total: number }>> = {};
    for (const type of types) {
      const r = await rankSection(tx, type, q, perPage, offset);
      out[type] = { ids: r.ids, total: r.total ?? (page > 1 ? await countSection(tx, type, q) : 0) };
    }
    return out;
  });

  const section = <T>(data: T[], total: number) => ({
    data,
    total,
    current_page: page,
    per_page: perPage,
    next_page: offset + perPage < total ? page + 1 : null,
  });
  const results: SearchResponse['results'] = {};
  const userId = opts.viewerId;
  await Promise.all(
    types.map(async (type) => {
      const { ids, total } = found[type]!;
      switch (type) {
        case 'artist':
          results.artist = section(await loadArtistRefs(db, ids), total);
          break;
        case 'album':
          results.album = section(await loadAlbums(db, ids, { userId }), total);
          break;
        case 'track':
          results.track = section(await loadTracks(db, ids, { userId }), total);
          break;
        case 'playlist':
          results.playlist = section(await loadPlaylists(db, ids, { viewerId: userId }), total);
          break;
        case 'user':
          results.user = section(await loadUserRefs(db, ids), total);
          break;
      }
    }),
  );
  return { query: opts.query, results };
}
