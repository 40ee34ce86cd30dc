import type {
  createReleaseRequestSchema,
  publishReleaseRequestSchema,
  releaseListQuerySchema,
  updateReleaseRequestSchema,
  updateTrackDraftRequestSchema,
} from '@zema/contracts';
import {
  hasPermission,
  PERMISSIONS,
  RELEASE_MESSAGES,
  type ReleaseDraft,
  type ReleaseListItem,
  type User,
} from '@zema/contracts';
import { and, asc, count, desc, eq, isNull, lte, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#src/db/client';
import { ConflictError, invalidInput, NotFoundError } from '#src/lib/errors';
import { releaseDrafts, trackDrafts } from '#src/modules/backstage/tables';
import { insertRelease } from '#src/modules/catalogue/index';
import { artists, tracks } from '#src/modules/catalogue/tables';
import { trashFileEntries } from '#src/modules/uploads/index';
import { fileEntries } from '#src/modules/uploads/tables';
import {
  type ArtistAccessNeed,
  hasArtist,
  inScope,
  isPersonal,
  type WorkspaceScope,
} from '#src/modules/workspaces/index';
import type { Deps } from '#src/platform/deps';

/**
 * Release drafts: an artist's uploads become a draft release, its tracks are
 * analysed after each upload answers (ingest-draft.ts), the uploader edits the draft and publishes
 * it now or on a date. Every call checks that the caller manages the release's artist (a
 * `user_artists` link, or the super admin permission): ids from the client are never trusted.
 */

type ReleaseRow = typeof releaseDrafts.$inferSelect;
type TrackDraftRow = typeof trackDrafts.$inferSelect;
/** The caller and the workspace they act in (its shared artists, by their role there). */
export type ReleaseCaller = Pick<User, 'id' | 'permissions'> & { scope: WorkspaceScope };

const isSuperAdmin = (user: ReleaseCaller) => hasPermission(user, PERMISSIONS.admin);

/** The artist when the caller works on it in the active workspace (`need`); null otherwise. */
export async function managedArtist(
  db: Db,
  user: ReleaseCaller,
  artistId: number,
  need: ArtistAccessNeed = 'update',
): Promise<{ id: number; name: string } | null> {
  if (!isSuperAdmin(user) && !(await hasArtist(db, user.scope, artistId, need))) return null;
  const [row] = await db
    .select({ id: artists.id, name: artists.name })
    .from(artists)
    .where(eq(artists.id, artistId));
  return row ?? null;
}

/** A release started without a name, until a track or the uploader names it. */
const UNNAMED = 'Untitled';

/** A release the caller may work on, or a 404 (never telling another artist's drafts exist). */
async function ownRelease(
  db: Db,
  user: ReleaseCaller,
  id: number,
  need: ArtistAccessNeed = 'update',
): Promise<ReleaseRow> {
  const [row] = await db.select().from(releaseDrafts).where(eq(releaseDrafts.id, id));
  if (!row || !(await managedArtist(db, user, row.artistId, need))) throw new NotFoundError();
  return row;
}

function assertEditable(release: ReleaseRow) {
  if (release.status === 'published') throw new ConflictError(RELEASE_MESSAGES.published);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Tracks in play order: disc, then position, then when they were added. */
const trackOrder = [asc(trackDrafts.discNumber), asc(trackDrafts.position), asc(trackDrafts.id)];

export async function releaseJson(db: Db, release: ReleaseRow): Promise<ReleaseDraft> {
  const [artist] = await db
    .select({ id: artists.id, name: artists.name })
    .from(artists)
    .where(eq(artists.id, release.artistId));
  const rows = await db
    .select({
      draft: trackDrafts,
      fileName: fileEntries.name,
      relativePath: fileEntries.relativePath,
      duplicateName: tracks.name,
    })
    .from(trackDrafts)
    .leftJoin(fileEntries, eq(fileEntries.id, trackDrafts.fileEntryId))
    .leftJoin(tracks, eq(tracks.id, trackDrafts.duplicateOfTrackId))
    .where(eq(trackDrafts.releaseId, release.id))
    .orderBy(...trackOrder);
  return {
    id: release.id,
    artist: artist ?? { id: release.artistId, name: '' },
    type: release.type,
    name: release.name,
    release_date: release.releaseDate,
    image: release.image,
    genres: release.genres,
    description: release.description,
    status: release.status,
    publish_at: iso(release.publishAt),
    album_id: release.albumId,
    tracks: rows.map(({ draft: t, fileName, relativePath, duplicateName }) => ({
      id: t.id,
      position: t.position,
      disc_number: t.discNumber,
      name: t.name,
      artists: t.artists,
      explicit: t.explicit,
      status: t.status,
      progress: t.progress,
      error: t.error,
      file_entry_id: t.fileEntryId,
      file_name: fileName ?? null,
      relative_path: relativePath ?? null,
      format: t.format,
      duration_ms: t.durationMs,
      bitrate: t.bitrate,
      loudness_lufs: t.loudnessLufs,
      true_peak_db: t.truePeakDb,
      waveform: t.waveform,
      duplicate_of:
        t.duplicateOfTrackId !== null && duplicateName != null
          ? { id: t.duplicateOfTrackId, name: duplicateName }
          : null,
      track_id: t.trackId,
    })),
    created_at: release.createdAt.toISOString(),
    updated_at: release.updatedAt.toISOString(),
  };
}

export async function getRelease(deps: Pick<Deps, 'db'>, user: ReleaseCaller, id: number) {
  return releaseJson(deps.db, await ownRelease(deps.db, user, id, 'view'));
}

export async function listReleases(
  deps: Pick<Deps, 'db'>,
  user: ReleaseCaller,
  query: z.output<typeof releaseListQuerySchema>,
) {
  const { db } = deps;
  // The super admin sees every release in their personal space; in a team, its artists' only.
  const mine =
    isSuperAdmin(user) && isPersonal(user.scope)
      ? undefined
      : inScope(db, user.scope, 'view', releaseDrafts.artistId);
  const where = and(mine, query.status ? eq(releaseDrafts.status, query.status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        release: releaseDrafts,
        artistName: artists.name,
        tracksCount: sql<number>`(select count(*)::int from ${trackDrafts} where ${trackDrafts.releaseId} = ${releaseDrafts.id})`,
      })
      .from(releaseDrafts)
      .innerJoin(artists, eq(artists.id, releaseDrafts.artistId))
      .where(where)
      .orderBy(desc(releaseDrafts.updatedAt), desc(releaseDrafts.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ n: count() }).from(releaseDrafts).where(where),
  ]);
  const n = total?.n ?? 0;
  const lastPage = Math.max(1, Math.ceil(n / query.perPage));
  const data: ReleaseListItem[] = rows.map(({ release: r, artistName, tracksCount }) => ({
    id: r.id,
    artist: { id: r.artistId, name: artistName },
    type: r.type,
    name: r.name,
    release_date: r.releaseDate,
    image: r.image,
    genres: r.genres,
    description: r.description,
    status: r.status,
    publish_at: iso(r.publishAt),
    album_id: r.albumId,
    tracks_count: Number(tracksCount),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  }));
  return {
    current_page: query.page,
    per_page: query.perPage,
    total: n,
    last_page: lastPage,
    next_page: query.page < lastPage ? query.page + 1 : null,
    prev_page: query.page > 1 ? query.page - 1 : null,
    data,
  };
}

