import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { configuredFfmpeg } from '#src/lib/ffmpeg';
import { tracks } from '#src/modules/catalogue/tables';
import type { Deps } from '#src/platform/deps';
import { answerRange, sendTrackStream, type TrackFileCache, takeStreamSlot } from './stream.http';
import {
  createTranscoder,
  type KeptTranscode,
  planTranscode,
  TRANSCODE_FORMATS,
  type TranscodeFormat,
  type TranscodePlan,
  type Transcoder,
} from './transcode';

/**
 * A track's audio as a listener asked for it: the stored file (stream.http.ts), or a transcode
 * (the web player's "Data saver", Subsonic apps on mobile data). One transcoder per app, so the web
 * and the apps share the kept copies of DATA_DIR/transcodes.
 */

/** What was asked of a track's audio: a format (`mp3`, `opus`, `aac`, `raw`), a bitrate limit, a start. */
export type AudioAsk = {
  format?: string | null | undefined;
  maxBitRate: number;
  offsetSeconds: number;
  /**
   * What a lossless stored file (FLAC, WAV) becomes when no format is asked (Subsonic apps: MP3,
   * at the bitrate limit or 320 kbps); absent = it goes out as it is.
   */
  losslessAs?: TranscodeFormat | null;
};

/** Stored formats a `losslessAs` ask transcodes by default. */
export const LOSSLESS_FORMATS: ReadonlySet<string> = new Set(['flac', 'wav']);
const LOSSLESS_DEFAULT_KBPS = 320;

const transcoders = new WeakMap<Deps, Promise<Transcoder | null>>();

/** The app's transcoder, or null without ffmpeg (then the stored file is what plays). */
export function trackTranscoder(deps: Deps, log: FastifyRequest['log']): Promise<Transcoder | null> {
  let found = transcoders.get(deps);
  if (!found) {
    found = configuredFfmpeg(deps.config.radio.ffmpegPath).then((ffmpeg) =>
      ffmpeg
        ? createTranscoder({
            ffmpeg,
            dir: join(deps.config.dataDir, 'transcodes'),
            maxBytes: deps.config.transcodeCacheBytes,
            log,
          })
        : null,
    );
    transcoders.set(deps, found);
  }
  return found;
}

/** The transcode `ask` means for a stored file, or null when the file plays as it is. */
export function transcodePlanOf(
  source: { format: string | null; bitrate: number | null },
  ask: AudioAsk,
): TranscodePlan | null {
  if (!ask.format && ask.losslessAs && source.format && LOSSLESS_FORMATS.has(source.format)) {
    const limit =
      ask.maxBitRate > 0 ? Math.min(ask.maxBitRate, LOSSLESS_DEFAULT_KBPS) : LOSSLESS_DEFAULT_KBPS;
    return { format: ask.losslessAs, kbps: Math.max(32, limit) };
  }
  const plan = planTranscode(source, { format: ask.format ?? undefined, maxBitRate: ask.maxBitRate });
  if (plan || ask.offsetSeconds <= 0) return plan;
  // A start part-way through (Subsonic's transcodeOffset) needs ffmpeg to cut the file.
  const same =
    source.format && source.format in TRANSCODE_FORMATS ? (source.format as TranscodeFormat) : 'mp3';
  return { format: same, kbps: source.bitrate ?? TRANSCODE_FORMATS[same].defaultKbps };
}

function mediaHeaders(reply: FastifyReply, cacheControl: string) {
  return reply
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('cross-origin-resource-policy', 'same-origin');
}

/** A kept transcode: a file like any other, so ranges, validators and seeking work. */
function sendKept(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  kept: KeptTranscode,
  plan: TranscodePlan,
) {
  mediaHeaders(reply, 'private, max-age=3600');
  const validators = {
    etag: `"t${kept.modifiedAt.getTime().toString(16)}-${kept.size.toString(16)}"`,
    lastModified: new Date(Math.floor(kept.modifiedAt.getTime() / 1000) * 1000),
  };
  const range = answerRange(
    request,
    reply,
    kept.size,
    validators,
    TRANSCODE_FORMATS[plan.format].contentType,
  );
  if (!range) return reply;
  if (request.method === 'HEAD' || range.length === 0) return reply.send();
  takeStreamSlot(deps, request, reply);
  return reply.send(createReadStream(kept.path, { start: range.start, end: range.end }));
}

/**
 * Sends track `trackId`'s audio as `ask` says. Nothing asked, no ffmpeg, or a stored file that fits
 * already: the stored file with ranges. Else the kept transcode with ranges, or a new one streamed
 * as ffmpeg makes it (200, no length: a player seeks within what it has loaded, and the next
 * request of the same transcode gets the kept copy with ranges).
 */
export async function sendTrackAudio(
  deps: Deps,
  files: TrackFileCache,
  request: FastifyRequest,
  reply: FastifyReply,
  trackId: number,
  ask: AudioAsk,
): Promise<FastifyReply> {
  if (!ask.format && !ask.maxBitRate && !ask.offsetSeconds && !ask.losslessAs) {
    return sendTrackStream(deps, files, request, reply, trackId);
  }
  const transcoder = await trackTranscoder(deps, request.server.log);
  if (!transcoder) return sendTrackStream(deps, files, request, reply, trackId);
  const [row] = await deps.db
    .select({ src: tracks.src, format: tracks.format, bitrate: tracks.bitrate })
    .from(tracks)
    .where(eq(tracks.id, trackId));
  const plan = row?.src ? transcodePlanOf(row, ask) : null;
  if (!row?.src || !plan) return sendTrackStream(deps, files, request, reply, trackId);

  if (ask.offsetSeconds === 0) {
    const kept = await transcoder.kept(row.src, plan);
    if (kept) return sendKept(deps, request, reply, kept, plan);
  }
  const contentType = TRANSCODE_FORMATS[plan.format].contentType;
  if (request.method === 'HEAD') {
    return mediaHeaders(reply, 'private, no-store').code(200).type(contentType).send();
  }
  // The file facts the stream reads too (cached): a stored file gone missing is a 404 there.
  const file = await files.get(trackId);
  if (!file) return sendTrackStream(deps, files, request, reply, trackId);
  // A transcode holds its connection while ffmpeg makes it.
  takeStreamSlot(deps, request, reply);
  const local = file.path;
  const stored = local ? null : await deps.storage.get(file.key);
  if (!local && !stored) return sendTrackStream(deps, files, request, reply, trackId);
  const out = await transcoder.open(
    row.src,
    local ? { path: local } : { stream: stored!.stream },
    plan,
    ask.offsetSeconds,
  );
  if (out.kind === 'kept') return sendKept(deps, request, reply, out, plan);
  return mediaHeaders(reply, 'private, no-store').code(200).type(contentType).send(out.stream);
}
