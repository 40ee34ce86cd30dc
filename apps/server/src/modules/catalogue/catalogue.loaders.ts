import {
  type Album,
  type AlbumRef,
  type ArtistRef,
  type Genre,
  gainForTrack,
  type Track,
} from '@zema/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import {
  albumArtist,
  albums,
  artistGenre,
  artists,
  genres,
  trackArtist,
  trackGenre,
  tracks,
} from '#src/modules/catalogue/tables';
import { likes } from '#src/modules/library/tables';
import { albumDownloadUrl, downloadableAlbums, downloadableTracks, trackDownloadUrl } from './downloads';

/**
 * Batch loaders: every list in the API (artist page, album, channel, search, library) turns ids
 * into contract DTOs here, with a fixed number of queries whatever the number of ids (no N+1).
 * Results come back in the order of the given ids; unknown ids are skipped.
 */

/** Either the database or anything carrying it (the Fastify app), so callers pass what they hold. */
export type DbSource = Database | { db: Database };

const dbOf = (source: DbSource): Database =>
  ('db' in source && !('select' in source) ? source.db : source) as Database;

export type LoadOptions = {
  /** The caller: sets `liked` on every item when present. */
  userId?: number | null;
};

/** The URL the player streams a track from (null when it has no audio file). */
export function streamUrl(trackId: number, src: string | null): string | null {
  return src ? `/api/v1/tracks/${trackId}/stream` : null;
}

const unique = (ids: readonly number[]) => [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))];

function ordered<T extends { id: number }>(ids: readonly number[], rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: T[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (row) out.push(row);
  }
  return out;
}

function group<K, V>(rows: Iterable<[K, V]>): Map<K, V[]> {
  const map = new Map<K, V[]>();
  for (const [key, value] of rows) {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  }
  return map;
}

const artistRefColumns = {
  id: artists.id,
  name: artists.name,
  verified: artists.verified,
  image_small: artists.imageSmall,
};

const genreColumns = {
  id: genres.id,
  name: genres.name,
  display_name: genres.displayName,
  image: genres.image,
};

const albumRefColumns = {
  id: albums.id,
  name: albums.name,
  image: albums.image,
  release_date: albums.releaseDate,
  type: albums.type,
};

