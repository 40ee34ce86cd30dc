// Both drivers: the health page reports the database driver and Redis.
import { beforeAll, describe, expect, it } from 'vitest';
import { adminUserId, type Client, request, sessionFor, useApp } from '#test/helpers';

let clock = new Date('2026-03-01T10:00:00Z');
const t = useApp({}, { errorLog: { now: () => clock } });
let admin: Client;
const get = (url: string) => request(t.app, admin, { url });

beforeAll(async () => {
  admin = await sessionFor(t.db, await adminUserId(t.db));
  // An error on each of two days: two log files, as logs.test.ts writes them.
  for (const at of ['2026-03-01T10:00:00Z', '2026-03-02T09:00:00Z']) {
    clock = new Date(at);
    await t.app.deps.errorLog.append({
      level: 'error',
      exception: 'TypeError',
      reqId: `req-${at}`,
      method: 'GET',
      route: '/api/v1/things/:id',
      url: '/api/v1/things/7',
      message: `an error on ${at}`,
      stack: undefined,
    });
  }
  clock = new Date('2026-03-02T12:00:00Z');
  await t.app.deps.errorLog.flush();
});

describe('GET /api/v1/admin/system/health', () => {
  it('answers the database driver and size, Redis, storage, version and uptime', async () => {
    await t.app.deps.storage.put('images/health-check.webp', Buffer.alloc(1234), 'image/webp');
    const res = await get('/api/v1/admin/system/health');
    expect(res.statusCode, res.body).toBe(200);
    const health = res.json();
    expect(health.database).toMatchObject({ driver: t.deps.database.driver, ok: true });
    expect(health.database.size).toBeGreaterThan(1_000_000);
    expect(health.database.server_version).toMatch(/^\d+/);
    expect(health.redis).toEqual(
      process.env.REDIS_URL
        ? { enabled: true, ok: true, latency_ms: expect.any(Number) }
        : { enabled: false, ok: null, latency_ms: null },
    );
    expect(health.storage).toMatchObject({ driver: 'local', partial: false });
    expect(health.storage.used).toBeGreaterThanOrEqual(1234);
    expect(health.storage.files).toBeGreaterThanOrEqual(1);
    expect(health.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(health.node).toBe(process.versions.node);
    expect(health.uptime).toBeGreaterThanOrEqual(0);
    expect(health.mail).toEqual({ driver: 'outbox' });
    expect(health.error_log.files).toBe(2);
  });
});
