import { msg } from '@zema/contracts';
import { and, eq, isNotNull } from 'drizzle-orm';
import { tracks } from '#src/modules/catalogue/tables';
import type { Deps } from '#src/platform/deps';
import type { JobRun } from '#src/platform/jobs';
import { type AudioAnalysis, analyseAudioFile, IngestError } from './ingest/index';
import { withLocalStoredFile } from './stored-file';

/**
 * The analysis of a track's new audio file, off the admin's set-audio request (issue 35): the
 * request checks and takes the upload, marks the track `processing` with the file as its
 * `pending_src`, and hands the rest to the `track-audio` queue. The track keeps its previous audio
 * (`src`, duration, waveform …) until the job commits, so playback never reaches unread bytes.
 */

/** The job queue the admin's track audio is analysed on: two at a time across instances, three tries. */
export const TRACK_AUDIO_QUEUE = 'track-audio';

export type TrackAudioJob = { trackId: number; src: string };

type AudioDeps = Pick<Deps, 'db' | 'storage' | 'events' | 'log'>;

export type TrackAudio = {
  src: string;
  format: string;
  file_size: number;
  duration_ms: number;
  bitrate: number | null;
};

/** The track columns of its audio file, and of its analysis (null: not analysed, so cleared). */
export function trackAudioColumns(audio: TrackAudio, analysis: AudioAnalysis | null) {
  return {
    src: audio.src,
    format: audio.format,
    fileSize: audio.file_size,
    durationMs: audio.duration_ms,
    bitrate: audio.bitrate,
    waveform: analysis?.waveform ?? null,
    loudnessLufs: analysis?.loudness?.integratedLufs ?? null,
    truePeakDb: analysis?.loudness?.truePeakDb ?? null,
    checksum: analysis?.checksum ?? null,
  };
}

const pendingOf = async (deps: AudioDeps, trackId: number) =>
  (await deps.db.select({ pendingSrc: tracks.pendingSrc }).from(tracks).where(eq(tracks.id, trackId)))[0]
    ?.pendingSrc ?? null;

/** What a track says when its file could not be analysed after every try (no path, no driver's text). */
export const TRACK_AUDIO_UNREADABLE = msg('This file could not be read.');

/**
 * Ends the wait for `src` on its track, `failed` with `reason` (the track keeps its previous audio),
 * and removes the file, as nobody owns it any more. Nothing when the track waits for another file.
 */
async function refuseTrackAudio(deps: AudioDeps, { trackId, src }: TrackAudioJob, reason: string) {
  const failed = await deps.db
    .update(tracks)
    .set({ audioStatus: 'failed', audioError: reason, pendingSrc: null, updatedAt: new Date() })
    .where(and(eq(tracks.id, trackId), eq(tracks.pendingSrc, src)))
    .returning({ id: tracks.id });
  if (failed.length) await deps.storage.delete(src).catch(() => {});
}

/**
 * Analyses the file `src` waiting on track `trackId` (format by its bytes, duration, bitrate,
 * waveform, loudness, checksum) and makes it the track's audio; the previous file is removed after
 * the commit. A file that is not audio ends `failed` with the reason (the track keeps its previous
 * audio) and its bytes go, as nobody owns them any more. Safe to run twice and to find itself
 * overtaken: when the track is gone or waits for another file by then, it does nothing (the newer
 * request, or the deletion, removed this file). Other errors (storage unreachable) are thrown for
 * the queue to retry; on the last try (`run.last`) the track ends `failed` first, with a reason fit
 * for the admin (the error itself goes to the job's failed list), so it never stays `processing`.
 */
export async function analyseTrackAudio(deps: AudioDeps, job: TrackAudioJob, run?: JobRun): Promise<void> {
  try {
    await analyse(deps, job);
  } catch (err) {
    if (run?.last) {
      // Should this fail too (the database away), the track is sent again at the next start.
      await refuseTrackAudio(deps, job, TRACK_AUDIO_UNREADABLE).catch((failed: unknown) =>
        deps.log.error({ err: failed, trackId: job.trackId }, 'could not mark a track audio as failed'),
      );
    }
    throw err;
  }
}

async function analyse(deps: AudioDeps, job: TrackAudioJob): Promise<void> {
  const { trackId, src } = job;
  if ((await pendingOf(deps, trackId)) !== src) return;
  let analysis: AudioAnalysis;
  try {
    analysis = await withLocalStoredFile(deps, src, (path) => analyseAudioFile(path));
  } catch (err) {
    if (!(err instanceof IngestError)) {
      // Overtaken meanwhile: the newer request removed this file, which is why it could not be read.
      if ((await pendingOf(deps, trackId)) !== src) return;
      throw err;
    }
    await refuseTrackAudio(deps, job, err.message);
    return;
  }
  const audio: TrackAudio = {
    src,
    format: analysis.format,
    file_size: analysis.size,
    duration_ms: analysis.durationMs,
    bitrate: analysis.bitrate,
  };
  const previous = await deps.db.transaction(async (tx) => {
    // Under the row's lock: a newer set-audio request waits, or has already put its own file here.
    const [row] = await tx
      .select({ src: tracks.src, pendingSrc: tracks.pendingSrc })
      .from(tracks)
      .where(eq(tracks.id, trackId))
      .for('update');
    if (!row || row.pendingSrc !== src) return undefined;
    await tx
      .update(tracks)
      .set({
        ...trackAudioColumns(audio, analysis),
        audioStatus: 'ready',
        audioError: null,
        pendingSrc: null,
        updatedAt: new Date(),
      })
      .where(eq(tracks.id, trackId));
    return { src: row.src };
  });
  if (!previous) return;
  // After the commit: a failed removal leaves an orphan file, never a track without audio.
  if (previous.src && previous.src !== src) await deps.storage.delete(previous.src).catch(() => {});
  await deps.events.emit('catalogue.changed', {});
}

/**
 * Hands a track's new file to the job queue, one job per file (a newer file gets its own). Never
 * fails its caller: should the queue be unreachable, the track stays `processing` and the next
 * start sends it again (resumeTrackAudio).
 */
export async function queueTrackAudio(deps: Pick<Deps, 'jobs' | 'log'>, job: TrackAudioJob): Promise<void> {
  await deps.jobs
    .send(TRACK_AUDIO_QUEUE, job, { key: `track-audio-${job.trackId}-${job.src}` })
    .catch((err: unknown) =>
      deps.log.error({ err, trackId: job.trackId }, 'could not queue a track audio analysis'),
    );
}

/** Analyses left waiting by a stopped process: sent again at start (once per file, by key). */
export async function resumeTrackAudio(deps: Pick<Deps, 'db' | 'jobs' | 'log'>): Promise<number> {
  const rows = await deps.db
    .select({ trackId: tracks.id, src: tracks.pendingSrc })
    .from(tracks)
    .where(isNotNull(tracks.pendingSrc));
  for (const { trackId, src } of rows) if (src) await queueTrackAudio(deps, { trackId, src });
  return rows.length;
}
