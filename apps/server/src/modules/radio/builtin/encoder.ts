import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * ffmpeg for the built-in station: every song re-encoded to one MP3 format (the same bitrate,
 * sample rate and channels), so the live stream never changes format between songs, which some
 * decoders do not survive. Without ffmpeg the broadcaster streams the stored MP3 frames as they are.
 */

/** The sample rate and channels for a bitrate: below 64 kbps MPEG-2 mono at 22.05 kHz (the demo
 * catalogue's own format), from 64 kbps MPEG-1 (joint) stereo at 44.1 kHz. */
export function streamFormat(bitrate: number): { sampleRate: number; channels: 1 | 2 } {
  return bitrate < 64 ? { sampleRate: 22050, channels: 1 } : { sampleRate: 44100, channels: 2 };
}

/** Bitrates (kbps) Layer III allows at the sample rate `streamFormat` picks for them. */
export const STREAM_BITRATES = [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];

export { findFfmpeg } from '#src/lib/ffmpeg';

export type EncodeOptions = {
  bitrate: number;
  /** Start this far into the track (a listener arriving mid-song needs nothing before it). */
  fromMs: number;
  /** Encode at most this much audio: the schedule cuts the song there anyway. */
  maxMs: number;
  signal: AbortSignal;
};

/**
 * `input` (any format ffmpeg reads) as constant-bitrate MP3 frames: no tags, no Xing frame (it
 * would be a silent frame between songs). The input goes through a temporary file, not a pipe,
 * because an MP4 whose index sits at its end cannot be read from a pipe. The child is killed past
 * a time limit or an output size a little above what `maxMs` at `bitrate` can produce.
 */
export async function encodeMp3(ffmpeg: string, input: Buffer, opts: EncodeOptions): Promise<Buffer> {
  const { sampleRate, channels } = streamFormat(opts.bitrate);
  const file = join(tmpdir(), `zema-radio-${randomBytes(8).toString('hex')}`);
  await writeFile(file, input, { mode: 0o600 });
  try {
    const args = ['-hide_banner', '-nostdin', '-v', 'error'];
    if (opts.fromMs > 0) args.push('-ss', (opts.fromMs / 1000).toFixed(3));
    args.push('-i', file, '-t', (opts.maxMs / 1000).toFixed(3));
    args.push('-map', '0:a:0', '-vn', '-map_metadata', '-1', '-id3v2_version', '0', '-write_xing', '0');
    args.push('-c:a', 'libmp3lame', '-b:a', `${opts.bitrate}k`, '-ar', `${sampleRate}`, '-ac', `${channels}`);
    args.push('-f', 'mp3', 'pipe:1');
    const maxBytes = Math.ceil(((opts.maxMs + 5000) / 1000) * opts.bitrate * 125 * 1.1);
    // LAME runs at 50-100× real time on one core: a generous limit still catches a stuck child.
    const timeoutMs = 30_000 + opts.maxMs / 5;
    return await new Promise<Buffer>((resolve, reject) => {
      const child = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: opts.signal });
      const chunks: Buffer[] = [];
      let size = 0;
      let stderr = '';
      let failure: Error | null = null;
      const kill = (err: Error) => {
        failure ??= err;
        child.kill('SIGKILL');
      };
      const timer = setTimeout(() => kill(new Error(`ffmpeg took over ${timeoutMs} ms`)), timeoutMs);
      child.stdout.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) kill(new Error(`ffmpeg wrote over ${maxBytes} bytes`));
        else chunks.push(chunk);
      });
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (text: string) => {
        stderr = (stderr + text).slice(-2000);
      });
      child.on('error', (err) => kill(err));
      child.on('close', (code) => {
        clearTimeout(timer);
        if (failure) reject(failure);
        else if (code !== 0) reject(new Error(`ffmpeg exited with ${code}: ${stderr.trim()}`));
        else resolve(Buffer.concat(chunks, size));
      });
    });
  } finally {
    await rm(file, { force: true });
  }
}
