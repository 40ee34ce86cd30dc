import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Database, queryRowsPlanned } from '#src/db/client';
import { audioContentType } from '#src/lib/audio';
import { albumCredits, trackCredits } from '#src/modules/catalogue/index';
import { albumArtist, albums, artists, genres, trackGenre, tracks } from '#src/modules/catalogue/tables';
import { likes, ratings } from '#src/modules/library/tables';
import { LOSSLESS_FORMATS, TRANSCODE_FORMATS, type TranscodeFormat } from '#src/modules/player/index';

/**
 * The catalogue as Subsonic apps read it (ID3 shapes: ArtistID3, AlbumID3, Child), from the
 * catalogue's and the library's tables. Ids are strings with their kind in front (`ar-`, `al-`,
 * `tr-`), so one id names one thing in `getCoverArt`, `star` and `getMusicDirectory`.
 */

export const ARTIST = 'ar-';
export const ALBUM = 'al-';
export const TRACK = 'tr-';

export const artistId = (id: number) => `${ARTIST}${id}`;
export const albumId = (id: number) => `${ALBUM}${id}`;
export const trackId = (id: number) => `${TRACK}${id}`;

/** The number in an id of the kind `prefix` (a bare number is taken as that kind too); null otherwise. */
export function idOf(prefix: string, raw: string | undefined): number | null {
  if (!raw) return null;
  const text = raw.startsWith(prefix) ? raw.slice(prefix.length) : raw;
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const n = Number(text);
  return n <= 2_147_483_647 ? n : null;
}

/** Which kind an id names (for the methods that take any). */
export function kindOf(raw: string): 'artist' | 'album' | 'track' | null {
  if (raw.startsWith(ARTIST)) return 'artist';
  if (raw.startsWith(ALBUM)) return 'album';
  if (raw.startsWith(TRACK) || /^\d+$/.test(raw)) return 'track';
  return null;
}

const iso = (d: Date | string | null | undefined) =>
  d ? (typeof d === 'string' ? new Date(d) : d).toISOString() : undefined;
const yearOf = (date: string | null | undefined) =>
  date ? Number(date.slice(0, 4)) || undefined : undefined;

export type SubsonicArtist = {
  id: string;
  name: string;
  coverArt?: string;
  artistImageUrl?: string;
  albumCount: number;
  starred?: string;
  userRating?: number;
};
export type SubsonicAlbum = {
  id: string;
  name: string;
  artist?: string;
  artistId?: string;
  coverArt?: string;
  songCount: number;
  duration: number;
  playCount: number;
  created: string;
  starred?: string;
  userRating?: number;
  year?: number;
  genre?: string;
};
export type SubsonicSong = {
  id: string;
  parent?: string;
  isDir: false;
  title: string;
  album?: string;
  artist?: string;
  track?: number;
  year?: number;
  genre?: string;
  coverArt: string;
  size?: number;
  contentType: string;
  suffix: string;
  transcodedContentType?: string;
  transcodedSuffix?: string;
  duration: number;
  bitRate?: number;
  path: string;
  isVideo: false;
  playCount: number;
  userRating?: number;
  created: string;
  starred?: string;
  albumId?: string;
  artistId?: string;
  type: 'music';
};

export type AnnotatedKind = 'artist' | 'album' | 'track';
/** A caller's star (when they liked it, ISO 8601) and own rating (1–5), by `${kind}:${id}`. */
export type Annotations = Map<string, { starred?: string; rating?: number }>;

/**
 * What `userId` said of `wanted`: when they starred (liked) each, and their own rating (1–5), in
 * one statement for every kind at once. Its text never changes (the ids travel as three
 * comma-separated lists), so the embedded database plans it once (queryRowsPlanned), and each list
 * keeps to the primary keys (user, kind, id).
 */
export async function annotationsFor(
  db: Database,
  userId: number | null,
  wanted: { kind: AnnotatedKind; id: number }[],
): Promise<Annotations> {
  const found: Annotations = new Map();
  if (!userId || !wanted.length) return found;
  const lists = { artist: [] as number[], album: [] as number[], track: [] as number[] };
  for (const w of wanted) lists[w.kind].push(w.id);
  const among = (type: SQL, id: SQL) =>
    sql.join(
      (['artist', 'album', 'track'] as const).map(
        (kind) =>
          sql`(${type} = ${kind} and ${id} = any(string_to_array(${lists[kind].join(',')}, ',')::int[]))`,
      ),
      sql` or `,
    );
  const rows = await queryRowsPlanned<{
    s: boolean;
    type: AnnotatedKind;
    id: number;
    at: string | null;
    rating: number | null;
  }>(
    db,
    sql`select true as s, ${likes.likeableType} as type, ${likes.likeableId} as id,
        to_char(${likes.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, null::int as rating
      from ${likes} where ${likes.userId} = ${userId} and (${among(sql`${likes.likeableType}`, sql`${likes.likeableId}`)})
      union all
      select false, ${ratings.ratedType}, ${ratings.ratedId}, null, ${ratings.rating}
      from ${ratings} where ${ratings.userId} = ${userId} and (${among(sql`${ratings.ratedType}`, sql`${ratings.ratedId}`)})`,
  );
  for (const r of rows) {
    const key = `${r.type}:${Number(r.id)}`;
    const entry = found.get(key) ?? {};
    if (r.s) entry.starred = r.at ?? undefined;
    else entry.rating = Number(r.rating);
    found.set(key, entry);
  }
  return found;
}

