import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Audio fixtures made by ffmpeg in a temporary folder per test file (nothing big is committed);
 * each test file gets its own folder, so files run in parallel safely.
 */
export async function audioFixtureDir(): Promise<{
  dir: string;
  path: (name: string) => string;
  cleanup: () => Promise<void>;
}> {
  const dir = await mkdtemp(join(tmpdir(), 'zema-audio-'));
  return { dir, path: (name) => join(dir, name), cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Runs ffmpeg quietly with `args` (inputs, filters, output). */
export async function ffmpeg(...args: string[]): Promise<void> {
  await run('ffmpeg', ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args], {
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** ffmpeg's own EBU R128 meter on a file: integrated loudness (LUFS) and true peak (dBTP). */
export async function ffmpegLoudness(file: string): Promise<{ integrated: number; truePeak: number }> {
  const { stderr } = await run(
    'ffmpeg',
    ['-hide_banner', '-nostdin', '-nostats', '-i', file, '-af', 'ebur128=peak=true', '-f', 'null', '-'],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  // The summary comes last: take the last "I:" and "Peak:" lines.
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const integrated = /I:\s+(-?[\d.]+|-inf) LUFS/.exec(summary)?.[1];
  const truePeak = /Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)?.[1];
  if (!integrated || !truePeak) throw new Error(`No ebur128 summary from ffmpeg for ${file}`);
  return { integrated: Number.parseFloat(integrated), truePeak: Number.parseFloat(truePeak) };
}
