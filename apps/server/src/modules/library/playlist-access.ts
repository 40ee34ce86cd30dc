import { and, eq } from 'drizzle-orm';
import type { Db } from '#src/db/client';
import { ForbiddenError, NotFoundError } from '#src/lib/errors';
import { playlistCollaborators, playlists } from '#src/modules/library/tables';

/**
 * Playlists and their entries. Rules:
 * - the owner does everything; a collaborator (invited by the owner) may add, remove and reorder
 *   tracks while the playlist is collaborative, but never rename, re-cover or delete it;
 * - a private playlist is 404 for everyone else, so its existence does not leak;
 * - entry positions stay dense (0..n-1): every change of a playlist's entries runs in a
 *   transaction holding the playlist row lock (FOR UPDATE), so concurrent edits queue up.
 */

export type { Db, Tx } from '#src/db/client';

export type Role = 'owner' | 'collaborator' | 'none';

export type PlaylistRow = typeof playlists.$inferSelect;

export const notFound = () => new NotFoundError();
export const forbidden = () => new ForbiddenError();

async function roleOf(db: Db, row: PlaylistRow, viewerId: number | null): Promise<Role> {
  if (!viewerId) return 'none';
  if (row.ownerId === viewerId) return 'owner';
  const [c] = await db
    .select({ userId: playlistCollaborators.userId })
    .from(playlistCollaborators)
    .where(and(eq(playlistCollaborators.playlistId, row.id), eq(playlistCollaborators.userId, viewerId)));
  return c ? 'collaborator' : 'none';
}

/** The playlist row and the viewer's role; 404 when it is missing or private to someone else. */
export async function access(db: Db, id: number, viewerId: number | null, lock = false) {
  const query = db.select().from(playlists).where(eq(playlists.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  const role = await roleOf(db, row, viewerId);
  if (!row.public && role === 'none') throw notFound();
  return { row, role };
}

export function requireOwner(role: Role) {
  if (role !== 'owner') throw forbidden();
}

export function requireTrackEditor(row: PlaylistRow, role: Role) {
  if (role === 'owner') return;
  if (role === 'collaborator' && row.collaborative) return;
  throw forbidden();
}
