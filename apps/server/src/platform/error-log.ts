import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { appendFile, mkdir, open, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';

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

/** `error`: a request answered 500; `warning`: background work a request started failed. */
export type ErrorLogLevel = 'error' | 'warning';

export type ErrorLogEntry = {
  level?: ErrorLogLevel;
  /** The error's class (`TypeError`, `DatabaseError`…). */
  exception?: string;
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

export type LogFile = { name: string; day: string; seq: number };

/** One line of the log as read back (`id` = day.seq.offset, see contracts' ERROR_LOG_ENTRY_ID). */
export type ErrorLogRecord = {
  id: string;
  level: ErrorLogLevel;
  time: string;
  first_time: string | null;
  count: number;
  exception: string;
  message: string;
  method: string;
  route: string;
  url: string;
  reqId: string;
  fingerprint: string;
  stack: string | null;
};

/** Longest line a reader takes from an offset: message, stack and the fields around them. */
const MAX_LINE_BYTES = 64 * 1024;

const str = (v: unknown, fallback = '') => (typeof v === 'string' ? v : fallback);

/** The line at `offset` of `file`, parsed; null for a line that is not one of ours. */
function parseRecord(file: LogFile, offset: number, line: string): ErrorLogRecord | null {
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object' || typeof raw.time !== 'string') return null;
  return {
    id: `${file.day}.${file.seq}.${offset}`,
    // Lines written before levels existed were all request errors.
    level: raw.level === 'warning' ? 'warning' : 'error',
    time: raw.time,
    first_time: typeof raw.first_time === 'string' ? raw.first_time : null,
    count: typeof raw.count === 'number' && Number.isInteger(raw.count) ? raw.count : 1,
    exception: str(raw.exception, 'Error'),
    message: str(raw.message),
    method: str(raw.method),
    route: str(raw.route),
    url: str(raw.url),
    reqId: str(raw.reqId),
    fingerprint: str(raw.fingerprint),
    stack: typeof raw.stack === 'string' ? raw.stack : null,
  };
}

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
      await this.write(
        { time: now.toISOString(), fingerprint, ...entry, level: entry.level ?? 'error', count: 1 },
        now,
      );
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

  /**
   * Every line of `files` (in their order, each file's lines in the order written). A file is read
   * whole: each is at most `maxFileBytes`, and there are at most `maxFiles` of them.
   */
  async *read(files: LogFile[]): AsyncGenerator<ErrorLogRecord> {
    for (const file of files) {
      const bytes = await readFile(join(this.dir, file.name)).catch(() => null);
      if (!bytes) continue;
      let start = 0;
      while (start < bytes.length) {
        let end = bytes.indexOf(10, start);
        if (end === -1) end = bytes.length;
        const record = parseRecord(file, start, bytes.toString('utf8', start, end));
        if (record) yield record;
        start = end + 1;
      }
    }
  }

  /**
   * The line at `offset` of the day's `seq`th file; null unless a line of ours starts exactly
   * there. The file name is built from the parts, so no caller's text reaches the file system.
   */
  async entryAt(day: string, seq: number, offset: number): Promise<ErrorLogRecord | null> {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !Number.isSafeInteger(seq) || !Number.isSafeInteger(offset))
      return null;
    if (seq < 0 || offset < 0) return null;
    const file = { name: fileName(day, seq), day, seq };
    const handle = await open(join(this.dir, file.name), 'r').catch(() => null);
    if (!handle) return null;
    try {
      const from = Math.max(0, offset - 1);
      const buffer = Buffer.alloc(MAX_LINE_BYTES + 1);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, from);
      // A line starts at the beginning of the file or right after a newline.
      if (offset > 0 && (bytesRead === 0 || buffer[0] !== 10)) return null;
      const begin = offset - from;
      let end = buffer.indexOf(10, begin);
      if (end === -1 || end > bytesRead) end = bytesRead;
      if (end <= begin) return null;
      return parseRecord(file, offset, buffer.toString('utf8', begin, end));
    } finally {
      await handle.close();
    }
  }

  /** The day's files, oldest first (a busy day rotates into several). */
  async dayFiles(day: string): Promise<LogFile[]> {
    return (await this.files()).filter((f) => f.day === day);
  }

  /** Each day that has a log, with its size, newest first. */
  async days(): Promise<{ day: string; size: number; files: number }[]> {
    const byDay = new Map<string, { day: string; size: number; files: number }>();
    for (const file of await this.files()) {
      const size = (await stat(join(this.dir, file.name)).catch(() => null))?.size ?? 0;
      const day = byDay.get(file.day) ?? { day: file.day, size: 0, files: 0 };
      day.size += size;
      day.files++;
      byDay.set(file.day, day);
    }
    return [...byDay.values()].reverse();
  }

  /** The day's files as one stream, after a flush; null when the day has no log. */
  async dayStream(day: string): Promise<{ name: string; stream: () => NodeJS.ReadableStream } | null> {
    await this.flush();
    const files = await this.dayFiles(day);
    if (files.length === 0) return null;
    const dir = this.dir;
    return {
      name: `error-${day}.log`,
      stream: () =>
        Readable.from(
          (async function* () {
            for (const file of files) yield* createReadStream(join(dir, file.name));
          })(),
        ),
    };
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
    const { reqId, method, route, url, message, level, exception } = window.entry;
    await this.write(
      {
        time: window.last.toISOString(),
        first_time: window.first.toISOString(),
        fingerprint: window.fingerprint,
        level: level ?? 'error',
        exception,
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
