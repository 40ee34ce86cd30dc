import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Transcoding for mobile data (the web player's "Data saver" and the Subsonic `stream` with
 * `maxBitRate`, `format`, `timeOffset`):
 * ffmpeg reads the stored file and its output goes to the app as it is made, never buffered whole.
 * A whole transcode (from the start) is also written to DATA_DIR/transcodes and, once ffmpeg has
 * finished cleanly, kept there for the next request of the same song, format and bitrate, within
 * a size limit (the least recently used go first).
 */

export const TRANSCODE_FORMATS = {
  mp3: {
    args: ['-c:a', 'libmp3lame', '-f', 'mp3'],
    contentType: 'audio/mpeg',
    suffix: 'mp3',
    defaultKbps: 128,
  },
  opus: { args: ['-c:a', 'libopus', '-f', 'ogg'], contentType: 'audio/ogg', suffix: 'opus', defaultKbps: 96 },
  aac: { args: ['-c:a', 'aac', '-f', 'adts'], contentType: 'audio/aac', suffix: 'aac', defaultKbps: 128 },
} as const;
export type TranscodeFormat = keyof typeof TRANSCODE_FORMATS;

const MIN_KBPS = 32;
const MAX_KBPS = 320;

export type TranscodePlan = { format: TranscodeFormat; kbps: number };

/**
 * What `stream` should send for a stored file of `source` format and bitrate: null = the file as
 * it is (`format=raw`, nothing asked, or what is stored already fits), else the transcode.
 */
export function planTranscode(
  source: { format: string | null; bitrate: number | null },
  asked: { format?: string; maxBitRate: number },
): TranscodePlan | null {
  const wanted = asked.format?.toLowerCase();
  if (wanted === 'raw') return null;
  const format = wanted && wanted in TRANSCODE_FORMATS ? (wanted as TranscodeFormat) : null;
  const limit = asked.maxBitRate > 0 ? Math.max(MIN_KBPS, Math.min(MAX_KBPS, asked.maxBitRate)) : null;
  const sameFormat = !format || format === source.format;
  const fits = limit === null || (source.bitrate !== null && source.bitrate <= limit);
  if (sameFormat && fits) return null;
  const target = format ?? 'mp3';
  const kbps = Math.min(limit ?? TRANSCODE_FORMATS[target].defaultKbps, source.bitrate ?? MAX_KBPS);
  return { format: target, kbps: Math.max(MIN_KBPS, kbps) };
}

export type TranscodeInput = { path: string } | { stream: Readable };

/** A finished transcode kept on disk: served like a stored file, with ranges and validators. */
export type KeptTranscode = { kind: 'kept'; path: string; size: number; modifiedAt: Date };
/** A transcode being made: its bytes as ffmpeg writes them, length unknown. */
export type LiveTranscode = { kind: 'live'; stream: Readable };

export type Transcoder = {
  /** The kept copy of `sourceKey`'s whole transcode by `plan`, or null when there is none yet. */
  kept(sourceKey: string, plan: TranscodePlan): Promise<KeptTranscode | null>;
  /**
   * The transcode of `input` (a stored file named `sourceKey`) by `plan`, from `offsetSeconds`:
   * the kept copy of an earlier one, or a stream of its bytes as ffmpeg makes them (kept in turn
   * once whole, when it starts at 0).
   */
  open(
    sourceKey: string,
    input: TranscodeInput,
    plan: TranscodePlan,
    offsetSeconds: number,
  ): Promise<KeptTranscode | LiveTranscode>;
};

