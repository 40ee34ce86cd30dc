import type { Album, ArtistRef, SearchResponse, SearchType, Track } from '@zema/contracts';
import { SEARCH_TYPES, searchResponseSchema } from '@zema/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, queryRows, queryRowsPlanned } from '#src/db/client';
import type { DomainEvents } from '#src/lib/events';
import { loadAlbums, loadArtistRefs, loadPlaylists, loadTracks } from '#src/modules/catalogue/index';
import { albums, artists, trackArtist, tracks } from '#src/modules/catalogue/tables';
import { likes, playlists } from '#src/modules/library/tables';
import { loadUserRefs, publicNameSql, users } from '#src/modules/users/tables';
import type { SharedCache } from '#src/platform/shared-cache';
import type { WorkGate } from '#src/platform/work-gate';
import { searchWords } from './search.tables';

/**
 * Search over artists, albums, tracks, public playlists and users (by public name, never email).
 *
 * Candidates come only from index-backed conditions on the indexed expressions of
 * schema/catalogue.ts and schema/users.ts, so no similarity is computed over a whole table:
 * - word match: to_tsvector('simple', name) @@ every query word as a prefix (GIN full text);
 * - substring: lower(name) LIKE '%query%' (GIN pg_trgm, queries of 3+ characters);
 * - typo tolerance: each query word of 3+ characters is looked up in search_words (every word of
 *   every searchable name, a few thousand rows with a GIN pg_trgm index) and replaced by itself or
 *   its nearby words (similarity ≥ WORD_SIMILARITY); the names are then found through the same
 *   full-text index (fuzzyTsquery). Only while the strict matches are fewer than FUZZY_FILL.
 *   Measured on the 100 000-track catalogue, this replaced a word-similarity scan of the trigram
 *   index over whole names (`query <% lower(name)`: hundreds of candidates rechecked per typo,
 *   most of a typo search's time) by an index lookup in the word list.
 * Ranking tiers (TIER): exact name, name prefix, word match, substring, fuzzy (by similarity of the
 * whole query to the name); ties go to the most played. Tracks also match through their artists
 * (word match, or fuzzy). Each section is one statement; the SQL is the same on PGlite and
 * PostgreSQL.
 */

/** Similarity of a query word to a catalogue word: "ensembel" ~ "ensemble" (0.5), "tizta" ~ "tizita" (0.44). */
export const WORD_SIMILARITY = 0.4;
/** Nearby words kept per query word, the most similar first. */
const WORD_ALTERNATIVES = 6;

/** Quoted as a tsquery lexeme (catalogue words may hold quotes or backslashes), `:*` as a prefix. */
const lexeme = (word: string, prefix: boolean) =>
  `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${prefix ? ':*' : ''}`;
/** Below this many characters trigram conditions match almost everything: word prefixes only. */
const MIN_TRIGRAM_QUERY = 3;
/** Artists whose tracks join the track results, at most. */
const TRACK_ARTIST_MATCHES = 20;
/** Fuzzy matches are looked for while the strict ones are fewer than this. */
export const FUZZY_FILL = 30;
/** Rows one condition of one section may bring to ranking (see candidates). */
export const SECTION_CANDIDATES = 100;

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

