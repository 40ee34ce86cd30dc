import { LIBRARY_MESSAGES } from '@zema/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { invalidInput } from '#src/lib/errors';
import { playlistCollaborators } from '#src/modules/library/tables';
import { users } from '#src/modules/users/tables';
import type { Deps } from '#src/platform/deps';
import { access, notFound, requireOwner } from './playlist-access';
import { one } from './playlists.service';

/** A playlist's collaborators, invited and removed by its owner (rules: playlist-access.ts). */

export async function addCollaborator(
  { db, events }: Pick<Deps, 'db' | 'events'>,
  id: number,
  ownerId: number,
  userId: number,
) {
  const { row, role } = await access(db, id, ownerId);
  requireOwner(role);
  if (userId === row.ownerId) throw invalidInput({ user_id: [LIBRARY_MESSAGES.collaboratorIsOwner] });
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  const added = await db
    .insert(playlistCollaborators)
    .values({ playlistId: id, userId })
    .onConflictDoNothing()
    .returning({ userId: playlistCollaborators.userId });
  if (added.length)
    await events.emit('playlist.collaborator_added', { playlistId: id, userId, byUserId: ownerId });
  return one(db, id, ownerId);
}

export async function removeCollaborator(db: Database, id: number, ownerId: number, userId: number) {
  const { role } = await access(db, id, ownerId);
  requireOwner(role);
  await db
    .delete(playlistCollaborators)
    .where(and(eq(playlistCollaborators.playlistId, id), eq(playlistCollaborators.userId, userId)));
  return one(db, id, ownerId);
}
