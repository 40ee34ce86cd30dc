import { RELEASE_MESSAGES } from '@zema/contracts';
import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { releaseDrafts, trackDrafts } from '#src/modules/backstage/tables';
import {
  type AudioAnalysis,
  analyseAudioFile,
  IngestError,
  withLocalStoredFile,
} from '#src/modules/catalogue/index';
import { tracks } from '#src/modules/catalogue/tables';
import { recordFileAnalysis } from '#src/modules/uploads/index';
import { fileEntries } from '#src/modules/uploads/tables';
import { usersWhoSeeArtist } from '#src/modules/workspaces/index';
import type { Deps } from '#src/platform/deps';
import { generateStorageKey } from '#src/platform/storage';

type IngestDeps = Pick<Deps, 'db' | 'storage' | 'log' | 'live'>;

/** Progress is written at most this often (a 300 MB file reports hundreds of steps). */
const PROGRESS_EVERY_MS = 400;

/**
 * Analyses one draft track after its upload answered (decision 0030): tags, duration, bitrate,
 * waveform peaks, loudness and duplicates, with its progress written to the draft as it goes. The
 * release takes its name, date, genres and cover from the tags unless the uploader set them. A
 * file that is not audio ends 'failed' with the reason. Safe to run twice (a restart re-runs
 * what was left queued or processing).
 */
export async function ingestTrackDraft(deps: IngestDeps, draftId: number): Promise<void> {
  const { db } = deps;
  const [row] = await db
    .select({
      draft: trackDrafts,
      entry: fileEntries,
      uploaderId: releaseDrafts.userId,
      artistId: releaseDrafts.artistId,
    })
    .from(trackDrafts)
    .innerJoin(fileEntries, eq(fileEntries.id, trackDrafts.fileEntryId))
    .innerJoin(releaseDrafts, eq(releaseDrafts.id, trackDrafts.releaseId))
    .where(eq(trackDrafts.id, draftId));
  if (!row || row.draft.status === 'ready' || row.draft.status === 'failed') return;
  const { draft, entry, uploaderId, artistId } = row;
  let current = { status: draft.status, progress: draft.progress };
  // Each step written is also pushed to the open pages of everyone who may see the release: the
  // uploader, the artist's managers and the members of the workspaces sharing it (the release
  // editor follows it live). Read once per analysis, which lasts seconds; a lost event costs
  // nothing, the editor reads the draft again.
  const audience = [...new Set([uploaderId, ...(await usersWhoSeeArtist(db, artistId))])];
  const setDraft = async (values: Partial<typeof trackDrafts.$inferInsert>) => {
    await db
      .update(trackDrafts)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(trackDrafts.id, draftId));
    current = { status: values.status ?? current.status, progress: values.progress ?? current.progress };
    const event = { releaseId: draft.releaseId, trackId: draftId, ...current };
    await Promise.all(
      audience.map((userId) =>
        deps.live
          .publish(userId, 'release.track_progress', event)
          .catch((err: unknown) =>
            deps.log.warn({ err, draftId, userId }, 'could not publish the analysis progress'),
          ),
      ),
    );
  };
  await setDraft({ status: 'processing', progress: 1, error: null });

  let lastWrite = 0;
  let pending: Promise<unknown> = Promise.resolve();
  const onProgress = (percent: number) => {
    const now = Date.now();
    if (now - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = now;
    const progress = Math.max(1, Math.min(99, Math.round(percent)));
    pending = pending.then(() => setDraft({ progress })).catch(() => {});
  };

  let analysis: AudioAnalysis;
  try {
    analysis = await withLocalStoredFile(deps, entry.path, (path) => analyseAudioFile(path, { onProgress }));
  } catch (err) {
    await pending;
    const message = err instanceof IngestError ? err.message : RELEASE_MESSAGES.notAudio;
    if (!(err instanceof IngestError)) deps.log.warn({ err, draftId }, 'audio analysis failed');
    await setDraft({ status: 'failed', progress: 0, error: message });
    return;
  }
  await pending;

  const tags = analysis.tags;
  const [duplicate] = await db
    .select({ id: tracks.id })
    .from(tracks)
    .where(eq(tracks.checksum, analysis.checksum))
    .limit(1);
  await setDraft({
    status: 'ready',
    progress: 100,
    tags,
    format: analysis.format,
    durationMs: analysis.durationMs,
    bitrate: analysis.bitrate,
    waveform: analysis.waveform,
    loudnessLufs: analysis.loudness?.integratedLufs ?? null,
    truePeakDb: analysis.loudness?.truePeakDb ?? null,
    duplicateOfTrackId: duplicate?.id ?? null,
    ...(draft.nameFromUser || !tags.title ? {} : { name: tags.title.slice(0, 255) }),
    ...(tags.artists.length ? { artists: tags.artists.slice(0, 20) } : {}),
    ...(draft.orderFromUser
      ? {}
      : {
          ...(tags.trackNumber ? { position: tags.trackNumber } : {}),
          ...(tags.discNumber ? { discNumber: tags.discNumber } : {}),
        }),
  });
  await recordFileAnalysis(db, entry.id, { checksum: analysis.checksum, mime: analysis.mime });
  await fillReleaseFromTags(deps, draft.releaseId, analysis);
}

