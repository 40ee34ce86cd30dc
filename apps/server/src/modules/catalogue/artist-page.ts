import { createHash } from 'node:crypto';
import { type ArtistPageResponse, type ArtistRef, artistPageResponseSchema } from '@zema/contracts';
import { and, asc, count, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import type { DomainEvents } from '#src/lib/events';
import {
  albumArtist,
  albums,
  artistGenre,
  artists,
  trackArtist,
  tracks,
} from '#src/modules/catalogue/tables';
import { follows, likes } from '#src/modules/library/tables';
import type { SharedCache } from '#src/platform/shared-cache';
import { loadAlbums, loadArtistGenres, loadTracks } from './catalogue.loaders';

/**
 * The artist page (GET artists/{id}) in two parts:
 * - the public part, the same for every caller (artist, popular tracks, albums, similar artists),
 *   built with about eight queries and kept in the shared cache per artist for ARTIST_PAGE_TTL_MS;
 * - the caller's flags (liked/followed on the artist, liked on its tracks and albums) and a fresh
 *   followers count, one query, only for signed-in callers.
 * Every catalogue write drops the whole namespace ('catalogue.changed', announced by every
 * catalogue writer): a track or genre change can reach many pages (credits, similar artists).
 * Play counts (the order and `plays` of popular tracks, the artist's plays) may lag by up to the
 * TTL: plays are counted all the time and never invalidate. A follow or unfollow drops that one
 * artist's page, so guests see the new followers count at once.
 */

export const POPULAR_TRACKS = 10;
export const SIMILAR_ARTISTS = 10;
/** Albums shown on the artist page itself; the rest come from artists/{id}/albums. */
export const ARTIST_PAGE_ALBUMS = 50;
export const ARTIST_PAGE_TTL_MS = 60_000;

const NAMESPACE = 'artist-page:';

/**
 * The public page, and the guest answer made from it once per cached page: the JSON bytes, checked
 * against the response contract as every answer is, and their hash as the ETag. A guest's request
 * then sends these bytes as they are, with no per-request validation or serialisation.
 */
export type PublicArtistPage = { page: ArtistPageResponse; body: Buffer; etag: string };

/** Albums of an artist, newest first (undated last). */
export function artistAlbumIds(db: Database, artistId: number, limit: number, offset = 0) {
  return db
    .select({ id: albums.id })
    .from(albumArtist)
    .innerJoin(albums, eq(albums.id, albumArtist.albumId))
    .where(eq(albumArtist.artistId, artistId))
    .orderBy(sql`${albums.releaseDate} desc nulls last`, desc(albums.id))
    .limit(limit)
    .offset(offset);
}

/** Tracks an artist is credited on, most played first. */
export function artistTrackIds(db: Database, artistId: number, limit: number, offset = 0) {
  return db
    .select({ id: tracks.id })
    .from(trackArtist)
    .innerJoin(tracks, eq(tracks.id, trackArtist.trackId))
    .where(eq(trackArtist.artistId, artistId))
    .orderBy(desc(tracks.plays), asc(tracks.id))
    .limit(limit)
    .offset(offset);
}

/**
 * Artists sharing the most genres with this one, ties to the more played, as references: one
 * query through artist_genre's (artist_id, genre_id) key for this artist's genres and its
 * genre_id index for the others, a few hundred rows on the 10 000-artist catalogue (~2 ms).
 */
function similarArtists(db: Database, artistId: number): Promise<ArtistRef[]> {
  const mine = db
    .select({ genreId: artistGenre.genreId })
    .from(artistGenre)
    .where(eq(artistGenre.artistId, artistId));
  const overlap = sql<number>`count(*)`;
  return db
    .select({
      id: artists.id,
      name: artists.name,
      verified: artists.verified,
      image_small: artists.imageSmall,
    })
    .from(artistGenre)
    .innerJoin(artists, eq(artists.id, artistGenre.artistId))
    .where(and(inArray(artistGenre.genreId, mine), ne(artistGenre.artistId, artistId)))
    .groupBy(artists.id)
    .orderBy(desc(overlap), desc(artists.plays), asc(artists.id))
    .limit(SIMILAR_ARTISTS);
}

/** The page as a guest sees it (no flags); null when there is no such artist. */
export async function buildPublicArtistPage(
  db: Database,
  artistId: number,
): Promise<ArtistPageResponse | null> {
  const [row] = await db.select().from(artists).where(eq(artists.id, artistId));
  if (!row) return null;
  const [genresOf, albumIds, trackIds, similar, followers] = await Promise.all([
    loadArtistGenres(db, [artistId]),
    artistAlbumIds(db, artistId, ARTIST_PAGE_ALBUMS),
    artistTrackIds(db, artistId, POPULAR_TRACKS),
    similarArtists(db, artistId),
    db
      .select({ n: count() })
      .from(follows)
      .where(and(eq(follows.followableType, 'artist'), eq(follows.followableId, artistId))),
  ]);
  const [albumList, popular] = await Promise.all([
    loadAlbums(
      db,
      albumIds.map((a) => a.id),
    ),
    loadTracks(
      db,
      trackIds.map((t) => t.id),
    ),
  ]);
  return {
    artist: {
      id: row.id,
      name: row.name,
      verified: row.verified,
      image_small: row.imageSmall ?? albumList.find((a) => a.image)?.image ?? null,
      image_large: row.imageLarge,
      bio: row.bio,
      links: row.links,
      allow_downloads: row.allowDownloads,
      plays: Number(row.plays),
      genres: genresOf.get(artistId) ?? [],
      albums: albumList.map(({ id, name, image, release_date, type }) => ({
        id,
        name,
        image,
        release_date,
        type,
      })),
      followers_count: Number(followers[0]?.n ?? 0),
    },
    popular_tracks: popular,
    albums: albumList,
    similar,
  };
}

class NoSuchArtist extends Error {}

/** The cached public page; a missing artist is not cached (the shared cache keeps no failure). */
export async function publicArtistPage(
  deps: { db: Database; cache: SharedCache },
  artistId: number,
): Promise<PublicArtistPage | null> {
  try {
    return await deps.cache.get(
      `${NAMESPACE}${artistId}`,
      async () => {
        const page = await buildPublicArtistPage(deps.db, artistId);
        if (!page) throw new NoSuchArtist();
        const body = Buffer.from(JSON.stringify(z.encode(artistPageResponseSchema, page)));
        const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
        return { page, body, etag };
      },
      { ttlMs: ARTIST_PAGE_TTL_MS },
    );
  } catch (err) {
    if (err instanceof NoSuchArtist) return null;
    throw err;
  }
}

/**
 * The cached artist pages follow the data they are built from: every page after a catalogue write
 * (names, credits, covers, genres), one page after its artist changed (a follow or unfollow
 * changes its followers count). Wired once in app.ts (decision 0019).
 */
export function invalidateCataloguePagesOnChange(events: DomainEvents, cache: SharedCache) {
  events.on('catalogue.changed', () => cache.invalidatePrefix(NAMESPACE));
  events.on('artist.changed', ({ artistId }) => cache.invalidate(`${NAMESPACE}${artistId}`));
}

type FlagRow = { kind: 'like' | 'follow' | 'followers'; type: string; id: number };

/**
 * The caller's flags on one page in one query: their likes among the artist, its tracks and
 * albums (likes' primary key starts with user_id), whether they follow it, and the followers
 * count now (so a listener who just followed sees it counted).
 */
async function callerFlags(db: Database, page: ArtistPageResponse, userId: number) {
  const artistId = page.artist.id;
  const trackIds = page.popular_tracks.map((t) => t.id);
  const albumIds = page.albums.map((a) => a.id);
  const liked = [and(eq(likes.likeableType, 'artist'), eq(likes.likeableId, artistId))];
  if (trackIds.length) liked.push(and(eq(likes.likeableType, 'track'), inArray(likes.likeableId, trackIds)));
  if (albumIds.length) liked.push(and(eq(likes.likeableType, 'album'), inArray(likes.likeableId, albumIds)));
  const rows = (await db.execute(sql`
    select 'like' as kind, ${likes.likeableType} as type, ${likes.likeableId} as id from ${likes}
      where ${likes.userId} = ${userId} and (${or(...liked)})
    union all
    select 'follow', 'artist', ${follows.followableId} from ${follows}
      where ${follows.followerId} = ${userId} and ${follows.followableType} = 'artist'
        and ${follows.followableId} = ${artistId}
    union all
    select 'followers', 'artist', count(*)::int from ${follows}
      where ${follows.followableType} = 'artist' and ${follows.followableId} = ${artistId}`)) as unknown as {
    rows: FlagRow[];
  };
  const likedSet = new Set<string>();
  let followed = false;
  let followers = page.artist.followers_count;
  for (const r of rows.rows) {
    if (r.kind === 'like') likedSet.add(`${r.type}:${Number(r.id)}`);
    else if (r.kind === 'follow') followed = true;
    else followers = Number(r.id);
  }
  return { liked: (type: string, id: number) => likedSet.has(`${type}:${id}`), followed, followers };
}

/** The public page with the caller's flags laid over copies (the cached page is never changed). */
export async function withCallerFlags(
  db: Database,
  page: ArtistPageResponse,
  userId: number,
): Promise<ArtistPageResponse> {
  const flags = await callerFlags(db, page, userId);
  return {
    artist: {
      ...page.artist,
      followers_count: flags.followers,
      liked: flags.liked('artist', page.artist.id),
      followed: flags.followed,
    },
    popular_tracks: page.popular_tracks.map((t) => ({ ...t, liked: flags.liked('track', t.id) })),
    albums: page.albums.map((a) => ({ ...a, liked: flags.liked('album', a.id) })),
    similar: page.similar,
  };
}

/** The artist page for a caller (null: no such artist). */
export async function getArtistPage(
  deps: { db: Database; cache: SharedCache },
  artistId: number,
  userId: number | null,
): Promise<ArtistPageResponse | null> {
  const cached = await publicArtistPage(deps, artistId);
  if (!cached) return null;
  return userId ? withCallerFlags(deps.db, cached.page, userId) : cached.page;
}
