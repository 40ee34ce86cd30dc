import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { appendFile, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The error log admins download (DATA_DIR/logs): one JSON line per server error, bounded.
 * - by day: `error-YYYY-MM-DD.log` (UTC), then `error-YYYY-MM-DD.1.log`, `.2.log`… once a file
 *   would pass `maxFileBytes`;
 * - by count: only the newest `maxFiles` files are kept (so at most maxFiles × maxFileBytes);
 * - repeats: the first error of a kind (same fingerprint: method + route, message, top stack
 *   frame) is written at once; more of the same within `collapseWindowMs` of it are only counted,
 *   and written as one line `{count, first_time, time, …}` when the window has passed and the log
 *   is next touched (another error, a download, or shutdown).
 */
export const ERROR_LOG_LIMITS = {
  maxFileBytes: 5 * 1024 * 1024,
  maxFiles: 14,
  collapseWindowMs: 60_000,
} as const;

/** Longest message and stack kept in one entry (a failed query's message repeats its SQL). */
const MAX_MESSAGE = 2_000;
const MAX_STACK = 8_000;
/** Distinct errors tracked for collapsing at once; more flush the oldest window early. */
const MAX_WINDOWS = 500;

const LOG_FILE = /^error-(\d{4}-\d{2}-\d{2})(?:\.(\d{1,6}))?\.log$/;

export type ErrorLogEntry = {
  reqId: string;
  method: string;
  /** The route pattern (`/api/v1/playlists/:id`), so one bug on many ids is one kind of error. */
  route: string;
  url: string;
  message: string;
  stack: string | undefined;
};

export type ErrorLogOptions = {
  maxFileBytes?: number;
  maxFiles?: number;
  collapseWindowMs?: number;
  /** The clock (tests move it instead of waiting). */
  now?: () => Date;
};

type Window = {
  fingerprint: string;
  first: Date;
  last: Date;
  repeats: number;
  entry: ErrorLogEntry;
};

export function errorLogDir(dataDir: string) {
  return join(dataDir, 'logs');
}

function topFrame(stack: string | undefined): string {
  return (
    (stack ?? '')
      .split('\n')
      .find((line) => /^\s+at /.test(line))
      ?.trim() ?? ''
  );
}

export function errorFingerprint(
  entry: Pick<ErrorLogEntry, 'method' | 'route' | 'message' | 'stack'>,
): string {
  return createHash('sha256')
    .update(`${entry.method} ${entry.route}\n${entry.message}\n${topFrame(entry.stack)}`)
    .digest('hex')
    .slice(0, 16);
}

type LogFile = { name: string; day: string; seq: number };

function parseName(name: string): LogFile | null {
  const m = LOG_FILE.exec(name);
  return m ? { name, day: m[1]!, seq: m[2] ? Number(m[2]) : 0 } : null;
}

const byAge = (a: LogFile, b: LogFile) => (a.day === b.day ? a.seq - b.seq : a.day < b.day ? -1 : 1);
const fileName = (day: string, seq: number) => (seq ? `error-${day}.${seq}.log` : `error-${day}.log`);
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

export class ErrorLog {
  readonly dir: string;
  private readonly maxFileBytes: number;
  private readonly maxFiles: number;
  private readonly windowMs: number;
  private readonly now: () => Date;
  private readonly windows = new Map<string, Window>();
  /** Writes run one at a time, so sizes and rotation never race within this process. */
  private queue: Promise<unknown> = Promise.resolve();
  private current: { day: string; seq: number } | null = null;

  constructor(dataDir: string, opts: ErrorLogOptions = {}) {
    this.dir = errorLogDir(dataDir);
    this.maxFileBytes = opts.maxFileBytes ?? ERROR_LOG_LIMITS.maxFileBytes;
    this.maxFiles = Math.max(1, opts.maxFiles ?? ERROR_LOG_LIMITS.maxFiles);
    this.windowMs = opts.collapseWindowMs ?? ERROR_LOG_LIMITS.collapseWindowMs;
    this.now = opts.now ?? (() => new Date());
  }

  private run<T>(task: () => Promise<T>): Promise<T> {
    const next = this.queue.then(task, task);
    this.queue = next.catch(() => {});
    return next;
  }

  /** Records one server error (written now, or counted as a repeat). */
  append(raw: ErrorLogEntry): Promise<void> {
    return this.run(async () => {
      const now = this.now();
      await this.flushWindows(now, false);
      const entry = {
        ...raw,
        message: clip(raw.message, MAX_MESSAGE),
        stack: raw.stack && clip(raw.stack, MAX_STACK),
      };
      const fingerprint = errorFingerprint(entry);
      const open = this.windows.get(fingerprint);
      if (open) {
        open.repeats++;
        open.last = now;
        open.entry = entry;
        return;
      }
      if (this.windows.size >= MAX_WINDOWS) {
        const oldest = this.windows.values().next().value!;
        await this.writeSummary(oldest, now);
        this.windows.delete(oldest.fingerprint);
      }
      this.windows.set(fingerprint, { fingerprint, first: now, last: now, repeats: 0, entry });
      await this.write({ time: now.toISOString(), fingerprint, ...entry, count: 1 }, now);
    });
  }

  /** Writes the counts of repeats not yet written (a download or shutdown wants them now). */
  flush(): Promise<void> {
    return this.run(() => this.flushWindows(this.now(), true));
  }

  /** The newest file (after a flush), or null when nothing was ever logged. */
  async latest(): Promise<{ name: string; stream: () => NodeJS.ReadableStream } | null> {
    await this.flush();
    const newest = (await this.files()).at(-1);
    if (!newest) return null;
    return { name: newest.name, stream: () => createReadStream(join(this.dir, newest.name)) };
  }

  /** Log files, oldest first. */
  async files(): Promise<LogFile[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    return names
      .map(parseName)
      .filter((f): f is LogFile => f !== null)
      .sort(byAge);
  }

  private async flushWindows(now: Date, all: boolean) {
    for (const window of [...this.windows.values()]) {
      const expired = now.getTime() - window.first.getTime() >= this.windowMs;
      if (expired || all) await this.writeSummary(window, now);
      if (expired) this.windows.delete(window.fingerprint);
      else if (all) window.repeats = 0;
    }
  }

  private async writeSummary(window: Window, now: Date) {
    if (!window.repeats) return;
    const { reqId, method, route, url, message } = window.entry;
    await this.write(
      {
        time: window.last.toISOString(),
        first_time: window.first.toISOString(),
        fingerprint: window.fingerprint,
        reqId,
        method,
        route,
        url,
        message,
        count: window.repeats,
      },
      now,
    );
  }

  private async write(record: Record<string, unknown>, now: Date) {
    const line = `${JSON.stringify(record)}\n`;
    const bytes = Buffer.byteLength(line);
    const day = now.toISOString().slice(0, 10);
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    if (this.current?.day !== day) {
      // First write of this process or of a new day: continue the day's newest file, if any.
      const today = (await this.files()).filter((f) => f.day === day).at(-1);
      this.current = { day, seq: today?.seq ?? 0 };
    }
    let file = join(this.dir, fileName(day, this.current.seq));
    // Stat each time: another instance sharing DATA_DIR may have written to the same file.
    const size = (await stat(file).catch(() => null))?.size ?? 0;
    let rotated = size === 0;
    if (size > 0 && size + bytes > this.maxFileBytes) {
      this.current.seq++;
      file = join(this.dir, fileName(day, this.current.seq));
      rotated = true;
    }
    await appendFile(file, line, { mode: 0o600 });
    if (rotated) await this.prune();
  }

  /** Deletes all but the newest `maxFiles` files. */
  private async prune() {
    const files = await this.files();
    for (const old of files.slice(0, Math.max(0, files.length - this.maxFiles))) {
      await rm(join(this.dir, old.name), { force: true });
    }
  }
}
