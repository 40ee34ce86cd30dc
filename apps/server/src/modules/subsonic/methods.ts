import { hasPermission, PERMISSIONS, type User } from '@zema/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { NotFoundError } from '#src/lib/errors';
import {
  albumArtist,
  albums,
  artists,
  genres,
  trackArtist,
  trackGenre,
  tracks,
} from '#src/modules/catalogue/tables';
import { like, rate, unlike } from '#src/modules/library/index';
import { likes } from '#src/modules/library/tables';
import {
  recordScrobble,
  sendTrackAudio,
  type TrackFileCache,
  type TranscodeFormat,
  trackTranscoder,
} from '#src/modules/player/index';
import { plays } from '#src/modules/player/tables';
import { listPublicStations } from '#src/modules/radio/index';
import { search } from '#src/modules/search/index';
import type { Deps } from '#src/platform/deps';
import {
  invalid,
  missing,
  notFound,
  type Params,
  type Payload,
  SUBSONIC_ERRORS,
  SubsonicError,
} from './protocol';
import {
  ALBUM,
  ARTIST,
  albumIdsOfArtist,
  albumsByIds,
  allArtistIds,
  annotationsFor,
  artistsByIds,
  idOf,
  kindOf,
  type SubsonicAlbum,
  type SubsonicArtist,
  type SubsonicSong,
  songsByIds,
  TRACK,
  trackIdsOfAlbum,
} from './reads';

/** One call: its parameters, the signed-in user, and the reply (for media answers). */
export type Call = {
  deps: Deps;
  params: Params;
  user: User;
  request: FastifyRequest;
  reply: FastifyReply;
  files: TrackFileCache;
  /** What a lossless stored file streams as unless the app asks `raw`; null without ffmpeg. */
  losslessAs: TranscodeFormat | null;
};

/** A method answers a payload, or `null` when it has written a media answer itself. */
export type Method = (call: Call) => Promise<Payload | null>;

/**
 * The public part of catalogue answers (search3, getArtist, getAlbumList2 by a shared order),
 * without the caller's stars and ratings: the same for every caller, kept this long and dropped on
 * every catalogue write (index.ts). Each caller's annotations are added afterwards.
 */
export const CATALOGUE_CACHE_TTL_MS = 30_000;
export const CATALOGUE_CACHE_NAMESPACE = 'subsonic-catalogue:';

type Lists = { artist?: SubsonicArtist[]; album?: SubsonicAlbum[]; song?: SubsonicSong[] };
const KINDS = [
  ['artist', ARTIST, 'artist'],
  ['album', ALBUM, 'album'],
  ['song', TRACK, 'track'],
] as const;

/**
 * Copies of `found`'s lists with `starred` and `userRating` set from the caller's likes and
 * ratings (one statement for all kinds, annotationsFor). The lists given are not changed (they may
 * be a cached answer other callers share).
 */
async function withAnnotations<L extends Lists>(db: Deps['db'], userId: number, found: L): Promise<L> {
  const notes = await annotationsFor(
    db,
    userId,
    KINDS.flatMap(([key, prefix, kind]) =>
      (found[key] ?? []).map((i) => ({ kind, id: Number(i.id.slice(prefix.length)) })),
    ),
  );
  const annotated: Lists = { ...found };
  for (const [key, prefix, kind] of KINDS) {
    const items = found[key];
    if (!items) continue;
    annotated[key] = (items as { id: string }[]).map((i) => {
      const note = notes.get(`${kind}:${i.id.slice(prefix.length)}`);
      return { ...i, starred: note?.starred, userRating: note?.rating };
    }) as never;
  }
  return annotated as L;
}

/** Articles left out when indexing artists by their first letter. */
export const IGNORED_ARTICLES = 'The El La Los Las Le Les';
const ARTICLE = /^(the|el|la|los|las|le|les)\s+/i;

/** Browsing and playing need `music.view`, as on the web (error 50 without it). */
export const mustView = (user: User) => {
  if (!hasPermission(user, PERMISSIONS.musicView)) {
    throw new SubsonicError(SUBSONIC_ERRORS.notAuthorized, 'Your account may not play music');
  }
};

/** The one music folder: Zema's catalogue. */
const MUSIC_FOLDER = { id: 1, name: 'Music' };

