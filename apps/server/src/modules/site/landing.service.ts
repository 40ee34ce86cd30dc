import type { LandingArtistsResponse } from '@zema/contracts';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { artistPlaysSince, trendingSince } from '#src/modules/catalogue/index';
import { albumArtist, albums, artists } from '#src/modules/catalogue/tables';

/** How many trending artists the landing page shows. */
export const TRENDING_ARTISTS = 30;
/** Albums listed per trending artist (SPEC §3 Artist: albums). */
const ALBUMS_PER_ARTIST = 10;

export const LANDING_CACHE_KEYS = { artists: 'landing:artists' } as const;

/**
 * Trending artists: most plays over the last 7 days, then all-time plays. Each carries its albums
 * (newest first); an artist without its own picture shows the first album's cover.
 */
export async function trendingArtists(db: Database): Promise<LandingArtistsResponse> {
  const week = artistPlaysSince(db, trendingSince());
  const top = await db
    .select({
      id: artists.id,
      name: artists.name,
      verified: artists.verified,
      image_small: artists.imageSmall,
    })
    .from(artists)
    .leftJoin(week, eq(week.artistId, artists.id))
    .orderBy(sql`coalesce(${week.n}, 0) desc`, desc(artists.plays), asc(artists.id))
    .limit(TRENDING_ARTISTS);
  if (!top.length) return { artists: [] };
  const albumRows = await db
    .select({
      artistId: albumArtist.artistId,
      id: albums.id,
      name: albums.name,
      image: albums.image,
      release_date: albums.releaseDate,
      type: albums.type,
    })
    .from(albumArtist)
    .innerJoin(albums, eq(albums.id, albumArtist.albumId))
    .where(
      inArray(
        albumArtist.artistId,
        top.map((a) => a.id),
      ),
    )
    .orderBy(sql`${albums.releaseDate} desc nulls last`, desc(albums.id));
  const byArtist = new Map<number, LandingArtistsResponse['artists'][number]['albums']>();
  for (const { artistId, ...album } of albumRows) {
    const list = byArtist.get(artistId) ?? [];
    if (list.length < ALBUMS_PER_ARTIST) list.push(album);
    byArtist.set(artistId, list);
  }
  return {
    artists: top.map((artist) => {
      const list = byArtist.get(artist.id) ?? [];
      return {
        ...artist,
        image_small: artist.image_small ?? list.find((a) => a.image)?.image ?? null,
        albums: list,
      };
    }),
  };
}