export async function createRelease(
  deps: Pick<Deps, 'db'>,
  user: ReleaseCaller,
  input: z.output<typeof createReleaseRequestSchema>,
) {
  const artist = await managedArtist(deps.db, user, input.artist_id);
  if (!artist) throw invalidInput({ artist_id: [RELEASE_MESSAGES.notYourArtist] });
  const [row] = await deps.db
    .insert(releaseDrafts)
    .values({ userId: user.id, artistId: artist.id, type: input.type, name: input.name ?? UNNAMED })
    .returning();
  return releaseJson(deps.db, row!);
}

export async function updateRelease(
  deps: Pick<Deps, 'db' | 'storage'>,
  user: ReleaseCaller,
  id: number,
  input: z.output<typeof updateReleaseRequestSchema>,
) {
  const release = await ownRelease(deps.db, user, id);
  assertEditable(release);
  // A cover is a picture uploaded here (re-encoded, on our storage), never any address.
  if (input.image && !deps.storage.keyFromUrl(input.image))
    throw invalidInput({ image: [RELEASE_MESSAGES.imageNotOurs] });
  if (input.type === 'single') {
    const [n] = await deps.db.select({ n: count() }).from(trackDrafts).where(eq(trackDrafts.releaseId, id));
    if ((n?.n ?? 0) > 1) throw invalidInput({ type: [RELEASE_MESSAGES.singleHasOneTrack] });
  }
  const [row] = await deps.db
    .update(releaseDrafts)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.type !== undefined ? { type: input.type } : {}),
      ...(input.release_date !== undefined ? { releaseDate: input.release_date } : {}),
      ...(input.genres !== undefined ? { genres: dedupe(input.genres) } : {}),
      ...(input.description !== undefined ? { description: input.description || null } : {}),
      ...(input.image !== undefined ? { image: input.image } : {}),
      // The user named it: ingestion no longer fills the name from tags.
      ...(input.name !== undefined ? { nameFromUser: true } : {}),
      updatedAt: new Date(),
    })
    .where(eq(releaseDrafts.id, id))
    .returning();
  return releaseJson(deps.db, row!);
}

