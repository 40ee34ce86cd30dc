// Test helpers that build catalogue rows directly (never imported by the app).

import type { Database } from '#src/db/client';
import { albumArtist, albums, artists, trackArtist, tracks } from '#src/modules/catalogue/tables';

export async function makeArtist(db: Database, name: string, plays = 0) {
  const [row] = await db.insert(artists).values({ name, plays }).returning({ id: artists.id });
  return row!.id;
}

export async function makeAlbum(db: Database, name: string, artistIds: number[], plays = 0) {
  const [row] = await db.insert(albums).values({ name, plays }).returning({ id: albums.id });
  await db
    .insert(albumArtist)
    .values(artistIds.map((artistId, position) => ({ albumId: row!.id, artistId, position })));
  return row!.id;
}

export async function makeTrack(
  db: Database,
  name: string,
  artistIds: number[],
  opts: { albumId?: number; plays?: number; durationMs?: number } = {},
) {
  const [row] = await db
    .insert(tracks)
    .values({
      name,
      albumId: opts.albumId ?? null,
      plays: opts.plays ?? 0,
      durationMs: opts.durationMs ?? 180_000,
    })
    .returning({ id: tracks.id });
  await db
    .insert(trackArtist)
    .values(artistIds.map((artistId, position) => ({ trackId: row!.id, artistId, position })));
  return row!.id;
}

/** One artist with an album of `count` tracks named "<prefix> 1".."<prefix> n". */
export async function makeCatalogue(db: Database, prefix: string, count: number) {
  const artistId = await makeArtist(db, `${prefix} Artist`);
  const albumId = await makeAlbum(db, `${prefix} Album`, [artistId]);
  const trackIds: number[] = [];
  for (let i = 1; i <= count; i++)
    trackIds.push(await makeTrack(db, `${prefix} ${i}`, [artistId], { albumId }));
  return { artistId, albumId, trackIds };
}
