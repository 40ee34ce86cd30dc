import type { Playlist } from '@zema/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { loadPlaylists } from '#src/modules/catalogue/index';
import { playlistCollaborators, playlists } from '#src/modules/library/tables';
import type { Deps } from '#src/platform/deps';
import { generateStorageKey } from '#src/platform/storage';
import { access, type Db, notFound, requireOwner } from './playlist-access';

/** Playlists as a whole: reading, creating, editing, covers and deleting (rules: playlist-access.ts). */

export async function one(db: Db, id: number, viewerId: number | null): Promise<Playlist> {
  const [p] = await loadPlaylists(db, [id], { viewerId, withCollaborators: true });
  if (!p) throw notFound();
  return p;
}

export async function getPlaylist(db: Database, id: number, viewerId: number | null) {
  await access(db, id, viewerId);
  return one(db, id, viewerId);
}

/** Owned and collaborating playlists, the most recently changed first. */
export async function myPlaylists(db: Database, userId: number): Promise<Playlist[]> {
  const rows = await db
    .select({ id: playlists.id })
    .from(playlists)
    .where(
      sql`${playlists.ownerId} = ${userId} or ${playlists.id} in (select ${playlistCollaborators.playlistId} from ${playlistCollaborators} where ${playlistCollaborators.userId} = ${userId})`,
    )
    .orderBy(desc(playlists.updatedAt), desc(playlists.id));
  return loadPlaylists(
    db,
    rows.map((r) => r.id),
    { viewerId: userId },
  );
}

type PlaylistFields = {
  name?: string;
  description?: string | null;
  public?: boolean;
  collaborative?: boolean;
};

export async function createPlaylist(db: Database, userId: number, input: PlaylistFields & { name: string }) {
  const [row] = await db
    .insert(playlists)
    .values({
      ownerId: userId,
      name: input.name,
      description: input.description || null,
      public: input.public ?? true,
      collaborative: input.collaborative ?? false,
    })
    .returning({ id: playlists.id });
  return one(db, row!.id, userId);
}

export async function updatePlaylist(
  { db, events }: Pick<Deps, 'db' | 'events'>,
  id: number,
  userId: number,
  input: PlaylistFields,
) {
  const { role } = await access(db, id, userId);
  requireOwner(role);
  const set: Partial<typeof playlists.$inferInsert> = { updatedAt: new Date() };
  if (input.name !== undefined) set.name = input.name;
  if (input.description !== undefined) set.description = input.description || null;
  if (input.public !== undefined) set.public = input.public;
  if (input.collaborative !== undefined) set.collaborative = input.collaborative;
  await db.update(playlists).set(set).where(eq(playlists.id, id));
  await events.emit('playlist.changed', { playlistId: id });
  return one(db, id, userId);
}

async function removeStoredImage(deps: Deps, url: string | null) {
  const key = deps.storage.keyFromUrl(url);
  if (!key) return;
  await deps.storage
    .delete(key)
    .catch((err) => deps.log.warn({ err, key }, 'old playlist cover not removed'));
}

export async function deletePlaylist(deps: Deps, id: number, userId: number) {
  const { row, role } = await access(deps.db, id, userId);
  requireOwner(role);
  await deps.db.delete(playlists).where(eq(playlists.id, id));
  await deps.events.emit('playlist.changed', { playlistId: id });
  await removeStoredImage(deps, row.image);
  return { deleted: true as const };
}

/** Stores an already re-encoded cover (WebP) and removes the file it replaces. */
export async function setPlaylistImage(deps: Deps, id: number, userId: number, encoded: Buffer | null) {
  const { role } = await access(deps.db, id, userId);
  requireOwner(role);
  let url: string | null = null;
  let key: string | null = null;
  if (encoded) {
    key = generateStorageKey('playlists', 'webp');
    await deps.storage.put(key, encoded, 'image/webp');
    url = deps.storage.publicUrl(key);
  }
  // Swap under the row lock so two uploads at once never orphan a file.
  const previous = await deps.db
    .transaction(async (tx) => {
      const [row] = await tx
        .select({ image: playlists.image })
        .from(playlists)
        .where(eq(playlists.id, id))
        .for('update');
      if (!row) throw notFound();
      await tx.update(playlists).set({ image: url, updatedAt: new Date() }).where(eq(playlists.id, id));
      return row.image;
    })
    .catch(async (err) => {
      if (key) await deps.storage.delete(key);
      throw err;
    });
  await deps.events.emit('playlist.changed', { playlistId: id });
  await removeStoredImage(deps, previous);
  return one(deps.db, id, userId);
}