const EXTENSIONS = [
  { name: 'apiKeyAuthentication', versions: [1] },
  { name: 'formPost', versions: [1] },
];

function indexOfArtists(list: SubsonicArtist[]) {
  const groups = new Map<string, SubsonicArtist[]>();
  for (const artist of list) {
    const first = artist.name.replace(ARTICLE, '').trim().charAt(0).toUpperCase();
    const key = /[A-Z]/.test(first) ? first : '#';
    groups.set(key, [...(groups.get(key) ?? []), artist]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)))
    .map(([name, artist]) => ({ name, artist }));
}

async function artistIndex(call: Call) {
  mustView(call.user);
  return indexOfArtists(await artistsByIds(call.deps.db, await allArtistIds(call.deps.db), call.user.id));
}

const needId = (params: Params, prefix: string, name = 'id') => {
  const raw = params.required(name);
  const id = idOf(prefix, raw);
  if (id === null) throw notFound();
  return id;
};

async function albumWithSongs(call: Call, id: number) {
  const [album] = await albumsByIds(call.deps.db, [id], call.user.id);
  if (!album) throw notFound('Album');
  const song = await songsByIds(
    call.deps.db,
    await trackIdsOfAlbum(call.deps.db, id),
    call.user.id,
    call.losslessAs,
  );
  return { ...album, song };
}

/** getAlbumList2 types whose list depends on the caller (or on chance): never kept. */
const PERSONAL_LISTS = new Set(['random', 'starred', 'recent']);

/** Album ids for getAlbumList2's `type`. */
async function albumList(call: Call): Promise<number[]> {
  const { db } = call.deps;
  const { params, user } = call;
  const type = params.required('type');
  const size = params.int('size', 10, 0, 500);
  const offset = params.int('offset', 0, 0, 1_000_000);
  const page = <T extends { limit(n: number): { offset(n: number): Promise<{ id: number }[]> } }>(q: T) =>
    q
      .limit(size)
      .offset(offset)
      .then((rows) => rows.map((r) => r.id));
  const base = () => db.select({ id: albums.id }).from(albums);
  switch (type) {
    case 'random':
      return (await db.select({ id: albums.id }).from(albums).orderBy(sql`random()`).limit(size)).map(
        (r) => r.id,
      );
    case 'newest':
      return page(base().orderBy(desc(albums.createdAt), desc(albums.id)));
    case 'highest':
    case 'frequent':
      return page(base().orderBy(desc(albums.plays), asc(albums.id)));
    case 'alphabeticalByName':
      return page(base().orderBy(sql`lower(${albums.name})`, asc(albums.id)));
    case 'alphabeticalByArtist':
      return page(
        base().orderBy(
          sql`(select lower(${artists.name}) from ${albumArtist} join ${artists} on ${artists.id} = ${albumArtist.artistId} where ${albumArtist.albumId} = ${albums.id} order by ${albumArtist.position} limit 1) nulls last`,
          sql`lower(${albums.name})`,
          asc(albums.id),
        ),
      );
    case 'starred':
      return page(
        db
          .select({ id: likes.likeableId })
          .from(likes)
          .where(and(eq(likes.userId, user.id), eq(likes.likeableType, 'album')))
          .orderBy(desc(likes.createdAt)),
      );
    case 'recent': {
      const rows = await db
        .select({ id: tracks.albumId, at: sql<Date>`max(${plays.playedAt})` })
        .from(plays)
        .innerJoin(tracks, eq(tracks.id, plays.trackId))
        .where(and(eq(plays.userId, user.id), sql`${tracks.albumId} is not null`))
        .groupBy(tracks.albumId)
        .orderBy(sql`max(${plays.playedAt}) desc`)
        .limit(size)
        .offset(offset);
      return rows.map((r) => r.id!);
    }
    case 'byYear': {
      const from = params.int('fromYear', Number.NaN, 0, 9999);
      const to = params.int('toYear', Number.NaN, 0, 9999);
      if (Number.isNaN(from)) throw missing('fromYear');
      if (Number.isNaN(to)) throw missing('toYear');
      const year = sql`extract(year from ${albums.releaseDate})`;
      const [lo, hi] = from <= to ? [from, to] : [to, from];
      return page(
        base()
          .where(and(sql`${year} >= ${lo}`, sql`${year} <= ${hi}`))
          .orderBy(from <= to ? asc(albums.releaseDate) : desc(albums.releaseDate), asc(albums.id)),
      );
    }
    case 'byGenre': {
      const genre = params.required('genre');
      return page(
        base()
          .where(
            sql`exists (select 1 from ${tracks} join ${trackGenre} on ${trackGenre.trackId} = ${tracks.id} join ${genres} on ${genres.id} = ${trackGenre.genreId} where ${tracks.albumId} = ${albums.id} and (lower(${genres.name}) = lower(${genre}) or lower(${genres.displayName}) = lower(${genre})))`,
          )
          .orderBy(sql`lower(${albums.name})`, asc(albums.id)),
      );
    }
    default:
      throw invalid('type');
  }
}

