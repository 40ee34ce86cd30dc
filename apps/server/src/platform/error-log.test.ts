import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminUserId, buildTestApp, request, sessionFor } from '#test/helpers';
import { ERROR_LOG_LIMITS, ErrorLog, type ErrorLogEntry } from './error-log';

let dataDir: string;
let clock: Date;
const now = () => clock;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const logDir = () => join(dataDir, 'logs');

const entry = (n: number | string, extra: Partial<ErrorLogEntry> = {}): ErrorLogEntry => ({
  reqId: `req-${n}`,
  method: 'GET',
  route: '/api/v1/things/:id',
  url: `/api/v1/things/${n}`,
  message: `failure ${n}`,
  stack: `Error: failure ${n}\n    at handler (/app/src/things.ts:10:5)`,
  ...extra,
});

async function lines(name: string) {
  const text = await readFile(join(logDir(), name), 'utf8');
  return text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'zema-error-log-'));
  clock = new Date('2026-03-01T10:00:00.000Z');
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

describe('ErrorLog', () => {
  it('keeps documented default limits', () => {
    expect(ERROR_LOG_LIMITS).toEqual({
      maxFileBytes: 5 * 1024 * 1024,
      maxFiles: 14,
      collapseWindowMs: 60_000,
    });
  });

  it('starts a new file when the next line would pass the size limit', async () => {
    const log = new ErrorLog(dataDir, { now, maxFileBytes: 700, maxFiles: 100 });
    for (let i = 0; i < 6; i++) await log.append(entry(i));
    const files = (await log.files()).map((f) => f.name);
    expect(files.length).toBeGreaterThan(2);
    expect(files[0]).toBe('error-2026-03-01.log');
    expect(files[1]).toBe('error-2026-03-01.1.log');
    for (const name of await readdir(logDir())) {
      const size = (await readFile(join(logDir(), name))).length;
      expect(size, name).toBeLessThanOrEqual(700);
    }
    // Nothing lost: every error is in some file, in order.
    const all = (await Promise.all(files.map(lines))).flat();
    expect(all.map((l) => l.reqId)).toEqual([0, 1, 2, 3, 4, 5].map((i) => `req-${i}`));
  });

  it('starts a new file each UTC day and continues the day after a restart', async () => {
    let log = new ErrorLog(dataDir, { now });
    await log.append(entry('a'));
    advance(24 * 3600_000);
    await log.append(entry('b'));
    expect((await log.files()).map((f) => f.name)).toEqual(['error-2026-03-01.log', 'error-2026-03-02.log']);
    log = new ErrorLog(dataDir, { now });
    await log.append(entry('c'));
    expect((await lines('error-2026-03-02.log')).map((l) => l.reqId)).toEqual(['req-b', 'req-c']);
  });

  it('keeps only the newest maxFiles files', async () => {
    // Files of an older run count too; other files in the folder are left alone.
    await mkdir(logDir(), { recursive: true });
    await writeFile(join(logDir(), 'error-2026-02-01.log'), '{}\n');
    await writeFile(join(logDir(), 'notes.txt'), 'kept');
    const log = new ErrorLog(dataDir, { now, maxFileBytes: 400, maxFiles: 3 });
    for (let day = 0; day < 3; day++) {
      for (let i = 0; i < 3; i++) await log.append(entry(`${day}-${i}`));
      advance(24 * 3600_000);
    }
    const files = await log.files();
    expect(files).toHaveLength(3);
    const newest = files.at(-1)!;
    expect(newest.day).toBe('2026-03-03');
    expect((await lines(newest.name)).at(-1)!.reqId).toBe('req-2-2');
    expect((await readdir(logDir())).sort()).toEqual([...files.map((f) => f.name), 'notes.txt'].sort());
    expect(files.some((f) => f.day === '2026-02-01')).toBe(false);
  });

  it('collapses repeats within a minute into one entry with a count', async () => {
    const log = new ErrorLog(dataDir, { now });
    await log.append(entry(1, { reqId: 'first' }));
    for (let i = 0; i < 4; i++) {
      advance(10_000);
      await log.append(entry(1, { reqId: `again-${i}`, url: `/api/v1/things/1?try=${i}` }));
    }
    // Another error is written at once; the repeats are still only counted.
    await log.append(entry(2));
    let written = await lines('error-2026-03-01.log');
    expect(written.map((l) => [l.reqId, l.count])).toEqual([
      ['first', 1],
      ['req-2', 1],
    ]);
    // Once the minute has passed, the next touch writes the count of the repeats.
    advance(30_000);
    await log.append(entry(1, { reqId: 'after-window' }));
    written = await lines('error-2026-03-01.log');
    expect(written).toHaveLength(4);
    expect(written[2]).toMatchObject({
      count: 4,
      first_time: '2026-03-01T10:00:00.000Z',
      time: '2026-03-01T10:00:40.000Z',
      reqId: 'again-3',
      message: 'failure 1',
      fingerprint: written[0]!.fingerprint,
    });
    expect(written[3]).toMatchObject({ reqId: 'after-window', count: 1 });
  });

  it('tells errors apart by route, message and top frame, not by id or request', async () => {
    const log = new ErrorLog(dataDir, { now });
    await log.append(entry(1));
    await log.append(entry(1, { url: '/api/v1/things/2', reqId: 'other-id' }));
    await log.append(entry(1, { method: 'POST' }));
    await log.append(entry(1, { stack: 'Error: failure 1\n    at other (/app/src/other.ts:1:1)' }));
    const written = await lines('error-2026-03-01.log');
    expect(written.map((l) => l.reqId)).toEqual(['req-1', 'req-1', 'req-1']);
  });

  it('writes pending counts on flush, and later repeats are counted anew', async () => {
    const log = new ErrorLog(dataDir, { now });
    await log.append(entry(1));
    await log.append(entry(1));
    await log.append(entry(1));
    await log.flush();
    await log.append(entry(1));
    await log.flush();
    expect((await lines('error-2026-03-01.log')).map((l) => l.count)).toEqual([1, 2, 1]);
  });

  it('serves the newest file as the latest, repeats included', async () => {
    const log = new ErrorLog(dataDir, { now, maxFileBytes: 400 });
    for (let i = 0; i < 4; i++) await log.append(entry(i));
    await log.append(entry(3));
    const latest = await log.latest();
    expect(latest!.name).toBe((await log.files()).at(-1)!.name);
    expect(latest!.name).not.toBe('error-2026-03-01.log');
    const text = await new Promise<string>((resolve) => {
      let out = '';
      latest!
        .stream()
        .on('data', (c) => {
          out += c;
        })
        .on('end', () => resolve(out));
    });
    // The repeat of error 3 was flushed into the newest file before it was served.
    const last = JSON.parse(text.trim().split('\n').at(-1)!);
    expect(last).toMatchObject({ reqId: 'req-3', count: 1, first_time: '2026-03-01T10:00:00.000Z' });
  });
});

describe('GET /api/v1/logs/error/download-latest', () => {
  it('downloads the newest file after rotation', async () => {
    const t = await buildTestApp({}, { errorLog: { maxFileBytes: 3000 } });
    try {
      t.app.get('/api/v1/test/explode/:n', { config: { access: 'guest' } }, async (req) => {
        throw new Error(`explosion ${(req.params as { n: string }).n}`);
      });
      for (let i = 0; i < 8; i++) {
        const res = await t.app.inject({
          url: `/api/v1/test/explode/${i}`,
          headers: { 'x-request-id': `boom-${i}` },
        });
        expect(res.statusCode).toBe(500);
      }
      const files = await t.app.deps.errorLog.files();
      expect(files.length).toBeGreaterThan(1);
      const admin = await sessionFor(t.db, await adminUserId(t.db));
      const res = await request(t.app, admin, { url: '/api/v1/logs/error/download-latest' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${files.at(-1)!.name}"`);
      expect(res.body).toContain('boom-7');
      expect(res.body).not.toContain('boom-0');
    } finally {
      await t.close();
    }
  });
});