export type ParsedQuery = {
  /** Lower-cased, trimmed, inner whitespace collapsed. */
  text: string;
  /**
   * `'word' & 'other':*`, or null when the query has no word characters. Words followed by more
   * text are whole words; only the last one, still being typed, is a prefix (none after a
   * trailing space). A whole word is one entry of the full-text index, which GIN intersects by
   * skipping through the rarer words' entries; a prefix such as 'in':* unions every word starting
   * so first, which made common short words the costliest part of a search.
   */
  tsquery: string | null;
  /** The query's words (letters and digits), at most 10. */
  words: string[];
  /** Whether the last word is a prefix (the query does not end with a space). */
  lastIsPrefix: boolean;
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
  // A trailing space ends the last word too (the user typed it whole).
  const lastIsPrefix = !/\s$/u.test(raw);
  return {
    text,
    tsquery: words.length
      ? words.map((w, i) => lexeme(w, lastIsPrefix && i === words.length - 1)).join(' & ')
      : null,
    words,
    lastIsPrefix,
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

const withFilter = (s: Source, cond: SQL) => (s.filter ? sql`(${s.filter}) and (${cond})` : cond);

/**
 * Word matches (GIN full text); a query without word characters: names starting with it. For
 * queries of 3+ characters, names starting with the query are also looked up (btree range scan)
 * and substrings only while the matches are few (see candidates).
 */
function wordCondition(s: Source, q: ParsedQuery): SQL {
  return withFilter(
    s,
    q.tsquery
      ? sql`to_tsvector('simple', ${s.name}) @@ to_tsquery('simple', ${q.tsquery})`
      : sql`lower(${s.name}) like ${q.prefix}`,
  );
}

/** Names holding, for every query word, the word itself or a nearby one (see fuzzyTsquery). */
const fuzzyCondition = (s: Source, fuzzy: string) =>
  withFilter(s, sql`to_tsvector('simple', ${s.name}) @@ to_tsquery('simple', ${fuzzy})`);

/**
 * The typo-tolerant tsquery of `q`: each word of 3+ characters OR'ed with its nearby words from
 * search_words (`%` is the GIN-indexed trigram similarity at pg_trgm's default 0.3, narrowed to
 * WORD_SIMILARITY), shorter words as they are. Null when no word has a nearby one (the fuzzy
 * search would find only what the strict one does) or the query is too short for trigrams.
 */
export async function fuzzyTsquery(db: Database, q: ParsedQuery): Promise<string | null> {
  const long = q.words.filter((w) => w.length >= MIN_TRIGRAM_QUERY);
  if (!q.trigrams || !long.length) return null;
  const rows = await queryRowsPlanned<{ q: string; word: string }>(
    db,
    sql`select q.word as q, n.word from unnest(array[${sql.join(
      long.map((w) => sql`${w}`),
      sql`, `,
    )}]::text[]) as q(word)
      cross join lateral (
        select s.word from ${searchWords} s
        where s.word % q.word and similarity(s.word, q.word) >= ${WORD_SIMILARITY}
          and s.word <> q.word
        order by similarity(s.word, q.word) desc, s.word limit ${WORD_ALTERNATIVES}) as n`,
  );
  if (!rows.length) return null;
  return q.words
    .map((w, i) => {
      const prefix = q.lastIsPrefix && i === q.words.length - 1;
      const near = rows.filter((r) => r.q === w).map((r) => lexeme(r.word, prefix));
      return near.length ? `(${[lexeme(w, prefix), ...near].join(' | ')})` : lexeme(w, prefix);
    })
    .join(' & ');
}

/** The tier of a word or prefix candidate: exact name, name prefix, else word match. */
function tierExpr(name: SQL, q: ParsedQuery): SQL {
  return sql`case when ${name} = ${q.text} then ${TIER.exact}
    when ${name} like ${q.prefix} then ${TIER.prefix} else ${TIER.word} end`;
}

/**
 * Candidates of one source (id, tier, sim, plays), in one statement:
 * 1. word matches (full text, at most SECTION_CANDIDATES + 1, the first the index finds) and, for
 *    queries of 3+ characters, names starting with the query (btree range, at most
 *    SECTION_CANDIDATES): exact and prefix matches, ranked first, are found even when a broad
 *    query ("love" over 100 000 tracks) overflows the cap, whose order within the word tier is
 *    then by plays among the rows gathered;
 * 2. only while those are fewer than FUZZY_FILL (a one-time filter: the scans never run
 *    otherwise): substrings (GIN pg_trgm; a long query's common trigrams make this the costliest
 *    scan, so a query that matches plenty by words skips it) and fuzzy names (full text with the
 *    nearby words of fuzzyTsquery; similarity computed for these candidates only).
 */
function candidates(s: Source, q: ParsedQuery, fuzzy: string | null): SQL {
  const columns = sql`${s.id} as id, lower(${s.name}) as name, ${s.plays} as plays`;
  const words = sql`select ${columns} from ${s.table} where ${wordCondition(s, q)}
    limit ${SECTION_CANDIDATES + 1}`;
  const strict = (from: SQL) =>
    sql`select m.id, ${tierExpr(sql.raw('m.name'), q)} as tier, 0::real as sim, m.plays from ${from} as m`;
  // Short queries: word prefixes only (one- and two-letter trigrams match almost everything).
  if (!q.trigrams) return strict(sql`(${words})`);
  const starts = sql`select ${columns} from ${s.table}
    where ${withFilter(s, sql`lower(${s.name}) like ${q.prefix}`)} limit ${SECTION_CANDIDATES}`;
  const few = sql`(select count(*) from first) < ${FUZZY_FILL}`;
  const contains = sql`select ${s.id} as id, ${TIER.contains} as tier, 0::real as sim, ${s.plays} as plays
    from ${s.table} where ${withFilter(s, sql`lower(${s.name}) like ${q.contains}`)} and ${few}
    limit ${SECTION_CANDIDATES}`;
  const near = fuzzy
    ? sql` union all (select ${s.id} as id, ${TIER.fuzzy} as tier,
        word_similarity(${q.text}, lower(${s.name})) as sim, ${s.plays} as plays
      from ${s.table} where ${fuzzyCondition(s, fuzzy)} and ${few}
      limit ${SECTION_CANDIDATES})`
    : sql``;
  return sql`with first as materialized ((${words}) union (${starts}))
    select id, min(tier) as tier, max(sim) as sim, max(plays) as plays
    from (${strict(sql`first`)} union all (${contains})${near}) as u group by id`;
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
function trackCandidates(q: ParsedQuery, fuzzy: string | null): SQL {
  const own = candidates(sources.track, q, fuzzy);
  // One or two characters match hundreds of artists: their tracks would only be noise (and the
  // merge below would cost more than the search itself).
  if (!q.trigrams) return own;
  // Matching artists (word matches, or fuzzy ones when asked), the best and most played first,
  // equals by id: without it, which of the equally played artists made the cut followed the order
  // the plan happened to gather them in, so a plan reused for other values (queryRowsPlanned)
  // could find other tracks than a fresh one.
  const artist = sources.artist;
  const wordArtists = sql`select ${artists.id} as artist_id, ${TIER.artistWord} as tier, 0::real as sim,
      ${artists.plays} as plays
    from ${artists} where ${wordCondition(artist, q)} limit ${SECTION_CANDIDATES + 1}`;
  // Fuzzy artists while the strict ones are few, as for names (see candidates).
  const nearArtists = (f: string) => sql`select ${artists.id} as artist_id, ${TIER.fuzzy} as tier,
      word_similarity(${q.text}, lower(${artists.name})) as sim, ${artists.plays} as plays
    from ${artists} where ${fuzzyCondition(artist, f)}
      and (select count(*) from word_artists) < ${FUZZY_FILL}
    limit ${SECTION_CANDIDATES}`;
  const matchedArtists = sql`with word_artists as materialized (${wordArtists})
    select artist_id, min(tier) as tier, max(sim) as sim
    from (select * from word_artists${fuzzy ? sql` union all (${nearArtists(fuzzy)})` : sql``}) as a
    group by artist_id order by min(tier), max(sim) desc, max(plays) desc, artist_id limit ${TRACK_ARTIST_MATCHES}`;
  const byArtist = sql`select ${tracks.id} as id, ma.tier, ma.sim, ${tracks.plays} as plays
    from (${matchedArtists}) as ma
    join ${trackArtist} on ${trackArtist.artistId} = ma.artist_id
    join ${tracks} on ${tracks.id} = ${trackArtist.trackId}`;
  return sql`select id, min(tier) as tier, max(sim) as sim, max(plays) as plays
    from (${own} union all ${byArtist}) as u group by id`;
}

const candidatesOf = (type: SearchType, q: ParsedQuery, fuzzy: string | null) =>
  type === 'track' ? trackCandidates(q, fuzzy) : candidates(sources[type], q, fuzzy);

/** The ranked page query of one section (exported for the EXPLAIN test and benchmarks). */
export const sectionQuery = (
  type: SearchType,
  q: ParsedQuery,
  fuzzy: string | null,
  limit: number,
  offset = 0,
) => ranked(candidatesOf(type, q, fuzzy), limit, offset);

/**
 * One section's page of ids and its total: one statement (the fuzzy part decides inside it whether
 * it runs, see candidates), so PGlite, which runs statements one after another, pays one each.
 */
async function rankSection(
  db: Database,
  type: SearchType,
  q: ParsedQuery,
  fuzzy: string | null,
  perPage: number,
  offset: number,
) {
  const rows = await queryRowsPlanned<Ranked>(db, sectionQuery(type, q, fuzzy, perPage, offset));
  const total = rows.length
    ? Number(rows[0]!.total)
    : offset > 0
      ? await countCandidates(db, candidatesOf(type, q, fuzzy))
      : 0;
  return { ids: rows.map((r) => Number(r.id)), total };
}

/** Total when the page is past the end (no row carries count(*) over()). */
async function countCandidates(db: Database, cands: SQL) {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${cands}) as c`);
  return Number(row?.n ?? 0);
}

/** The sections asked for, each once, in a fixed order (all of them when none is named). */
const searchedTypes = (types: SearchType[] | undefined): SearchType[] =>
  types?.length ? [...new Set(types)].sort() : [...SEARCH_TYPES];

export type SearchOptions = {
  query: string;
  types?: SearchType[];
  page?: number;
  perPage?: number;
  viewerId: number | null;
};

/** Public answers of identical searches are kept this long (see search()). */
export const SEARCH_CACHE_TTL_MS = 30_000;
const CACHE_NAMESPACE = 'search:';

/** Every cached search is dropped after a catalogue write (wired once in app.ts, decision 0019). */
export function invalidateSearchesOnChange(events: DomainEvents, cache: SharedCache) {
  events.on('catalogue.changed', () => cache.invalidatePrefix(CACHE_NAMESPACE, GUEST_NAMESPACE));
  events.on('playlist.changed', () => cache.invalidatePrefix(GUEST_NAMESPACE));
  events.on('user.changed', () => cache.invalidatePrefix(GUEST_NAMESPACE));
}

type Found = Record<SearchType, { ids: number[]; total: number }>;

/**
 * What identical searches share: the ranking (ids and totals per section) and the catalogue
 * sections as a guest sees them (no `liked` flags).
 */
type PublicAnswer = {
  found: Found;
  artist?: ArtistRef[];
  album?: Album[];
  track?: Track[];
};

async function rankAll(db: Database, q: ParsedQuery, types: SearchType[], perPage: number, offset: number) {
  // The nearby words are looked up once for all sections.
  const fuzzy = await fuzzyTsquery(db, q);
  // Sections run side by side (separate pooled connections on PostgreSQL; PGlite queues them).
  // Each shape of section statement is planned once on PGlite (queryRowsPlanned): planning the
  // five sections cost more than running them there.
  return Object.fromEntries(
    await Promise.all(
      types.map(async (type) => [type, await rankSection(db, type, q, fuzzy, perPage, offset)] as const),
    ),
  ) as Found;
}

async function buildPublicAnswer(
  db: Database,
  q: ParsedQuery,
  types: SearchType[],
  perPage: number,
  offset: number,
): Promise<PublicAnswer> {
  const found = await rankAll(db, q, types, perPage, offset);
  const [artist, album, track] = await Promise.all([
    found.artist && loadArtistRefs(db, found.artist.ids),
    found.album && loadAlbums(db, found.album.ids),
    found.track && loadTracks(db, found.track.ids),
  ]);
  return { found, artist, album, track };
}

/** The viewer's likes among the tracks and albums of an answer, in one query. */
async function likedIn(db: Database, viewerId: number, answer: PublicAnswer) {
  const trackIds = answer.track?.map((t) => t.id) ?? [];
  const albumIds = answer.album?.map((a) => a.id) ?? [];
  const conditions: SQL[] = [];
  const of = (type: 'track' | 'album', ids: number[]) =>
    sql`(${likes.likeableType} = ${type} and ${likes.likeableId} in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}))`;
  if (trackIds.length) conditions.push(of('track', trackIds));
  if (albumIds.length) conditions.push(of('album', albumIds));
  const liked = new Set<string>();
  if (!conditions.length) return liked;
  const rows = await queryRows<{ type: string; id: number }>(
    db,
    sql`select ${likes.likeableType} as type, ${likes.likeableId} as id from ${likes}
      where ${likes.userId} = ${viewerId} and (${sql.join(conditions, sql` or `)})`,
  );
  for (const r of rows) liked.add(`${r.type}:${Number(r.id)}`);
  return liked;
}

/**
 * The ranking and the catalogue sections (artists, albums, tracks) are the costly part and the
 * same for every caller, so identical searches within SEARCH_CACHE_TTL_MS share them through the
 * shared cache, and identical searches in flight share one computation. Every catalogue write
 * drops them ('catalogue.changed'); play counts may lag by up to the TTL. A computation that is not
 * cached goes through `gate` (bounded concurrency with a short queue; GateFull beyond it), so a
 * burst of different searches cannot hold the database for everyone else.
 * Loaded afresh for each signed-in caller: their `liked` flags (one query), and the playlists and
 * users sections (current names, deleted rows skipped, a playlist made private meanwhile left out).
 * Guests get the whole answer as cached bytes instead (guestSearchBytes), which the writers of
 * playlists and public profiles keep exact through their events.
 */
export async function search(
  deps: { db: Database; cache?: SharedCache; gate?: WorkGate },
  opts: SearchOptions,
): Promise<SearchResponse> {
  const { db } = deps;
  const q = parseQuery(opts.query);
  const types = searchedTypes(opts.types);
  const page = opts.page ?? 1;
  const perPage = opts.perPage ?? (types.length > 1 ? 5 : 20);
  const offset = (page - 1) * perPage;

  const key = `${CACHE_NAMESPACE}${JSON.stringify([q.text, types, page, perPage])}`;
  const build = () => buildPublicAnswer(db, q, types, perPage, offset);
  const work = deps.gate ? () => deps.gate!.run(build) : build;
  const answer = deps.cache ? await deps.cache.get(key, work, { ttlMs: SEARCH_CACHE_TTL_MS }) : await work();

  const section = <T>(data: T[], total: number) => ({
    data,
    total,
    current_page: page,
    per_page: perPage,
    next_page: offset + perPage < total ? page + 1 : null,
  });
  const userId = opts.viewerId;
  const { found } = answer;
  const [liked, playlistList, userList] = await Promise.all([
    userId ? likedIn(db, userId, answer) : null,
    found.playlist && loadPlaylists(db, found.playlist.ids, { viewerId: userId }),
    found.user && loadUserRefs(db, found.user.ids),
  ]);
  const withLiked = <T extends { id: number }>(type: string, list: T[]) =>
    liked ? list.map((x) => ({ ...x, liked: liked.has(`${type}:${x.id}`) })) : list;
  // Sections in the order of `types` (sorted), as before.
  const results: SearchResponse['results'] = {};
  for (const type of types) {
    const total = found[type]!.total;
    switch (type) {
      case 'artist':
        results.artist = section(answer.artist ?? [], total);
        break;
      case 'album':
        results.album = section(withLiked('album', answer.album ?? []), total);
        break;
      case 'track':
        results.track = section(withLiked('track', answer.track ?? []), total);
        break;
      case 'playlist':
        results.playlist = section(
          (playlistList ?? []).filter((p) => p.public),
          total,
        );
        break;
      case 'user':
        results.user = section(userList ?? [], total);
        break;
    }
  }
  return { query: opts.query, results };
}

const GUEST_NAMESPACE = 'search-guest:';

/**
 * A guest's whole answer as JSON bytes, the same for every guest asking the same search within
 * SEARCH_CACHE_TTL_MS: checked against the response contract and serialised once, then sent as it
 * is (as the artist page is). Dropped with the rankings on a catalogue write, and on a change to
 * any playlist or public profile (their sections are part of it).
 */
export async function guestSearchBytes(
  deps: { db: Database; cache: SharedCache; gate?: WorkGate },
  opts: Omit<SearchOptions, 'viewerId'>,
): Promise<Buffer> {
  const types = searchedTypes(opts.types);
  const key = `${GUEST_NAMESPACE}${JSON.stringify([opts.query, types, opts.page ?? 1, opts.perPage ?? null])}`;
  return deps.cache.get(
    key,
    async () =>
      Buffer.from(
        JSON.stringify(z.encode(searchResponseSchema, await search(deps, { ...opts, viewerId: null }))),
      ),
    { ttlMs: SEARCH_CACHE_TTL_MS },
  );
}
