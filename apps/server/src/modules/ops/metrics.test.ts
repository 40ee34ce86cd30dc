// Both drivers: statement timing wraps PGlite's client or node-postgres' pooled ones; only PostgreSQL has a pool.
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '#src/http/cookies';
import { createSession } from '#src/modules/identity/index';
import { adminUserId, createUser, guest, request, tokenFor, useApp } from '#test/helpers';
import { SseClient } from '#test/sse';
import { streamKindOf } from './requests.http';

const TOKEN = 'test-metrics-token-0123456789';
const t = useApp({ METRICS_TOKEN: TOKEN });

/** A sample's value in Prometheus text: `name{labels} value`, labels compared as a set. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      found[key!] = value!;
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

async function scrape(): Promise<string> {
  const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

describe('GET /metrics without METRICS_TOKEN', () => {
  const bare = useApp();

  it('answers 404, as for a page that is not there, whatever is sent', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await bare.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.' });
      expect(res.body).not.toContain('zema_');
    }
    for (const url of ['/%6Detrics', '/metrics/', '//metrics', '/metrics?x=1']) {
      const res = await bare.app.inject({ url });
      expect(res.statusCode, url).not.toBe(200);
      expect(res.body, url).not.toContain('zema_');
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  it('refuses a scrape without the token, or with another one, with 401 and a Bearer challenge', async () => {
    const admin = await tokenFor(t.db, await adminUserId(t.db));
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`, TOKEN]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('zema_');
    }
    // Not even an admin's own access token: the metrics token is the only key.
    const res = await request(t.app, admin, { url: '/metrics' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses the route however its URL is spelled, and serves it so with the token', async () => {
    for (const url of ['/%6Detrics', '/%2Fmetrics', '/metrics/', '/metrics?x=1', '//metrics']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).not.toBe(200);
      expect(res.body, url).not.toContain('zema_http');
      const wrong = await t.app.inject({ url, headers: { authorization: 'Bearer wrong-token-0123456789' } });
      expect(wrong.statusCode, url).not.toBe(200);
      expect(wrong.body, url).not.toContain('zema_http');
    }
    for (const url of ['/metrics/', '/metrics?x=1']) {
      const res = await t.app.inject({ url, headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('serves Prometheus text with the token, uncached, with the process metrics', async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    for (const name of [
      'zema_process_resident_memory_bytes',
      'zema_process_cpu_seconds_total',
      'zema_nodejs_eventloop_lag_p99_seconds',
      'zema_nodejs_heap_size_used_bytes',
    ])
      expect(sample(res.body, name), name).toBeGreaterThan(0);
  });

  it('counts requests by route pattern and status, never by their URL', async () => {
    const labels = { method: 'GET', route: '/api/v1/tracks/:id' };
    const first = await guest().inject({ url: '/api/v1/tracks/918273645' }, t.app);
    const status = String(first.statusCode);
    const before = sample(await scrape(), 'zema_http_request_duration_seconds_count', {
      ...labels,
      status_code: status,
    });
    expect(before).toBeGreaterThanOrEqual(1);
    await guest().inject({ url: '/api/v1/tracks/918273646' }, t.app);
    const text = await scrape();
    expect(sample(text, 'zema_http_request_duration_seconds_count', { ...labels, status_code: status })).toBe(
      before! + 1,
    );
    expect(
      sample(text, 'zema_http_request_duration_seconds_bucket', {
        ...labels,
        status_code: status,
        le: '+Inf',
      }),
    ).toBe(before! + 1);
    expect(text).not.toContain('918273645');
    // A URL no route has (here the SPA's catch-all answers it) is counted under its pattern too.
    await t.app.inject({ url: '/no/such/page/4711' });
    expect(await scrape()).not.toContain('4711');
  });

  it('counts shared cache hits and misses', async () => {
    const lookups = (text: string, result: string) =>
      sample(text, 'zema_cache_lookups_total', { cache: 'shared', result }) ?? 0;
    const before = await scrape();
    const key = `ops-test:${Math.random()}`;
    expect(await t.deps.cache.get(key, async () => 1)).toBe(1);
    expect(await t.deps.cache.get(key, async () => 2)).toBe(1);
    expect(t.deps.cache.peek(key)).toEqual({ value: 1 });
    const after = await scrape();
    expect(lookups(after, 'miss') - lookups(before, 'miss')).toBe(1);
    expect(lookups(after, 'hit') - lookups(before, 'hit')).toBe(2);
  });

  it('times database statements, and shows the PostgreSQL pool', async () => {
    const driver = t.deps.database.driver;
    const count = (text: string) => sample(text, 'zema_db_query_duration_seconds_count', { driver }) ?? 0;
    const before = count(await scrape());
    await t.db.transaction(async (tx) => {
      await tx.execute('select 1');
      await tx.execute('select 2');
    });
    await t.deps.database.db.execute('select 3');
    const after = await scrape();
    expect(count(after) - before).toBeGreaterThanOrEqual(3);
    const pool = sample(after, 'zema_db_pool_connections', { state: 'total' });
    if (driver === 'postgres') {
      expect(pool).toBeGreaterThanOrEqual(1);
      expect(sample(after, 'zema_db_pool_connections', { state: 'waiting' })).toBe(0);
    } else expect(pool).toBeUndefined();
  });

  it('counts failed background tasks by name', async () => {
    t.deps.background.run('ops-test-task', async () => {
      throw new Error('planned failure');
    });
    t.deps.background.run('ops-test-task', async () => {});
    await t.deps.background.flush();
    expect(sample(await scrape(), 'zema_task_failures_total', { task: 'ops-test-task' })).toBe(1);
    t.deps.ops.taskFailed('ops-test-job');
    expect(sample(await scrape(), 'zema_task_failures_total', { task: 'ops-test-job' })).toBe(1);
  });

  it('counts open event streams until the client goes away', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const open = async () => sample(await scrape(), 'zema_open_connections', { kind: 'sse' }) ?? 0;
    const user = await createUser(t.db);
    const session = await createSession(t.db, user.id, { ip: '127.0.0.1', userAgent: 'vitest' });
    const before = await open();
    const client = await SseClient.connect(`${base}/api/v1/events`, {
      cookie: `${SESSION_COOKIE}=${session}`,
    });
    expect(client.status, client.body).toBe(200);
    expect(await open()).toBe(before + 1);
    client.close();
    await vi.waitFor(async () => expect(await open()).toBe(before));
  });
});

describe('stream kinds', () => {
  it('are told by route pattern', () => {
    expect(streamKindOf('/api/v1/events')).toBe('sse');
    expect(streamKindOf('/api/v1/radio/stations/:slug/events')).toBe('sse');
    expect(streamKindOf('/api/v1/tracks/:id/stream')).toBe('audio');
    expect(streamKindOf('/api/v1/radio/stations/:slug/stream')).toBe('radio');
    expect(streamKindOf('/rest/:method')).toBe('subsonic');
    expect(streamKindOf('/api/v1/tracks/:id')).toBeNull();
  });
});