const dedupe = (names: string[]) => [...new Map(names.map((n) => [n.toLowerCase(), n])).values()];

/** Deletes a draft or a scheduled release; its uploads go to the trash (restorable). */
export async function deleteRelease(deps: Pick<Deps, 'db'>, user: ReleaseCaller, id: number) {
  const release = await ownRelease(deps.db, user, id);
  assertEditable(release);
  await deps.db.transaction(async (tx) => {
    const entryIds = (
      await tx.select({ id: trackDrafts.fileEntryId }).from(trackDrafts).where(eq(trackDrafts.releaseId, id))
    )
      .map((r) => r.id)
      .filter((v): v is number => v !== null);
    await trashFileEntries(tx, entryIds);
    await tx.delete(releaseDrafts).where(eq(releaseDrafts.id, id));
  });
}

/**
 * Adds an uploaded file to a draft. The entry must be the caller's own, live, and not already in
 * a release; whether it is audio is decided by its bytes during analysis (a non-audio file ends
 * 'failed' with a message, and cannot be published).
 */
export async function addReleaseTrack(
  deps: Pick<Deps, 'db'>,
  user: ReleaseCaller,
  id: number,
  fileEntryId: number,
): Promise<{ release: ReleaseDraft; trackDraftId: number }> {
  const release = await ownRelease(deps.db, user, id);
  assertEditable(release);
  const trackDraftId = await deps.db.transaction(async (tx) => {
    // One writer per release at a time: concurrent uploads of a folder number their tracks in turn.
    await tx
      .select({ id: releaseDrafts.id })
      .from(releaseDrafts)
      .where(eq(releaseDrafts.id, id))
      .for('update');
    const [entry] = await tx
      .select()
      .from(fileEntries)
      .where(and(eq(fileEntries.id, fileEntryId), isNull(fileEntries.deletedAt)));
    // The caller's own upload, or one made in the workspace they are working in.
    const reachable =
      entry &&
      (entry.ownerId === user.id ||
        (!isPersonal(user.scope) && entry.workspaceId === user.scope.workspaceId));
    if (!reachable || entry.type !== 'file')
      throw invalidInput({ file_entry_id: [RELEASE_MESSAGES.entryNotYours] });
    const [used] = await tx
      .select({ id: trackDrafts.id })
      .from(trackDrafts)
      .where(eq(trackDrafts.fileEntryId, fileEntryId));
    if (used) throw invalidInput({ file_entry_id: [RELEASE_MESSAGES.entryUsed] });
    const existing = await tx
      .select({ position: trackDrafts.position })
      .from(trackDrafts)
      .where(eq(trackDrafts.releaseId, id));
    if (release.type === 'single' && existing.length >= 1)
      throw invalidInput({ file_entry_id: [RELEASE_MESSAGES.singleHasOneTrack] });
    const position = existing.reduce((max, r) => Math.max(max, r.position), 0) + 1;
    const [row] = await tx
      .insert(trackDrafts)
      .values({
        releaseId: id,
        fileEntryId,
        position,
        name: titleFromFileName(entry.name),
        artists: [],
        status: 'queued',
      })
      .returning({ id: trackDrafts.id });
    // A single left unnamed is named after its track: the file's name until the tags tell better.
    const named = release.type === 'single' && !release.nameFromUser && release.name === UNNAMED;
    await tx
      .update(releaseDrafts)
      .set({ updatedAt: new Date(), ...(named ? { name: titleFromFileName(entry.name) } : {}) })
      .where(eq(releaseDrafts.id, id));
    return row!.id;
  });
  return { release: await getRelease(deps, user, id), trackDraftId };
}

