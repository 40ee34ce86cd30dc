import type { Album, ArtistRef, Genre, Track } from '@zema/contracts';
import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { type Page, toPage } from '#src/lib/pagination';
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
import { artistAlbumIds, artistTrackIds } from './artist-page';
import { loadAlbums, loadArtistRefs, loadGenres, loadTracks } from './catalogue.loaders';

/** Catalogue reads behind the artist lists, album, track and genre pages (the artist page: artist-page.ts). */

export type PageQuery = { page: number; perPage: number };
const offsetOf = (q: PageQuery) => (q.page - 1) * q.perPage;

async function exists(db: Database, table: typeof artists | typeof albums | typeof tracks, id: number) {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  return Boolean(row);
}

export async function getArtistTracks(
  db: Database,
  artistId: number,
  q: PageQuery,
  userId: number | null,
): Promise<Page<Track> | null> {
  if (!(await exists(db, artists, artistId))) return null;
  const [ids, [total]] = await Promise.all([
    artistTrackIds(db, artistId, q.perPage, offsetOf(q)),
    db.select({ n: count() }).from(trackArtist).where(eq(trackArtist.artistId, artistId)),
  ]);
  const data = await loadTracks(
    db,
    ids.map((r) => r.id),
    { userId },
  );
  return toPage(data, Number(total?.n ?? 0), q.page, q.perPage);
}

export async function getArtistAlbums(
  db: Database,
  artistId: number,
  q: PageQuery,
  userId: number | null,
): Promise<Page<Album> | null> {
  if (!(await exists(db, artists, artistId))) return null;
  const [ids, [total]] = await Promise.all([
    artistAlbumIds(db, artistId, q.perPage, offsetOf(q)),
    db.select({ n: count() }).from(albumArtist).where(eq(albumArtist.artistId, artistId)),
  ]);
  const data = await loadAlbums(
    db,
    ids.map((r) => r.id),
    { userId },
  );
  return toPage(data, Number(total?.n ?? 0), q.page, q.perPage);
}

/** The album page: the album with every track in order and the genres of its tracks. */
export async function getAlbum(db: Database, albumId: number, userId: number | null): Promise<Album | null> {
  const [album] = await loadAlbums(db, [albumId], { userId, withTracks: true });
  if (!album) return null;
  const genreRows = await db
    .selectDistinct({ id: trackGenre.genreId })
    .from(trackGenre)
    .innerJoin(tracks, eq(tracks.id, trackGenre.trackId))
    .where(eq(tracks.albumId, albumId));
  album.genres = (
    await loadGenres(
      db,
      genreRows.map((g) => g.id),
    )
  ).sort((a, b) => a.name.localeCompare(b.name));
  return album;
}

/**
 * One track as its page shows it. `withAudioState`: with `audio_status` and `audio_error`, for a
 * caller who may edit the track (`mayEditTracks`) — the state of an upload is nobody else's.
 */
export async function getTrack(
  db: Database,
  trackId: number,
  userId: number | null,
  opts: { withAudioState?: boolean } = {},
): Promise<Track | null> {
  const [track] = await loadTracks(db, [trackId], {
    userId,
    withGenres: true,
    withAudioState: opts.withAudioState ?? false,
  });
  return track ?? null;
}

export async function listGenres(db: Database, q: PageQuery): Promise<Page<Genre>> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: genres.id, name: genres.name, display_name: genres.displayName, image: genres.image })
      .from(genres)
      .orderBy(asc(genres.displayName), asc(genres.id))
      .limit(q.perPage)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(genres),
  ]);
  return toPage(rows, Number(total?.n ?? 0), q.page, q.perPage);
}

export async function getGenreByName(db: Database, name: string): Promise<Genre | null> {
  const [row] = await db
    .select({ id: genres.id, name: genres.name, display_name: genres.displayName, image: genres.image })
    .from(genres)
    .where(eq(genres.name, name.toLowerCase()));
  return row ?? null;
}

/** Tracks of a genre, most played first. */
export async function getGenreTracks(db: Database, genreId: number, q: PageQuery, userId: number | null) {
  const [ids, [total]] = await Promise.all([
    db
      .select({ id: tracks.id })
      .from(trackGenre)
      .innerJoin(tracks, eq(tracks.id, trackGenre.trackId))
      .where(eq(trackGenre.genreId, genreId))
      .orderBy(desc(tracks.plays), asc(tracks.id))
      .limit(q.perPage)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(trackGenre).where(eq(trackGenre.genreId, genreId)),
  ]);
  const data = await loadTracks(
    db,
    ids.map((r) => r.id),
    { userId },
  );
  return toPage(data, Number(total?.n ?? 0), q.page, q.perPage);
}

/** Artists of a genre, most played first. */
export async function getGenreArtists(db: Database, genreId: number, q: PageQuery): Promise<Page<ArtistRef>> {
  const [ids, [total]] = await Promise.all([
    db
      .select({ id: artists.id })
      .from(artistGenre)
      .innerJoin(artists, eq(artists.id, artistGenre.artistId))
      .where(eq(artistGenre.genreId, genreId))
      .orderBy(desc(artists.plays), asc(artists.id))
      .limit(q.perPage)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(artistGenre).where(eq(artistGenre.genreId, genreId)),
  ]);
  const data = await loadArtistRefs(
    db,
    ids.map((r) => r.id),
  );
  return toPage(data, Number(total?.n ?? 0), q.page, q.perPage);
}

/** Albums holding at least one track of the genre, most played first. */
export async function getGenreAlbums(db: Database, genreId: number, q: PageQuery, userId: number | null) {
  const inGenre = db
    .select({ albumId: tracks.albumId })
    .from(trackGenre)
    .innerJoin(tracks, eq(tracks.id, trackGenre.trackId))
    .where(eq(trackGenre.genreId, genreId));
  const [ids, [total]] = await Promise.all([
    db
      .select({ id: albums.id })
      .from(albums)
      .where(inArray(albums.id, inGenre))
      .orderBy(desc(albums.plays), asc(albums.id))
      .limit(q.perPage)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(albums).where(inArray(albums.id, inGenre)),
  ]);
  const data = await loadAlbums(
    db,
    ids.map((r) => r.id),
    { userId },
  );
  return toPage(data, Number(total?.n ?? 0), q.page, q.perPage);
}