/** `annotationsFor` for ids of one kind, by id. */
async function annotationsOf(db: Database, userId: number | null, kind: AnnotatedKind, ids: number[]) {
  const found = await annotationsFor(
    db,
    userId,
    ids.map((id) => ({ kind, id })),
  );
  const starred = new Map<number, string>();
  const rating = new Map<number, number>();
  for (const id of ids) {
    const a = found.get(`${kind}:${id}`);
    if (a?.starred) starred.set(id, a.starred);
    if (a?.rating !== undefined) rating.set(id, a.rating);
  }
  return { starred, rating };
}

const inOrder = <T extends { id: string }>(ids: number[], prefix: string, items: T[]) => {
  const byId = new Map(items.map((i) => [i.id, i]));
  return ids.map((id) => byId.get(`${prefix}${id}`)).filter((i): i is T => Boolean(i));
};

/** Songs (`Child`) by track id, in the order asked; unknown ids left out. */
export async function songsByIds(
  db: Database,
  ids: number[],
  userId: number | null,
  /** What a lossless file streams as by default (see LOSSLESS_FORMATS), or null without ffmpeg. */
  losslessAs: TranscodeFormat | null = null,
): Promise<SubsonicSong[]> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return [];
  const [rows, credits, genreRows, annotations] = await Promise.all([
    db
      .select({
        id: tracks.id,
        name: tracks.name,
        number: tracks.number,
        durationMs: tracks.durationMs,
        fileSize: tracks.fileSize,
        src: tracks.src,
        format: tracks.format,
        bitrate: tracks.bitrate,
        plays: tracks.plays,
        createdAt: tracks.createdAt,
        albumId: tracks.albumId,
        albumName: albums.name,
        releaseDate: albums.releaseDate,
      })
      .from(tracks)
      .leftJoin(albums, eq(albums.id, tracks.albumId))
      .where(inArray(tracks.id, wanted)),
    trackCredits(db, wanted),
    db
      .select({ trackId: trackGenre.trackId, name: genres.displayName })
      .from(trackGenre)
      .innerJoin(genres, eq(genres.id, trackGenre.genreId))
      .where(inArray(trackGenre.trackId, wanted))
      .orderBy(asc(genres.name)),
    annotationsOf(db, userId, 'track', wanted),
  ]);
  const { starred, rating } = annotations;
  const genreOf = new Map<number, string>();
  for (const g of genreRows) if (!genreOf.has(g.trackId)) genreOf.set(g.trackId, g.name);
  const songs: SubsonicSong[] = rows
    // A track without audio cannot be played by an app: it is not listed.
    .filter((r) => r.src !== null)
    .map((r) => {
      const credited = credits.get(r.id) ?? [];
      const suffix = r.format ?? 'mp3';
      const transcoded = losslessAs && LOSSLESS_FORMATS.has(suffix) ? TRANSCODE_FORMATS[losslessAs] : null;
      return {
        id: trackId(r.id),
        parent: r.albumId ? albumId(r.albumId) : undefined,
        isDir: false,
        title: r.name,
        album: r.albumName ?? undefined,
        artist: credited.map((a) => a.name).join(', ') || undefined,
        track: r.number ?? undefined,
        year: yearOf(r.releaseDate),
        genre: genreOf.get(r.id),
        coverArt: r.albumId ? albumId(r.albumId) : trackId(r.id),
        size: r.fileSize ?? undefined,
        contentType: audioContentType(suffix),
        suffix,
        transcodedContentType: transcoded?.contentType,
        transcodedSuffix: transcoded?.suffix,
        duration: Math.round(r.durationMs / 1000),
        bitRate: r.bitrate ?? undefined,
        path: `${credited[0]?.name ?? 'Unknown'}/${r.albumName ?? 'Singles'}/${r.id}.${suffix}`,
        isVideo: false,
        playCount: Number(r.plays),
        userRating: rating.get(r.id),
        created: iso(r.createdAt)!,
        starred: iso(starred.get(r.id)),
        albumId: r.albumId ? albumId(r.albumId) : undefined,
        artistId: credited[0] ? artistId(credited[0].id) : undefined,
        type: 'music',
      };
    });
  return inOrder(ids, TRACK, songs);
}