/** "03 - Night Drive.mp3" → "Night Drive": the title until tags tell better. */
export function titleFromFileName(name: string): string {
  const base = name.replace(/\.[^.]{1,10}$/, '');
  const title = base
    .replace(/^\s*\d{1,3}\s*[-._)]?\s+/, '')
    .replace(/_/g, ' ')
    .trim();
  return (title || base || 'Untitled').slice(0, 255);
}

export async function updateTrackDraft(
  deps: Pick<Deps, 'db'>,
  user: ReleaseCaller,
  id: number,
  trackId: number,
  input: z.output<typeof updateTrackDraftRequestSchema>,
) {
  const release = await ownRelease(deps.db, user, id);
  assertEditable(release);
  const [row] = await deps.db
    .update(trackDrafts)
    .set({
      ...(input.name !== undefined ? { name: input.name, nameFromUser: true } : {}),
      ...(input.artists !== undefined ? { artists: dedupe(input.artists) } : {}),
      ...(input.position !== undefined ? { position: input.position, orderFromUser: true } : {}),
      ...(input.disc_number !== undefined ? { discNumber: input.disc_number, orderFromUser: true } : {}),
      ...(input.explicit !== undefined ? { explicit: input.explicit } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(trackDrafts.id, trackId), eq(trackDrafts.releaseId, id)))
    .returning({ id: trackDrafts.id });
  if (!row) throw new NotFoundError();
  await deps.db.update(releaseDrafts).set({ updatedAt: new Date() }).where(eq(releaseDrafts.id, id));
  return releaseJson(deps.db, release);
}

/** Removes a track from a draft; its upload goes to the trash. */
export async function removeTrackDraft(
  deps: Pick<Deps, 'db'>,
  user: ReleaseCaller,
  id: number,
  trackId: number,
) {
  const release = await ownRelease(deps.db, user, id);
  assertEditable(release);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(trackDrafts)
      .where(and(eq(trackDrafts.id, trackId), eq(trackDrafts.releaseId, id)))
      .returning({ entryId: trackDrafts.fileEntryId });
    if (!row) throw new NotFoundError();
    if (row.entryId !== null) await trashFileEntries(tx, [row.entryId]);
  });
  return releaseJson(deps.db, release);
}

/**
 * Publishes now, or schedules: a `publish_at` in the future keeps the release out of the catalogue
 * until the release job (publishDueReleases) publishes it then. Every track must have been read
 * successfully first.
 */
export async function publishRelease(
  deps: Pick<Deps, 'db' | 'events'>,
  user: ReleaseCaller,
  id: number,
  input: z.output<typeof publishReleaseRequestSchema>,
  now = new Date(),
) {
  const release = await ownRelease(deps.db, user, id);
  assertEditable(release);
  await assertPublishable(deps.db, release.id);
  const at = input.publish_at ? new Date(input.publish_at) : null;
  if (at && at.getTime() > now.getTime()) {
    const [row] = await deps.db
      .update(releaseDrafts)
      .set({ status: 'scheduled', publishAt: at, updatedAt: now })
      .where(eq(releaseDrafts.id, id))
      .returning();
    return releaseJson(deps.db, row!);
  }
  if (at && now.getTime() - at.getTime() > 60_000)
    throw invalidInput({ publish_at: [RELEASE_MESSAGES.publishAtPast] });
  await publishNow(deps, release.id, now);
  return getRelease(deps, user, id);
}