async function starredIds(call: Call, type: 'artist' | 'album' | 'track') {
  const rows = await call.deps.db
    .select({ id: likes.likeableId })
    .from(likes)
    .where(and(eq(likes.userId, call.user.id), eq(likes.likeableType, type)))
    .orderBy(desc(likes.createdAt))
    .limit(1000);
  return rows.map((r) => r.id);
}

/** The items `star`/`unstar` name: `id` (songs, or any kind by prefix), `albumId`, `artistId`. */
function annotated(params: Params) {
  const items: { type: 'artist' | 'album' | 'track'; id: number }[] = [];
  for (const raw of params.all('id')) {
    const kind = kindOf(raw);
    const prefix = kind === 'artist' ? ARTIST : kind === 'album' ? ALBUM : TRACK;
    const id = kind ? idOf(prefix, raw) : null;
    if (!kind || id === null) throw notFound();
    items.push({ type: kind, id });
  }
  for (const raw of params.all('albumId')) {
    const id = idOf(ALBUM, raw);
    if (id === null) throw notFound('Album');
    items.push({ type: 'album', id });
  }
  for (const raw of params.all('artistId')) {
    const id = idOf(ARTIST, raw);
    if (id === null) throw notFound('Artist');
    items.push({ type: 'artist', id });
  }
  if (!items.length) throw missing('id');
  if (items.length > 500) throw invalid('id');
  return items;
}

/** Track ids matching a search3 query ("" lists everything, as apps that sync ask). */
async function searchIds(
  call: Call,
  type: 'artist' | 'album' | 'track',
  query: string,
  count: number,
  offset: number,
) {
  if (count === 0) return [];
  const { db } = call.deps;
  if (query === '' || query === '""') {
    const table = type === 'artist' ? artists : type === 'album' ? albums : tracks;
    const q = db.select({ id: table.id }).from(table);
    const rows = await (type === 'track' ? q.where(sql`${tracks.src} is not null`) : q)
      .orderBy(sql`lower(${table.name})`, asc(table.id))
      .limit(count)
      .offset(offset);
    return rows.map((r) => r.id);
  }
  // The search of the web app (typo-tolerant), one section at a time; its pages are whole pages,
  // so an offset that is not a multiple of the count is read from the page it falls in.
  const page = Math.floor(offset / count) + 1;
  const skip = offset - (page - 1) * count;
  const answer = await search(
    { db, cache: call.deps.cache },
    { query, types: [type], page, perPage: count + skip, viewerId: call.user.id },
  );
  const section = answer.results[type];
  return (section?.data ?? []).slice(skip, skip + count).map((item) => item.id);
}

const COVER_SIZE_MAX = 2000;

/**
 * Methods an app calls before it signs in (OpenSubsonic: `getOpenSubsonicExtensions` must answer
 * without credentials, so an app learns how it may sign in); they read no user.
 */
export const PUBLIC_METHODS: Record<string, (call: Omit<Call, 'user'>) => Promise<Payload>> = {
  getOpenSubsonicExtensions: async (call) => ({
    // transcodeOffset only with ffmpeg: without it `stream` sends the stored file as it is.
    openSubsonicExtensions: (await trackTranscoder(call.deps, call.request.server.log))
      ? [...EXTENSIONS, { name: 'transcodeOffset', versions: [1] }]
      : EXTENSIONS,
  }),
};

