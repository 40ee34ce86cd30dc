import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { albumArtist, artists, trackArtist, tracks } from '#src/modules/catalogue/tables';

/**
 * What may be downloaded (decision 0044): artists opt in (`allow_downloads`, off by
 * default), and an item credited to several artists is downloadable only when every one of them
 * allows it — a collaborator who said no is never overridden by the main artist. The caller's
 * `music.download` permission is checked by the route, not here, so catalogue answers stay the
 * same for everyone (and cacheable).
 */

export const trackDownloadUrl = (id: number) => `/api/v1/tracks/${id}/download`;
export const albumDownloadUrl = (id: number) => `/api/v1/albums/${id}/download`;

/** The tracks among `trackIds` that have audio and whose credited artists all allow downloads. */
export async function downloadableTracks(db: Database, trackIds: readonly number[]): Promise<Set<number>> {
  if (!trackIds.length) return new Set();
  const rows = await db
    .select({ id: tracks.id })
    .from(tracks)
    .innerJoin(trackArtist, eq(trackArtist.trackId, tracks.id))
    .innerJoin(artists, eq(artists.id, trackArtist.artistId))
    .where(and(inArray(tracks.id, [...trackIds]), isNotNull(tracks.src)))
    .groupBy(tracks.id)
    .having(sql`bool_and(${artists.allowDownloads})`);
  return new Set(rows.map((r) => r.id));
}

/** The albums among `albumIds` whose credited artists all allow downloads and that have a downloadable track. */
export async function downloadableAlbums(db: Database, albumIds: readonly number[]): Promise<Set<number>> {
  if (!albumIds.length) return new Set();
  const ids = [...albumIds];
  const [allowed, withTracks] = await Promise.all([
    db
      .select({ id: albumArtist.albumId })
      .from(albumArtist)
      .innerJoin(artists, eq(artists.id, albumArtist.artistId))
      .where(inArray(albumArtist.albumId, ids))
      .groupBy(albumArtist.albumId)
      .having(sql`bool_and(${artists.allowDownloads})`),
    // Albums with at least one track that has audio and only consenting artists.
    db
      .selectDistinct({ id: tracks.albumId })
      .from(tracks)
      .where(
        and(
          inArray(tracks.albumId, ids),
          isNotNull(tracks.src),
          sql`not exists (select 1 from ${trackArtist} inner join ${artists} on ${artists.id} = ${trackArtist.artistId}
                where ${trackArtist.trackId} = ${tracks.id} and not ${artists.allowDownloads})`,
          sql`exists (select 1 from ${trackArtist} where ${trackArtist.trackId} = ${tracks.id})`,
        ),
      ),
  ]);
  const hasTracks = new Set(withTracks.map((r) => r.id));
  return new Set(allowed.map((r) => r.id).filter((id) => hasTracks.has(id)));
}
