import { createReadStream } from 'node:fs';
import { appendFile, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

const LOG_FILE = /^error-\d{4}-\d{2}-\d{2}\.log$/;

export type ErrorLogEntry = {
  reqId: string;
  method: string;
  url: string;
  message: string;
  stack: string | undefined;
};

export function errorLogDir(dataDir: string) {
  return join(dataDir, 'logs');
}

/** Appends one JSON line to DATA_DIR/logs/error-YYYY-MM-DD.log (UTC day). */
export async function appendErrorLog(dataDir: string, entry: ErrorLogEntry, now = new Date()) {
  const dir = errorLogDir(dataDir);
  await mkdir(dir, { recursive: true });
  const file = join(dir, `error-${now.toISOString().slice(0, 10)}.log`);
  await appendFile(file, `${JSON.stringify({ time: now.toISOString(), ...entry })}\n`, { mode: 0o600 });
}

/** The newest daily log, or null when nothing was ever logged. */
export async function latestErrorLog(dataDir: string) {
  const dir = errorLogDir(dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const newest = names
    .filter((n) => LOG_FILE.test(n))
    .sort()
    .at(-1);
  if (!newest) return null;
  return { name: newest, stream: () => createReadStream(join(dir, newest)) };
}