export function createTranscoder(opts: {
  ffmpeg: string;
  dir: string;
  maxBytes: number;
  log: FastifyBaseLogger;
}): Transcoder {
  let _pruning: Promise<void> | null = null;

  /** Drops the least recently used copies until the kept ones fit in `maxBytes`. */
  async function prune() {
    const names = (await readdir(opts.dir).catch(() => [] as string[])).filter((n) => n.endsWith('.bin'));
    const files = (
      await Promise.all(
        names.map(async (name) => {
          const s = await stat(join(opts.dir, name)).catch(() => null);
          return s ? { name, size: s.size, used: s.mtimeMs } : null;
        }),
      )
    ).filter((f): f is { name: string; size: number; used: number } => f !== null);
    let total = files.reduce((sum, f) => sum + f.size, 0);
    for (const file of files.sort((a, b) => a.used - b.used)) {
      if (total <= opts.maxBytes) break;
      await rm(join(opts.dir, file.name), { force: true });
      total -= file.size;
    }
  }

  const idOf = (sourceKey: string, plan: TranscodePlan) =>
    createHash('sha256').update(`${sourceKey}|${plan.format}|${plan.kbps}`).digest('hex').slice(0, 40);

  async function keptCopy(path: string): Promise<KeptTranscode | null> {
    const found = await stat(path).catch(() => null);
    if (!found?.isFile()) return null;
    // Recency for the pruning, which drops the least recently used first.
    const now = new Date();
    await utimes(path, now, now).catch(() => {});
    return { kind: 'kept', path, size: found.size, modifiedAt: found.mtime };
  }

  return {
    async kept(sourceKey, plan) {
      return opts.maxBytes > 0 ? keptCopy(join(opts.dir, `${idOf(sourceKey, plan)}.bin`)) : null;
    },
    async open(sourceKey, input, plan, offsetSeconds) {
      const id = idOf(sourceKey, plan);
      const kept = join(opts.dir, `${id}.bin`);
      const keep = offsetSeconds === 0 && opts.maxBytes > 0;
      if (keep) {
        const found = await keptCopy(kept);
        if (found) {
          if ('stream' in input) input.stream.destroy();
          return found;
        }
      }
      const args = [
        '-hide_banner',
        '-loglevel',
        'error',
        ...(offsetSeconds > 0 ? ['-ss', String(offsetSeconds)] : []),
        '-i',
        'path' in input ? input.path : 'pipe:0',
        '-map',
        '0:a:0',
        '-vn',
        '-map_metadata',
        '-1',
        '-b:a',
        `${plan.kbps}k`,
        ...TRANSCODE_FORMATS[plan.format].args,
        'pipe:1',
      ];
      const child = spawn(opts.ffmpeg, args, { stdio: ['pipe', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        if (stderr.length < 2000) stderr += chunk.toString('utf8');
      });
      if ('stream' in input) {
        input.stream.pipe(child.stdin).on('error', () => {});
        child.stdin.on('error', () => {});
      } else child.stdin.end();

      const out = new PassThrough();
      let partial: string | null = null;
      let file: ReturnType<typeof createWriteStream> | null = null;
      if (keep) {
        await mkdir(opts.dir, { recursive: true });
        partial = join(opts.dir, `${id}.${randomBytes(6).toString('hex')}.part`);
        file = createWriteStream(partial);
        file.on('error', () => {
          file = null;
        });
      }
      child.stdout.on('data', (chunk: Buffer) => {
        file?.write(chunk);
        if (!out.write(chunk)) {
          child.stdout.pause();
          out.once('drain', () => child.stdout.resume());
        }
      });
      // The app went away: ffmpeg stops, nothing half-made is kept.
      let aborted = false;
      out.on('close', () => {
        if (child.exitCode === null && child.signalCode === null) {
          aborted = true;
          child.kill('SIGKILL');
        }
      });
      child.on('close', (code) => {
        const done = code === 0;
        if (!done && code !== null) {
          opts.log.warn({ code, stderr: stderr.slice(0, 500) }, 'transcode: ffmpeg failed');
        }
        out.end();
        const writer = file;
        if (!writer || !partial) return;
        const part = partial;
        writer.end(() => {
          if (!done || aborted) {
            void rm(part, { force: true });
            return;
          }
          void rename(part, kept)
            .then(() => {
              _pruning ??= prune().finally(() => {
                _pruning = null;
              });
            })
            .catch(() => rm(part, { force: true }));
        });
      });
      child.on('error', (err) => {
        opts.log.warn({ err }, 'transcode: ffmpeg could not start');
        out.destroy(err);
      });
      return { kind: 'live', stream: out };
    },
  };
}