async function assertPublishable(db: Db, releaseId: number) {
  const rows = await db
    .select({ status: trackDrafts.status })
    .from(trackDrafts)
    .where(eq(trackDrafts.releaseId, releaseId));
  if (!rows.length) throw invalidInput({ tracks: [RELEASE_MESSAGES.noTracks] });
  if (rows.some((r) => r.status === 'failed'))
    throw invalidInput({ tracks: [RELEASE_MESSAGES.failedTracks] });
  if (rows.some((r) => r.status !== 'ready'))
    throw invalidInput({ tracks: [RELEASE_MESSAGES.stillProcessing] });
}

/**
 * Publishes a release in one transaction: the catalogue module writes its rows (an album unless
 * it is a single, the tracks in order with their audio, analysis and credits, the genres), and the
 * drafts remember what they became. Idempotent: a release published already is left as it is.
 */
async function publishNow(deps: Pick<Deps, 'db' | 'events'>, releaseId: number, now: Date) {
  const published = await deps.db.transaction(async (tx) => {
    // Locked: the release job and a click on Publish cannot both write the same release.
    const [r] = await tx
      .select()
      .from(releaseDrafts)
      .where(and(eq(releaseDrafts.id, releaseId), ne(releaseDrafts.status, 'published')))
      .for('update');
    const rows = await tx
      .select({ draft: trackDrafts, entry: fileEntries })
      .from(trackDrafts)
      .innerJoin(fileEntries, eq(fileEntries.id, trackDrafts.fileEntryId))
      .where(and(eq(trackDrafts.releaseId, releaseId), eq(trackDrafts.status, 'ready')))
      .orderBy(...trackOrder);
    if (!r || !rows.length) return null;
    const isSingle = r.type === 'single' && rows.length === 1;
    const written = await insertRelease(tx, {
      artistId: r.artistId,
      album: isSingle
        ? null
        : {
            name: r.name,
            image: r.image,
            releaseDate: r.releaseDate ?? now.toISOString().slice(0, 10),
            type: r.type === 'single' ? 'album' : r.type,
            description: r.description,
          },
      singleImage: isSingle ? r.image : null,
      genres: dedupe(r.genres.map((n) => n.trim()).filter(Boolean)),
      tracks: rows.map(({ draft, entry }) => ({
        name: draft.name,
        durationMs: draft.durationMs ?? 0,
        src: entry.path,
        fileSize: entry.size,
        format: draft.format,
        bitrate: draft.bitrate,
        explicit: draft.explicit,
        waveform: draft.waveform,
        loudnessLufs: draft.loudnessLufs,
        truePeakDb: draft.truePeakDb,
        checksum: entry.checksum,
        artists: draft.artists,
      })),
    });
    const { albumId } = written;
    for (const [i, { draft }] of rows.entries())
      await tx
        .update(trackDrafts)
        .set({ trackId: written.trackIds[i]!, updatedAt: now })
        .where(eq(trackDrafts.id, draft.id));
    await tx
      .update(releaseDrafts)
      .set({ status: 'published', albumId, publishAt: r.publishAt ?? now, updatedAt: now })
      .where(eq(releaseDrafts.id, releaseId));
    // The release's artist first: followers see it named in their notification.
    return {
      artistIds: written.artistIds,
      albumId,
      trackId: albumId === null ? (written.trackIds.at(-1) ?? null) : null,
    };
  });
  if (!published) return false;
  await deps.events.emit('catalogue.changed', {});
  // Followers of every credited artist hear of it (decision 0031), off this request's path.
  await deps.events.emit('music.released', published);
  return true;
}

/** The release job: publishes every scheduled release whose date has come. Returns how many. */
export async function publishDueReleases(deps: Pick<Deps, 'db' | 'events' | 'log'>, now = new Date()) {
  const due = await deps.db
    .select({ id: releaseDrafts.id })
    .from(releaseDrafts)
    .where(and(eq(releaseDrafts.status, 'scheduled'), lte(releaseDrafts.publishAt, now)))
    .orderBy(asc(releaseDrafts.publishAt))
    .limit(100);
  let published = 0;
  for (const { id } of due) {
    try {
      if (await publishNow(deps, id, now)) published++;
    } catch (err) {
      // One bad release must not hold back the others; it stays scheduled and is tried again.
      deps.log.error({ err, releaseId: id }, 'scheduled release could not be published');
    }
  }
  return published;
}

export type { TrackDraftRow };
