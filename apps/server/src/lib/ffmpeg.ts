import { execFile } from 'node:child_process';

const found = new Map<string, Promise<string | null>>();

/**
 * The ffmpeg command to use, or null: `path` (default `ffmpeg` on the PATH) when it runs and has
 * the LAME encoder (Debian's has it, and libopus and the native AAC encoder with it). Asked once
 * per process and path. Used by the built-in radio station and the Subsonic transcoder.
 */
export function findFfmpeg(path = 'ffmpeg'): Promise<string | null> {
  let answer = found.get(path);
  if (!answer) {
    answer = new Promise((resolve) => {
      execFile(path, ['-hide_banner', '-version'], { timeout: 10_000 }, (err, stdout) => {
        resolve(!err && stdout.includes('--enable-libmp3lame') ? path : null);
      });
    });
    found.set(path, answer);
  }
  return answer;
}

/** FFMPEG_PATH as configured (undefined: `ffmpeg` on the PATH; null: none) → the command or null. */
export function configuredFfmpeg(path: string | null | undefined): Promise<string | null> {
  return path === null ? Promise.resolve(null) : findFfmpeg(path ?? 'ffmpeg');
}