/** Albums (`AlbumID3`) by id, in the order asked; unknown ids left out. */
export async function albumsByIds(
  db: Database,
  ids: number[],
  userId: number | null,
): Promise<SubsonicAlbum[]> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return [];
  const [rows, credits, stats, genreRows, annotations] = await Promise.all([
    db
      .select({
        id: albums.id,
        name: albums.name,
        releaseDate: albums.releaseDate,
        plays: albums.plays,
        createdAt: albums.createdAt,
      })
      .from(albums)
      .where(inArray(albums.id, wanted)),
    albumCredits(db, wanted),
    db
      .select({
        albumId: tracks.albumId,
        songs: sql<number>`count(*)::int`,
        durationMs: sql<number>`coalesce(sum(${tracks.durationMs}), 0)::bigint`,
      })
      .from(tracks)
      .where(and(inArray(tracks.albumId, wanted), sql`${tracks.src} is not null`))
      .groupBy(tracks.albumId),
    db
      .select({ albumId: tracks.albumId, name: genres.displayName })
      .from(trackGenre)
      .innerJoin(tracks, eq(tracks.id, trackGenre.trackId))
      .innerJoin(genres, eq(genres.id, trackGenre.genreId))
      .where(inArray(tracks.albumId, wanted))
      .orderBy(asc(genres.name)),
    annotationsOf(db, userId, 'album', wanted),
  ]);
  const { starred, rating } = annotations;
  const statsOf = new Map(stats.map((s) => [s.albumId, s]));
  const genreOf = new Map<number, string>();
  for (const g of genreRows) if (g.albumId && !genreOf.has(g.albumId)) genreOf.set(g.albumId, g.name);
  const list: SubsonicAlbum[] = rows.map((r) => {
    const credited = credits.get(r.id) ?? [];
    const s = statsOf.get(r.id);
    return {
      id: albumId(r.id),
      name: r.name,
      artist: credited.map((a) => a.name).join(', ') || undefined,
      artistId: credited[0] ? artistId(credited[0].id) : undefined,
      coverArt: albumId(r.id),
      songCount: s ? Number(s.songs) : 0,
      duration: s ? Math.round(Number(s.durationMs) / 1000) : 0,
      playCount: Number(r.plays),
      created: iso(r.createdAt)!,
      starred: iso(starred.get(r.id)),
      userRating: rating.get(r.id),
      year: yearOf(r.releaseDate),
      genre: genreOf.get(r.id),
    };
  });
  return inOrder(ids, ALBUM, list);
}

/** Artists (`ArtistID3`) by id, in the order asked; unknown ids left out. */
export async function artistsByIds(
  db: Database,
  ids: number[],
  userId: number | null,
): Promise<SubsonicArtist[]> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return [];
  const [rows, counts, annotations] = await Promise.all([
    db
      .select({
        id: artists.id,
        name: artists.name,
        imageSmall: artists.imageSmall,
        imageLarge: artists.imageLarge,
      })
      .from(artists)
      .where(inArray(artists.id, wanted)),
    db
      .select({ artistId: albumArtist.artistId, n: sql<number>`count(*)::int` })
      .from(albumArtist)
      .where(inArray(albumArtist.artistId, wanted))
      .groupBy(albumArtist.artistId),
    annotationsOf(db, userId, 'artist', wanted),
  ]);
  const { starred, rating } = annotations;
  const countOf = new Map(counts.map((c) => [c.artistId, Number(c.n)]));
  const list: SubsonicArtist[] = rows.map((r) => ({
    id: artistId(r.id),
    name: r.name,
    coverArt: r.imageSmall || r.imageLarge ? artistId(r.id) : undefined,
    albumCount: countOf.get(r.id) ?? 0,
    starred: iso(starred.get(r.id)),
    userRating: rating.get(r.id),
  }));
  return inOrder(ids, ARTIST, list);
}

/** Every artist id, by name (getArtists, getIndexes). */
export async function allArtistIds(db: Database): Promise<number[]> {
  const rows = await db
    .select({ id: artists.id })
    .from(artists)
    .orderBy(sql`lower(${artists.name})`, asc(artists.id));
  return rows.map((r) => r.id);
}

/** An artist's album ids, newest first. */
export async function albumIdsOfArtist(db: Database, id: number): Promise<number[]> {
  const rows = await db
    .select({ id: albums.id })
    .from(albumArtist)
    .innerJoin(albums, eq(albums.id, albumArtist.albumId))
    .where(eq(albumArtist.artistId, id))
    .orderBy(sql`${albums.releaseDate} desc nulls last`, asc(albums.id));
  return rows.map((r) => r.id);
}

/** An album's playable track ids, in album order. */
export async function trackIdsOfAlbum(db: Database, id: number): Promise<number[]> {
  const rows = await db
    .select({ id: tracks.id })
    .from(tracks)
    .where(and(eq(tracks.albumId, id), sql`${tracks.src} is not null`))
    .orderBy(sql`${tracks.number} asc nulls last`, asc(tracks.id));
  return rows.map((r) => r.id);
}