export const METHODS: Record<string, Method> = {
  ...PUBLIC_METHODS,
  // ——— System ———
  ping: async () => ({}),
  getLicense: async () => ({ license: { valid: true } }),
  // ——— Browsing ———
  getMusicFolders: async ({ user }) => {
    mustView(user);
    return { musicFolders: { musicFolder: [MUSIC_FOLDER] } };
  },
  getArtists: async (call) => ({
    artists: { ignoredArticles: IGNORED_ARTICLES, index: await artistIndex(call) },
  }),
  getIndexes: async (call) => ({
    indexes: {
      lastModified: Date.now(),
      ignoredArticles: IGNORED_ARTICLES,
      // Subsonic's folder `Artist`, not ArtistID3: no coverArt nor albumCount.
      index: (await artistIndex(call)).map(({ name, artist }) => ({
        name,
        artist: artist.map((a) => ({ id: a.id, name: a.name, starred: a.starred, userRating: a.userRating })),
      })),
    },
  }),
  getArtist: async (call) => {
    mustView(call.user);
    const id = needId(call.params, ARTIST);
    const { db, cache } = call.deps;
    const found = await cache.get(
      `${CATALOGUE_CACHE_NAMESPACE}artist:${id}`,
      async () => {
        const artist = await artistsByIds(db, [id], null);
        return artist.length
          ? { artist, album: await albumsByIds(db, await albumIdsOfArtist(db, id), null) }
          : null;
      },
      { ttlMs: CATALOGUE_CACHE_TTL_MS, keepIf: (f) => f !== null },
    );
    if (!found) throw notFound('Artist');
    const { artist, album } = await withAnnotations(db, call.user.id, found);
    return { artist: { ...artist[0]!, album } };
  },
  getAlbum: async (call) => {
    mustView(call.user);
    return { album: await albumWithSongs(call, needId(call.params, ALBUM)) };
  },
  getSong: async (call) => {
    mustView(call.user);
    const [song] = await songsByIds(
      call.deps.db,
      [needId(call.params, TRACK)],
      call.user.id,
      call.losslessAs,
    );
    if (!song) throw notFound('Song');
    return { song };
  },
  getMusicDirectory: async (call) => {
    mustView(call.user);
    const raw = call.params.required('id');
    const kind = kindOf(raw);
    if (kind === 'artist') {
      const id = idOf(ARTIST, raw);
      const [artist] = id ? await artistsByIds(call.deps.db, [id], call.user.id) : [];
      if (!artist || !id) throw notFound('Directory');
      const list = await albumsByIds(call.deps.db, await albumIdsOfArtist(call.deps.db, id), call.user.id);
      return {
        directory: {
          id: artist.id,
          name: artist.name,
          starred: artist.starred,
          child: list.map((a) => ({
            id: a.id,
            parent: artist.id,
            isDir: true,
            title: a.name,
            album: a.name,
            artist: a.artist,
            year: a.year,
            genre: a.genre,
            coverArt: a.coverArt,
            playCount: a.playCount,
            created: a.created,
            starred: a.starred,
          })),
        },
      };
    }
    if (kind === 'album') {
      const album = await albumWithSongs(call, needId(call.params, ALBUM));
      return {
        directory: {
          id: album.id,
          parent: album.artistId,
          name: album.name,
          starred: album.starred,
          child: album.song,
        },
      };
    }
    throw notFound('Directory');
  },
  getGenres: async ({ deps, user }) => {
    mustView(user);
    const rows = await deps.db
      .select({
        name: genres.displayName,
        songCount: sql<number>`count(distinct ${tracks.id})::int`,
        albumCount: sql<number>`count(distinct ${tracks.albumId})::int`,
      })
      .from(genres)
      .innerJoin(trackGenre, eq(trackGenre.genreId, genres.id))
      .innerJoin(tracks, eq(tracks.id, trackGenre.trackId))
      .groupBy(genres.id, genres.displayName)
      .orderBy(sql`lower(${genres.displayName})`);
    return {
      genres: {
        genre: rows.map((r) => ({
          songCount: Number(r.songCount),
          albumCount: Number(r.albumCount),
          value: r.name,
        })),
      },
    };
  },

  // ——— Lists ———
  getAlbumList2: async (call) => {
    mustView(call.user);
    const { params, deps } = call;
    const type = params.get('type');
    if (!type || PERSONAL_LISTS.has(type)) {
      return { albumList2: { album: await albumsByIds(deps.db, await albumList(call), call.user.id) } };
    }
    // An order every caller shares (newest, frequent, by name, year or genre): its page is kept
    // like search3's answers; the caller's stars are added afterwards.
    const shown = ['size', 'offset', 'fromYear', 'toYear', 'genre'].map((name) => params.get(name));
    const found = await deps.cache.get(
      `${CATALOGUE_CACHE_NAMESPACE}albums:${JSON.stringify([type, ...shown])}`,
      async () => ({ album: await albumsByIds(deps.db, await albumList(call), null) }),
      { ttlMs: CATALOGUE_CACHE_TTL_MS },
    );
    return { albumList2: await withAnnotations(deps.db, call.user.id, found) };
  },
  getRandomSongs: async (call) => {
    mustView(call.user);
    const { params } = call;
    const size = params.int('size', 10, 0, 500);
    const genre = params.get('genre');
    const from = params.int('fromYear', 0, 0, 9999);
    const to = params.int('toYear', 9999, 0, 9999);
    const year = sql`extract(year from ${albums.releaseDate})`;
    const rows = await call.deps.db
      .select({ id: tracks.id })
      .from(tracks)
      .leftJoin(albums, eq(albums.id, tracks.albumId))
      .where(
        and(
          sql`${tracks.src} is not null`,
          params.has('fromYear') || params.has('toYear') ? sql`${year} between ${from} and ${to}` : undefined,
          genre
            ? sql`exists (select 1 from ${trackGenre} join ${genres} on ${genres.id} = ${trackGenre.genreId} where ${trackGenre.trackId} = ${tracks.id} and (lower(${genres.name}) = lower(${genre}) or lower(${genres.displayName}) = lower(${genre})))`
            : undefined,
        ),
      )
      .orderBy(sql`random()`)
      .limit(size);
    return {
      randomSongs: {
        song: await songsByIds(
          call.deps.db,
          rows.map((r) => r.id),
          call.user.id,
          call.losslessAs,
        ),
      },
    };
  },
  getSongsByGenre: async (call) => {
    mustView(call.user);
    const genre = call.params.required('genre');
    const count = call.params.int('count', 10, 0, 500);
    const offset = call.params.int('offset', 0, 0, 1_000_000);
    const rows = await call.deps.db
      .select({ id: tracks.id })
      .from(tracks)
      .innerJoin(trackGenre, eq(trackGenre.trackId, tracks.id))
      .innerJoin(genres, eq(genres.id, trackGenre.genreId))
      .where(
        and(
          sql`${tracks.src} is not null`,
          sql`(lower(${genres.name}) = lower(${genre}) or lower(${genres.displayName}) = lower(${genre}))`,
        ),
      )
      .orderBy(desc(tracks.plays), asc(tracks.id))
      .limit(count)
      .offset(offset);
    return {
      songsByGenre: {
        song: await songsByIds(
          call.deps.db,
          rows.map((r) => r.id),
          call.user.id,
          call.losslessAs,
        ),
      },
    };
  },
  getNowPlaying: async ({ user }) => {
    mustView(user);
    return { nowPlaying: {} };
  },
  getStarred2: async (call) => {
    mustView(call.user);
    const { db } = call.deps;
    const [artistIds, albumIds, trackIds] = await Promise.all([
      starredIds(call, 'artist'),
      starredIds(call, 'album'),
      starredIds(call, 'track'),
    ]);
    return {
      starred2: {
        artist: await artistsByIds(db, artistIds, call.user.id),
        album: await albumsByIds(db, albumIds, call.user.id),
        song: await songsByIds(db, trackIds, call.user.id, call.losslessAs),
      },
    };
  },
  getTopSongs: async (call) => {
    mustView(call.user);
    const name = call.params.required('artist');
    const count = call.params.int('count', 50, 0, 500);
    const rows = await call.deps.db
      .select({ id: tracks.id })
      .from(tracks)
      .innerJoin(trackArtist, eq(trackArtist.trackId, tracks.id))
      .innerJoin(artists, eq(artists.id, trackArtist.artistId))
      .where(and(sql`lower(${artists.name}) = lower(${name})`, sql`${tracks.src} is not null`))
      .orderBy(desc(tracks.plays), asc(tracks.id))
      .limit(count);
    return {
      topSongs: {
        song: await songsByIds(
          call.deps.db,
          rows.map((r) => r.id),
          call.user.id,
          call.losslessAs,
        ),
      },
    };
  },

  // ——— Search ———
  search3: async (call) => {
    mustView(call.user);
    const { params, deps } = call;
    const query = params.get('query') ?? '';
    const counts = [
      params.int('artistCount', 20, 0, 500),
      params.int('artistOffset', 0),
      params.int('albumCount', 20, 0, 500),
      params.int('albumOffset', 0),
      params.int('songCount', 20, 0, 500),
      params.int('songOffset', 0),
    ] as const;
    // The same for every caller (apps search as the user types): kept CATALOGUE_CACHE_TTL_MS,
    // dropped on every catalogue write; each caller's stars are added afterwards.
    const found = await deps.cache.get(
      `${CATALOGUE_CACHE_NAMESPACE}search3:${JSON.stringify([query, counts])}`,
      async () => {
        const [artistIds, albumIds, trackIds] = await Promise.all([
          searchIds(call, 'artist', query, counts[0], counts[1]),
          searchIds(call, 'album', query, counts[2], counts[3]),
          searchIds(call, 'track', query, counts[4], counts[5]),
        ]);
        const [artist, album, song] = await Promise.all([
          artistsByIds(deps.db, artistIds, null),
          albumsByIds(deps.db, albumIds, null),
          songsByIds(deps.db, trackIds, null, call.losslessAs),
        ]);
        return { artist, album, song };
      },
      { ttlMs: CATALOGUE_CACHE_TTL_MS },
    );
    return { searchResult3: await withAnnotations(deps.db, call.user.id, found) };
  },

  // ——— Annotation ———
  star: async (call) => {
    mustView(call.user);
    for (const item of annotated(call.params)) {
      try {
        await like(call.deps.db, call.user.id, item.type, item.id);
      } catch {
        throw notFound();
      }
    }
    return {};
  },
  // Zema keeps no lyrics yet: a known song has none (an empty list, as the songLyrics extension
  // answers for a song without), an unknown one is 70. The extension is not announced.
  getLyricsBySongId: async (call) => {
    mustView(call.user);
    const [song] = await songsByIds(call.deps.db, [needId(call.params, TRACK)], null);
    if (!song) throw notFound('Song');
    return { lyricsList: {} };
  },
  setRating: async (call) => {
    mustView(call.user);
    const raw = call.params.required('id');
    const rating = call.params.int('rating', -1, 0, 6);
    if (rating < 0) throw missing('rating');
    if (rating > 5) throw invalid('rating');
    const kind = kindOf(raw);
    const id = kind ? idOf(kind === 'artist' ? ARTIST : kind === 'album' ? ALBUM : TRACK, raw) : null;
    if (!kind || id === null) throw notFound();
    try {
      await rate(call.deps.db, call.user.id, kind, id, rating);
    } catch (err) {
      if (err instanceof NotFoundError) throw notFound();
      throw err;
    }
    return {};
  },
  unstar: async (call) => {
    for (const item of annotated(call.params)) {
      try {
        await unlike(call.deps.db, call.user.id, item.type, item.id);
      } catch {
        throw notFound();
      }
    }
    return {};
  },
  scrobble: async (call) => {
    mustView(call.user);
    const ids = call.params.all('id');
    if (!ids.length) throw missing('id');
    // submission=false is "now playing": nothing is counted.
    if (!call.params.bool('submission', true)) return {};
    for (const raw of ids.slice(0, 50)) {
      const id = idOf(TRACK, raw);
      if (id === null) throw notFound('Song');
      const time = call.params.int('time', 0, 0, 9_999_999_999_999) || null;
      const ok = await recordScrobble(call.deps, {
        trackId: id,
        userId: call.user.id,
        ip: call.request.ip,
        time,
        client: call.params.get('c') ?? null,
      });
      if (!ok) throw notFound('Song');
    }
    return {};
  },

  // ——— Media ———
  stream: async (call) => {
    mustView(call.user);
    const { params, deps, reply } = call;
    const id = needId(params, TRACK);
    const maxBitRate = params.int('maxBitRate', 0, 0, 100_000);
    const format = params.get('format');
    const offsetSeconds = params.int('timeOffset', 0, 0, 24 * 3600);
    await sendTrackAudio(deps, call.files, call.request, reply, id, {
      format,
      maxBitRate,
      offsetSeconds,
      losslessAs: call.losslessAs,
    });
    return null;
  },
  getCoverArt: async (call) => {
    mustView(call.user);
    const raw = call.params.required('id');
    const size = call.params.int('size', 0, 0, COVER_SIZE_MAX);
    const image = await coverOf(call, raw);
    const key = image ? call.deps.storage.keyFromUrl(image) : null;
    const file = key ? await call.deps.storage.get(key) : null;
    if (!file) throw notFound('Cover art');
    call.reply
      .status(200)
      .header('cache-control', 'private, max-age=86400')
      .header('x-content-type-options', 'nosniff');
    if (!size) {
      await call.reply.type(imageType(key!)).header('content-length', file.size).send(file.stream);
      return null;
    }
    const resized = file.stream.pipe(
      sharp().resize(size, size, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 85 }),
    );
    await call.reply.type('image/jpeg').send(resized);
    return null;
  },

  // ——— User, radio ———
  getUser: async ({ params, user }) => {
    const name = params.get('username');
    if (name && name.trim().toLowerCase() !== user.email.toLowerCase()) {
      throw new SubsonicError(SUBSONIC_ERRORS.notAuthorized, 'You may only read your own user');
    }
    const can = (p: string) => hasPermission(user, p);
    return {
      user: {
        username: user.email,
        email: user.email,
        scrobblingEnabled: true,
        adminRole: can(PERMISSIONS.admin),
        settingsRole: true,
        downloadRole: can(PERMISSIONS.musicDownload),
        uploadRole: false,
        playlistRole: true,
        coverArtRole: false,
        commentRole: false,
        podcastRole: false,
        streamRole: can(PERMISSIONS.musicView),
        jukeboxRole: false,
        shareRole: false,
        videoConversionRole: false,
        folder: [MUSIC_FOLDER.id],
      },
    };
  },
  getInternetRadioStations: async (call) => {
    const { deps, user } = call;
    mustView(user);
    const stations = await listPublicStations(deps.db);
    return {
      internetRadioStations: {
        internetRadioStation: stations
          .filter((s) => s.streams[0])
          .map((s) => ({
            id: `rs-${s.id}`,
            name: s.name,
            streamUrl: siteUrl(call, s.streams[0]!.url),
            homePageUrl: siteUrl(call, `/radio/${s.slug}`),
          })),
      },
    };
  },
};