async function likedSet(
  db: Database,
  userId: number | null | undefined,
  type: 'track' | 'album' | 'artist',
  ids: number[],
): Promise<Set<number> | null> {
  if (!userId) return null;
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: likes.likeableId })
    .from(likes)
    .where(and(eq(likes.userId, userId), eq(likes.likeableType, type), inArray(likes.likeableId, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function loadArtistRefs(source: DbSource, ids: readonly number[]): Promise<ArtistRef[]> {
  const wanted = unique(ids);
  if (!wanted.length) return [];
  const rows = await dbOf(source).select(artistRefColumns).from(artists).where(inArray(artists.id, wanted));
  return ordered(ids, rows);
}

export async function loadGenres(source: DbSource, ids: readonly number[]): Promise<Genre[]> {
  const wanted = unique(ids);
  if (!wanted.length) return [];
  const rows = await dbOf(source).select(genreColumns).from(genres).where(inArray(genres.id, wanted));
  return ordered(ids, rows);
}

export async function loadAlbumRefs(source: DbSource, ids: readonly number[]): Promise<AlbumRef[]> {
  const wanted = unique(ids);
  if (!wanted.length) return [];
  const rows = await dbOf(source).select(albumRefColumns).from(albums).where(inArray(albums.id, wanted));
  return ordered(ids, rows);
}

/** Credits of many tracks at once, each list in credit order (also the admin lists' artists). */
export async function trackCredits(db: Database, trackIds: number[]): Promise<Map<number, ArtistRef[]>> {
  const rows = await db
    .select({ trackId: trackArtist.trackId, ...artistRefColumns })
    .from(trackArtist)
    .innerJoin(artists, eq(artists.id, trackArtist.artistId))
    .where(inArray(trackArtist.trackId, trackIds))
    .orderBy(asc(trackArtist.trackId), asc(trackArtist.position), asc(artists.id));
  return group(rows.map(({ trackId, ...artist }) => [trackId, artist] as [number, ArtistRef]));
}

export async function albumCredits(db: Database, albumIds: number[]): Promise<Map<number, ArtistRef[]>> {
  const rows = await db
    .select({ albumId: albumArtist.albumId, ...artistRefColumns })
    .from(albumArtist)
    .innerJoin(artists, eq(artists.id, albumArtist.artistId))
    .where(inArray(albumArtist.albumId, albumIds))
    .orderBy(asc(albumArtist.albumId), asc(albumArtist.position), asc(artists.id));
  return group(rows.map(({ albumId, ...artist }) => [albumId, artist] as [number, ArtistRef]));
}

/** Genres of many artists at once (artist pages and artist lists). */
export async function loadArtistGenres(source: DbSource, artistIds: readonly number[]) {
  const wanted = unique(artistIds);
  if (!wanted.length) return new Map<number, Genre[]>();
  const rows = await dbOf(source)
    .select({ artistId: artistGenre.artistId, ...genreColumns })
    .from(artistGenre)
    .innerJoin(genres, eq(genres.id, artistGenre.genreId))
    .where(inArray(artistGenre.artistId, wanted))
    .orderBy(asc(artistGenre.artistId), asc(genres.name));
  return group(rows.map(({ artistId, ...genre }) => [artistId, genre] as [number, Genre]));
}

export type LoadTracksOptions = LoadOptions & {
  /** Adds `genres` to every track (the track page). */
  withGenres?: boolean;
  /** Adds `audio_status` and `audio_error` (a single track's answer: the admin follows its analysis). */
  withAudioState?: boolean;
};

/**
 * Tracks as the API shows them: artists in credit order, the album as a reference, the image
 * falling back to the album cover, a stream URL when there is audio, `liked` for a signed-in caller.
 */
export async function loadTracks(
  source: DbSource,
  ids: readonly number[],
  opts: LoadTracksOptions = {},
): Promise<Track[]> {
  const db = dbOf(source);
  const wanted = unique(ids);
  if (!wanted.length) return [];
  const [rows, credits, liked, genreRows, downloadable] = await Promise.all([
    db
      .select({
        id: tracks.id,
        name: tracks.name,
        number: tracks.number,
        duration_ms: tracks.durationMs,
        explicit: tracks.explicit,
        image: tracks.image,
        plays: tracks.plays,
        src: tracks.src,
        format: tracks.format,
        bitrate: tracks.bitrate,
        loudness: tracks.loudnessLufs,
        true_peak: tracks.truePeakDb,
        audio_status: tracks.audioStatus,
        audio_error: tracks.audioError,
        album_id: albums.id,
        album_name: albums.name,
        album_image: albums.image,
        album_release_date: albums.releaseDate,
        album_type: albums.type,
      })
      .from(tracks)
      .leftJoin(albums, eq(albums.id, tracks.albumId))
      .where(inArray(tracks.id, wanted)),
    trackCredits(db, wanted),
    likedSet(db, opts.userId, 'track', wanted),
    opts.withGenres
      ? db
          .select({ trackId: trackGenre.trackId, ...genreColumns })
          .from(trackGenre)
          .innerJoin(genres, eq(genres.id, trackGenre.genreId))
          .where(inArray(trackGenre.trackId, wanted))
          .orderBy(asc(genres.name))
      : Promise.resolve(null),
    downloadableTracks(db, wanted),
  ]);
  const genresByTrack = genreRows
    ? group(genreRows.map(({ trackId, ...genre }) => [trackId, genre] as [number, Genre]))
    : null;
  const dtos: Track[] = rows.map((r) => {
    const album: AlbumRef | null =
      r.album_id !== null && r.album_name !== null && r.album_type !== null
        ? {
            id: r.album_id,
            name: r.album_name,
            image: r.album_image,
            release_date: r.album_release_date,
            type: r.album_type,
          }
        : null;
    const track: Track = {
      id: r.id,
      name: r.name,
      number: r.number,
      duration_ms: r.duration_ms,
      explicit: r.explicit,
      image: r.image ?? album?.image ?? null,
      plays: Number(r.plays),
      stream_url: streamUrl(r.id, r.src),
      format: r.format,
      bitrate: r.bitrate,
      download_url: downloadable.has(r.id) ? trackDownloadUrl(r.id) : null,
      artists: credits.get(r.id) ?? [],
      album,
    };
    if (r.loudness !== null) track.gain_db = gainForTrack(r.loudness, r.true_peak);
    if (genresByTrack) track.genres = genresByTrack.get(r.id) ?? [];
    if (liked) track.liked = liked.has(r.id);
    if (opts.withAudioState) {
      track.audio_status = r.audio_status;
      track.audio_error = r.audio_status === 'failed' ? r.audio_error : null;
    }
    return track;
  });
  return ordered(ids, dtos);
}

export type LoadAlbumsOptions = LoadOptions & {
  /** Adds every track in album order (the album page). */
  withTracks?: boolean;
};

/** Albums with credits, track count and total duration; with `withTracks`, their tracks in order. */
export async function loadAlbums(
  source: DbSource,
  ids: readonly number[],
  opts: LoadAlbumsOptions = {},
): Promise<Album[]> {
  const db = dbOf(source);
  const wanted = unique(ids);
  if (!wanted.length) return [];
  const [rows, credits, stats, liked, trackRows, downloadable] = await Promise.all([
    db
      .select({ ...albumRefColumns, description: albums.description, plays: albums.plays })
      .from(albums)
      .where(inArray(albums.id, wanted)),
    albumCredits(db, wanted),
    db
      .select({
        albumId: tracks.albumId,
        count: sql<number>`count(*)::int`,
        duration: sql<number>`coalesce(sum(${tracks.durationMs}), 0)::bigint`,
      })
      .from(tracks)
      .where(inArray(tracks.albumId, wanted))
      .groupBy(tracks.albumId),
    likedSet(db, opts.userId, 'album', wanted),
    opts.withTracks
      ? db
          .select({ id: tracks.id, albumId: tracks.albumId })
          .from(tracks)
          .where(inArray(tracks.albumId, wanted))
          .orderBy(asc(tracks.albumId), sql`${tracks.number} asc nulls last`, asc(tracks.id))
      : Promise.resolve(null),
    downloadableAlbums(db, wanted),
  ]);
  const statsByAlbum = new Map(stats.map((s) => [s.albumId, s]));
  let tracksByAlbum: Map<number, Track[]> | null = null;
  if (trackRows) {
    const loaded = await loadTracks(
      db,
      trackRows.map((t) => t.id),
      { userId: opts.userId },
    );
    tracksByAlbum = group(loaded.map((t) => [t.album!.id, t] as [number, Track]));
  }
  const dtos: Album[] = rows.map((r) => {
    const s = statsByAlbum.get(r.id);
    const album: Album = {
      ...r,
      plays: Number(r.plays),
      artists: credits.get(r.id) ?? [],
      tracks_count: s ? Number(s.count) : 0,
      duration_ms: s ? Number(s.duration) : 0,
      download_url: downloadable.has(r.id) ? albumDownloadUrl(r.id) : null,
    };
    if (tracksByAlbum) album.tracks = tracksByAlbum.get(r.id) ?? [];
    if (liked) album.liked = liked.has(r.id);
    return album;
  });
  return ordered(ids, dtos);
}
