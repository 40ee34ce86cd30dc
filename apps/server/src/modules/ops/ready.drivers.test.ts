// Both drivers: readiness pings the database and reads drizzle's migrations table, and Redis when REDIS_URL is set.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '#src/db/client';
import { buildTestApp, guest, useApp } from '#test/helpers';
import { createReadiness } from './readiness.service';

const t = useApp();

describe('GET /ready', () => {
  it('answers 200 with each check on a healthy app, to anyone, uncached', async () => {
    const res = await guest().inject({ url: '/ready' }, t.app);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      status: 'ok',
      checks: {
        database: 'ok',
        redis: process.env.REDIS_URL ? 'ok' : 'off',
        storage: 'ok',
        migrations: 'ok',
      },
      failing: [],
    });
  });
});

describe('GET /health', () => {
  it('is liveness: it answers while the database does not, where /ready fails', async () => {
    const app = await buildTestApp();
    try {
      expect((await app.app.inject({ url: '/health' })).json()).toEqual({ status: 'ok' });
      // The database goes away under a running process: it is alive, and not ready.
      await app.deps.database.close();
      const live = await app.app.inject({ url: '/health' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
      const ready = await app.app.inject({ url: '/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ checks: { database: 'error' } });
    } finally {
      await app.close().catch(() => {});
    }
  });
});

describe('readiness checks', () => {
  const deps = () => ({ db: t.db, storage: t.deps.storage, log: t.deps.log });

  it('fail while the database lacks a migration of this build', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'zema-ops-migrations-'));
    try {
      const journal = JSON.parse(await readFile(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
        entries: { when: number; tag: string }[];
      };
      journal.entries.push({ ...journal.entries.at(-1)!, when: Date.now() + 86_400_000, tag: '9999_next' });
      await mkdir(join(folder, 'meta'));
      await writeFile(join(folder, 'meta/_journal.json'), JSON.stringify(journal));
      const ahead = createReadiness({ ...deps(), redis: null }, { reuseMs: 0, migrationsFolder: folder });
      expect(await ahead.check()).toMatchObject({ checks: { migrations: 'error' }, failing: ['migrations'] });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
