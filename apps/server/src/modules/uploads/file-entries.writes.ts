/**
 * The writes other modules make to the uploads this module owns (decision 0051), in their
 * transaction (`db`): a picture or a track taking an upload's bytes, a release draft's files going
 * to the trash, a track's analysis recorded; and what deleting a workspace or an account does to
 * the uploads made there (lib/write-events.ts).
 */
import { DEFAULT_WORKSPACE_ID } from '@zema/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '#src/db/client';
import { workspaces } from '#src/modules/workspaces/tables';
import { fileEntries } from './uploads.tables';

export type FileEntryRef = { fileEntryId: number; ownerId: number };

const liveFileOf = ({ fileEntryId, ownerId }: FileEntryRef) =>
  and(
    eq(fileEntries.id, fileEntryId),
    eq(fileEntries.ownerId, ownerId),
    eq(fileEntries.type, 'file'),
    isNull(fileEntries.deletedAt),
  );

/**
 * Takes the owner's live upload: the entry row goes and its stored bytes now belong to the caller
 * (a track's audio, an avatar's source). Answers the stored path, or null when the entry is not
 * the owner's live file (trashed or taken meanwhile).
 */
export async function takeFileEntry(db: Db, ref: FileEntryRef): Promise<string | null> {
  const [gone] = await db.delete(fileEntries).where(liveFileOf(ref)).returning({ path: fileEntries.path });
  return gone?.path ?? null;
}

/** Moves live entries to the trash (a release draft or one of its tracks was deleted). */
export async function trashFileEntries(db: Db, ids: readonly number[]) {
  if (!ids.length) return;
  const now = new Date();
  await db
    .update(fileEntries)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(inArray(fileEntries.id, [...ids]), isNull(fileEntries.deletedAt)));
}

/** Records what the analysis of an uploaded track found in its bytes. */
export async function recordFileAnalysis(db: Db, id: number, found: { checksum: string; mime: string }) {
  await db
    .update(fileEntries)
    .set({ ...found, updatedAt: new Date() })
    .where(eq(fileEntries.id, id));
}

/** Workspaces are being deleted: what was uploaded there returns to its uploaders' own space. */
export async function returnUploadsToUploaders(db: Db, workspaceIds: readonly number[]) {
  if (!workspaceIds.length) return;
  await db
    .update(fileEntries)
    .set({ workspaceId: DEFAULT_WORKSPACE_ID, updatedAt: new Date() })
    .where(inArray(fileEntries.workspaceId, [...workspaceIds]));
}

/** Accounts are being deleted: the workspaces they own go with them (by foreign key). */
export async function returnUploadsOfOwners(db: Db, ownerIds: readonly number[]) {
  const owned = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(inArray(workspaces.ownerId, [...ownerIds]));
  await returnUploadsToUploaders(
    db,
    owned.map((w) => w.id),
  );
}
