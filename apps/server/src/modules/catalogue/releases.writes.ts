import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client';
import { albumArtist, albums, artists, genres, trackArtist, trackGenre, tracks } from './catalogue.tables';

/** A release the backstage publishes: what the catalogue rows are written from. */
export type NewRelease = {
  /** The release's artist, credited first on every track. */
  artistId: number;
  /** The album; null for a single (one track, outside any album). */
  album: Pick<typeof albums.$inferInsert, 'name' | 'image' | 'releaseDate' | 'type' | 'description'> | null;
  /** A single's picture (it has no album to hold one). */
  singleImage: string | null;
  /** Display names; a missing genre is created. */
  genres: readonly string[];
  tracks: (Pick<
    typeof tracks.$inferInsert,
    | 'name'
    | 'durationMs'
    | 'src'
    | 'fileSize'
    | 'format'
    | 'bitrate'
    | 'explicit'
    | 'waveform'
    | 'loudnessLufs'
    | 'truePeakDb'
    | 'checksum'
  > & {
    /** The artists named in the file's tags. */
    artists: readonly string[];
  })[];
};

/**
 * Writes a release's catalogue rows in `db` (the publisher's transaction): the album (unless it is
 * a single), its tracks in order with their credits and genres. A track credits the release's
 * artist first, then any of its tag artists that exist in the catalogue by exact name (a tag
 * never creates an artist page). Answers the album, the tracks in order and every credited artist.
 */
export async function insertRelease(db: Db, release: NewRelease) {
  let albumId: number | null = null;
  if (release.album) {
    const [album] = await db.insert(albums).values(release.album).returning({ id: albums.id });
    albumId = album!.id;
    await db.insert(albumArtist).values({ albumId, artistId: release.artistId, position: 0 });
  }
  const genreIdList = await genreIds(db, release.genres);
  const tagArtistNames = [...new Set(release.tracks.flatMap((t) => t.artists.map((a) => a.toLowerCase())))];
  const knownArtists = tagArtistNames.length
    ? await db
        .select({ id: artists.id, key: sql<string>`lower(${artists.name})` })
        .from(artists)
        .where(inArray(sql`lower(${artists.name})`, tagArtistNames))
    : [];
  const artistByName = new Map(knownArtists.map((a) => [a.key, a.id]));
  const credited = new Set<number>();
  const trackIds: number[] = [];
  for (const [i, { artists: tagArtists, ...columns }] of release.tracks.entries()) {
    const [track] = await db
      .insert(tracks)
      .values({
        ...columns,
        albumId,
        number: albumId ? i + 1 : null,
        image: release.album ? null : release.singleImage,
      })
      .returning({ id: tracks.id });
    const credits = [release.artistId];
    for (const name of tagArtists) {
      const other = artistByName.get(name.toLowerCase());
      if (other !== undefined && !credits.includes(other)) credits.push(other);
    }
    await db
      .insert(trackArtist)
      .values(credits.map((artistId, position) => ({ trackId: track!.id, artistId, position })));
    for (const id of credits) credited.add(id);
    trackIds.push(track!.id);
    if (genreIdList.length)
      await db.insert(trackGenre).values(genreIdList.map((genreId) => ({ trackId: track!.id, genreId })));
  }
  return { albumId, trackIds, artistIds: [...credited] };
}

/** Genre ids for display names, creating the missing ones (the key is the lower-case name). */
async function genreIds(db: Db, wanted: readonly string[]): Promise<number[]> {
  if (!wanted.length) return [];
  const keyOf = (n: string) => n.toLowerCase().replace(/\s+/g, '-').slice(0, 50);
  await db
    .insert(genres)
    .values(wanted.map((n) => ({ name: keyOf(n), displayName: n })))
    .onConflictDoNothing({ target: genres.name });
  const rows = await db
    .select({ id: genres.id })
    .from(genres)
    .where(inArray(genres.name, wanted.map(keyOf)));
  return rows.map((r) => r.id);
}

/** Marks the artist verified (an approved verification request). */
export async function markArtistVerified(db: Db, artistId: number) {
  await db.update(artists).set({ verified: true, updatedAt: new Date() }).where(eq(artists.id, artistId));
}

/**
 * Counts one play of the track on the track, its album and each credited artist, in `db` (the
 * player's transaction that recorded the listen).
 */
export async function countPlay(db: Db, track: { id: number; albumId: number | null }) {
  await db
    .update(tracks)
    .set({ plays: sql`${tracks.plays} + 1` })
    .where(eq(tracks.id, track.id));
  if (track.albumId)
    await db
      .update(albums)
      .set({ plays: sql`${albums.plays} + 1` })
      .where(eq(albums.id, track.albumId));
  const credited = db
    .select({ id: trackArtist.artistId })
    .from(trackArtist)
    .where(eq(trackArtist.trackId, track.id));
  await db
    .update(artists)
    .set({ plays: sql`${artists.plays} + 1` })
    .where(inArray(artists.id, credited));
}
