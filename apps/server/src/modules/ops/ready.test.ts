// Both drivers: readiness pings the database and reads drizzle's migrations table, and Redis when REDIS_URL is set.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#src/config';
import { MIGRATIONS_FOLDER } from '#src/db/client';
import { createS3Storage } from '#src/platform/s3-storage';
import { createLocalStorage, type FileStorage } from '#src/platform/storage';
import { buildTestApp, guest, useApp } from '#test/helpers';
import { startS3 } from '#test/s3';
import { createReadiness } from './readiness.service';

const t = useApp();

/** A Redis that answers PING as told: a failure, or never. */
const fakeRedis = (ping: () => Promise<string>) => ({ ping }) as unknown as Redis;

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

  it('holds a load balancer polling it (no rate limit)', async () => {
    for (let i = 0; i < 40; i++) expect((await t.app.inject({ url: '/ready' })).statusCode).toBe(200);
  });

  it('answers 503 naming the storage when it fails', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'zema-ops-'));
    const local = createLocalStorage(dir);
    const broken: FileStorage = {
      ...local,
      stat: () => Promise.reject(Object.assign(new Error('EIO: i/o error'), { code: 'EIO' })),
    };
    const app = await buildTestApp({}, { storage: broken });
    try {
      const res = await app.app.inject({ url: '/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'error',
        checks: { database: 'ok', storage: 'error', migrations: 'ok' },
        failing: ['storage'],
      });
      // Liveness is not readiness: the process answers.
      expect((await app.app.inject({ url: '/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    }
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

  it('fail on a Redis that refuses or does not answer in time', async () => {
    const refused = createReadiness(
      { ...deps(), redis: fakeRedis(() => Promise.reject(new Error('ECONNREFUSED'))) },
      { reuseMs: 0 },
    );
    expect(await refused.check()).toMatchObject({
      status: 'error',
      checks: { redis: 'error' },
      failing: ['redis'],
    });
    const silent = createReadiness(
      { ...deps(), redis: fakeRedis(() => new Promise(() => {})) },
      { reuseMs: 0, timeoutMs: 50 },
    );
    expect(await silent.check()).toMatchObject({ status: 'error', failing: ['redis'] });
  });

  it('ask S3 for the bucket itself, so a missing bucket fails too', async () => {
    const s3 = await startS3();
    try {
      const storage = (bucket: string) => createS3Storage(loadConfig({ ...s3.env, S3_BUCKET: bucket }).s3!);
      const there = createReadiness({ ...deps(), redis: null, storage: storage(s3.bucket) }, { reuseMs: 0 });
      expect(await there.check()).toMatchObject({ status: 'ok', checks: { storage: 'ok' } });
      const missing = createReadiness(
        { ...deps(), redis: null, storage: storage('no-such-bucket') },
        { reuseMs: 0 },
      );
      expect(await missing.check()).toMatchObject({ checks: { storage: 'error' }, failing: ['storage'] });
    } finally {
      await s3.close();
    }
  });

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

  it('share one round between concurrent probes, and reuse it for a moment', async () => {
    let pings = 0;
    const readiness = createReadiness({
      ...deps(),
      redis: fakeRedis(async () => {
        pings++;
        return 'PONG';
      }),
    });
    const reports = await Promise.all(Array.from({ length: 20 }, () => readiness.check()));
    expect(reports.every((r) => r.status === 'ok')).toBe(true);
    await readiness.check();
    expect(pings).toBe(1);
  });

  it('report not ready once the server is closing', async () => {
    const readiness = createReadiness({ ...deps(), redis: null });
    expect((await readiness.check()).status).toBe('ok');
    readiness.closing();
    expect(await readiness.check()).toMatchObject({ status: 'error', failing: ['closing'] });
  });
});
