// Readiness with failing storage, Redis stand-ins and S3; the checks that ping the database, read
// drizzle's migrations table and ping Redis are in ready.drivers.test.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#src/config';
import { createS3Storage } from '#src/platform/s3-storage';
import { createLocalStorage, type FileStorage } from '#src/platform/storage';
import { buildTestApp, useApp } from '#test/helpers';
import { startS3 } from '#test/s3';
import { createReadiness } from './readiness.service';

const t = useApp();

/** A Redis that answers PING as told: a failure, or never. */
const fakeRedis = (ping: () => Promise<string>) => ({ ping }) as unknown as Redis;

describe('GET /ready', () => {
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