/** The Content-Type of a stored raster image by its key (the catalogue stores JPEG, PNG and WebP). */
export const imageType = (key: string) =>
  /\.png$/i.test(key) ? 'image/png' : /\.webp$/i.test(key) ? 'image/webp' : 'image/jpeg';

/** An absolute address on this site, from APP_URL (never from the request's Host header). */
export const siteUrl = (call: Pick<Call, 'deps'>, path: string) =>
  new URL(path, `${call.deps.config.appUrl}/`).toString();

/** The stored image an id's cover art is: an album's cover, an artist's picture, a track's (or its album's). */
async function coverOf(call: Call, raw: string): Promise<string | null> {
  const { db } = call.deps;
  const kind = kindOf(raw);
  if (kind === 'album') {
    const id = idOf(ALBUM, raw);
    if (id === null) return null;
    const [row] = await db.select({ image: albums.image }).from(albums).where(eq(albums.id, id));
    return row?.image ?? null;
  }
  if (kind === 'artist') {
    const id = idOf(ARTIST, raw);
    if (id === null) return null;
    const [row] = await db
      .select({ small: artists.imageSmall, large: artists.imageLarge })
      .from(artists)
      .where(eq(artists.id, id));
    return row?.large ?? row?.small ?? null;
  }
  if (kind === 'track') {
    const id = idOf(TRACK, raw);
    if (id === null) return null;
    const [row] = await db
      .select({ image: tracks.image, album: albums.image })
      .from(tracks)
      .leftJoin(albums, eq(albums.id, tracks.albumId))
      .where(eq(tracks.id, id));
    return row?.image ?? row?.album ?? null;
  }
  return null;
}
