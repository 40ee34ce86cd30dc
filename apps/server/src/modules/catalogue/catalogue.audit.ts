import type { AuditAction } from '@zema/contracts/admin';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client';
import { type Actor, audit } from '#src/modules/audit/index';
import {
  albumArtist,
  albums,
  artistGenre,
  artists,
  channelItems,
  channels,
  genres,
  trackArtist,
  trackGenre,
  tracks,
} from '#src/modules/catalogue/tables';

/**
 * The audit log's view of a catalogue item: its own fields and its relations
 * under the API's names, read inside the write's transaction before and after it, so an entry's
 * before/after shows exactly what the write changed. Counters (plays) and timestamps are left out:
 * they change without an admin.
 */

export type CatalogueKind = 'artist' | 'album' | 'track' | 'genre' | 'channel';
/** `artist.create`, `album.update`, `track.upload_audio`, `genre.delete`… */
export type CatalogueAction = Extract<AuditAction, `${CatalogueKind}.${string}`>;

type Snapshot = { label: string; data: Record<string, unknown> };

const genreNames = (rows: { name: string }[]) => rows.map((r) => r.name);

async function artistSnapshot(db: Db, id: number): Promise<Snapshot | null> {
  const [row] = await db.select().from(artists).where(eq(artists.id, id));
  if (!row) return null;
  const tags = await db
    .select({ name: genres.displayName })
    .from(artistGenre)
    .innerJoin(genres, eq(genres.id, artistGenre.genreId))
    .where(eq(artistGenre.artistId, id))
    .orderBy(asc(genres.name));
  return {
    label: row.name,
    data: {
      name: row.name,
      verified: row.verified,
      image_small: row.imageSmall,
      image_large: row.imageLarge,
      bio: row.bio,
      links: row.links,
      allow_downloads: row.allowDownloads,
      genres: genreNames(tags),
    },
  };
}

async function albumSnapshot(db: Db, id: number): Promise<Snapshot | null> {
  const [row] = await db.select().from(albums).where(eq(albums.id, id));
  if (!row) return null;
  const [credits, order] = await Promise.all([
    db
      .select({ id: albumArtist.artistId })
      .from(albumArtist)
      .where(eq(albumArtist.albumId, id))
      .orderBy(asc(albumArtist.position)),
    db
      .select({ id: tracks.id })
      .from(tracks)
      .where(eq(tracks.albumId, id))
      .orderBy(sql`${tracks.number} asc nulls last`, asc(tracks.id)),
  ]);
  return {
    label: row.name,
    data: {
      name: row.name,
      image: row.image,
      release_date: row.releaseDate,
      type: row.type,
      description: row.description,
      artist_ids: credits.map((c) => c.id),
      // The album's track order, as the reorder list sets it.
      track_ids: order.map((t) => t.id),
    },
  };
}

async function trackSnapshot(db: Db, id: number): Promise<Snapshot | null> {
  const [row] = await db.select().from(tracks).where(eq(tracks.id, id));
  if (!row) return null;
  const [credits, tags] = await Promise.all([
    db
      .select({ id: trackArtist.artistId })
      .from(trackArtist)
      .where(eq(trackArtist.trackId, id))
      .orderBy(asc(trackArtist.position)),
    db
      .select({ name: genres.displayName })
      .from(trackGenre)
      .innerJoin(genres, eq(genres.id, trackGenre.genreId))
      .where(eq(trackGenre.trackId, id))
      .orderBy(asc(genres.name)),
  ]);
  return {
    label: row.name,
    data: {
      name: row.name,
      album_id: row.albumId,
      number: row.number,
      duration_ms: row.durationMs,
      explicit: row.explicit,
      image: row.image,
      artist_ids: credits.map((c) => c.id),
      genres: genreNames(tags),
      audio: row.src
        ? { file: row.src, format: row.format, file_size: row.fileSize, bitrate: row.bitrate }
        : null,
      // A file given from the upload queue, audited when given: it is analysed after (job
      // `track-audio`) and becomes `audio` only if it passes.
      ...(row.pendingSrc ? { pending_audio: { file: row.pendingSrc } } : {}),
    },
  };
}

async function genreSnapshot(db: Db, id: number): Promise<Snapshot | null> {
  const [row] = await db.select().from(genres).where(eq(genres.id, id));
  if (!row) return null;
  return {
    label: row.displayName,
    data: { name: row.name, display_name: row.displayName, image: row.image },
  };
}

async function channelSnapshot(db: Db, id: number): Promise<Snapshot | null> {
  const [row] = await db.select().from(channels).where(eq(channels.id, id));
  if (!row) return null;
  const items = await db
    .select({ id: channelItems.itemId })
    .from(channelItems)
    .where(eq(channelItems.channelId, id))
    .orderBy(asc(channelItems.position));
  return {
    label: row.name,
    data: {
      name: row.name,
      slug: row.slug,
      description: row.description,
      config: row.config,
      items: items.map((i) => i.id),
    },
  };
}

const SNAPSHOTS: Record<CatalogueKind, (db: Db, id: number) => Promise<Snapshot | null>> = {
  artist: artistSnapshot,
  album: albumSnapshot,
  track: trackSnapshot,
  genre: genreSnapshot,
  channel: channelSnapshot,
};

/** The item as the audit log keeps it; null when it does not exist (or when nobody is audited). */
export async function catalogueSnapshot(
  db: Db,
  kind: CatalogueKind,
  id: number,
  actor: Actor | undefined,
): Promise<Snapshot | null> {
  return actor ? SNAPSHOTS[kind](db, id) : null;
}

/**
 * Writes the audit entry of one catalogue write, in its transaction (`db` is the transaction):
 * `before` as read before the write, the after state read now (none for a delete). Without an
 * actor (the demo seeder, a script, a test fixture) nothing is recorded: there is nobody to name.
 */
export async function auditCatalogueWrite(
  db: Db,
  actor: Actor | undefined,
  action: CatalogueAction,
  id: number,
  before: Snapshot | null,
): Promise<void> {
  if (!actor) return;
  const kind = action.slice(0, action.indexOf('.')) as CatalogueKind;
  const after = action.endsWith('.delete') ? null : await SNAPSHOTS[kind](db, id);
  await audit(db, actor, {
    action,
    target: { type: kind, id, label: after?.label ?? before?.label ?? null },
    ...(before ? { before: before.data } : {}),
    ...(after ? { after: after.data } : {}),
  });
}