/** What the release takes from a track's tags when the uploader has not set it. */
async function fillReleaseFromTags(deps: IngestDeps, releaseId: number, analysis: AudioAnalysis) {
  const [release] = await deps.db.select().from(releaseDrafts).where(eq(releaseDrafts.id, releaseId));
  if (!release || release.status === 'published') return;
  const { tags } = analysis;
  const values: Partial<typeof releaseDrafts.$inferInsert> = {};
  // The tags' album (or a single's title) beats the folder's name, never the uploader's own.
  if (!release.nameFromUser) {
    const name = release.type === 'single' ? tags.title : (tags.album ?? null);
    if (name) values.name = name.slice(0, 255);
  }
  // Only a full date: a bare year tag is not 1 January of it (the release editor asks for the day).
  if (!release.releaseDate && tags.date) values.releaseDate = tags.date;
  if (release.genres.length === 0 && tags.genres.length) values.genres = tags.genres.slice(0, 10);
  if (!release.image && analysis.cover) {
    const key = generateStorageKey('images', 'webp');
    await deps.storage.put(key, analysis.cover.data, 'image/webp');
    values.image = deps.storage.publicUrl(key);
  }
  if (Object.keys(values).length === 0) return;
  // Only while still unset: two tracks analysed at once must not overwrite each other's pick.
  await deps.db
    .update(releaseDrafts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(releaseDrafts.id, releaseId), ne(releaseDrafts.status, 'published')));
}

/** The job queue track analyses run on: two at a time across instances, three tries. */
export const INGEST_QUEUE = 'ingest-track';

/**
 * Hands a draft's analysis to the job queue. Never fails its caller: should the queue be
 * unreachable, the draft stays `queued` and the next start sends it again (resumeIngestion).
 */
export async function queueIngestion(deps: Pick<Deps, 'jobs' | 'log'>, draftId: number): Promise<void> {
  await deps.jobs
    .send(INGEST_QUEUE, { draftId }, { key: `draft-${draftId}` })
    .catch((err: unknown) => deps.log.error({ err, draftId }, 'could not queue a track analysis'));
}

/** Analyses left queued or half-done by a stopped process: sent again at start (once per draft). */
export async function resumeIngestion(deps: IngestDeps & Pick<Deps, 'jobs'>): Promise<number> {
  const rows = await deps.db
    .select({ id: trackDrafts.id })
    .from(trackDrafts)
    .where(and(inArray(trackDrafts.status, ['queued', 'processing']), isNotNull(trackDrafts.fileEntryId)));
  for (const { id } of rows) await queueIngestion(deps, id);
  return rows.length;
}
