// Both drivers: the listener's /health and /ready reach the database.
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '#test/helpers';

const TOKEN = 'listener-metrics-token-0123456789';

describe('METRICS_PORT', () => {
  it('serves /metrics, /health and /ready on loopback, nothing else, until the app closes', async () => {
    const t = await buildTestApp({ METRICS_PORT: '0', METRICS_TOKEN: TOKEN });
    let base = '';
    try {
      // Nothing listens before the app is ready (a script building the app opens no port).
      expect(t.deps.ops.listener).toBeUndefined();
      await t.app.ready();
      const address = t.deps.ops.listener!.address();
      expect(address.address).toBe('127.0.0.1');
      base = `http://127.0.0.1:${address.port}`;

      const refused = await fetch(`${base}/metrics`);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      const metrics = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(metrics.status).toBe(200);
      expect(metrics.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await metrics.text()).toContain('zema_process_resident_memory_bytes');

      const health = await fetch(`${base}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${base}/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: 'ok', failing: [] });

      // Only those three: not the API, not the site.
      for (const path of ['/api/v1/bootstrap-data', '/', '/storage/x.png'])
        expect((await fetch(`${base}${path}`)).status, path).toBe(404);
      expect((await fetch(`${base}/ready`, { method: 'POST' })).status).toBe(405);
    } finally {
      await t.close();
    }
    await expect(fetch(`${base}/health`)).rejects.toThrow();
  });

  it('is open without METRICS_TOKEN (it binds to loopback by default)', async () => {
    const t = await buildTestApp({ METRICS_PORT: '0' });
    try {
      await t.app.ready();
      const res = await fetch(`http://127.0.0.1:${t.deps.ops.listener!.address().port}/metrics`);
      expect(res.status).toBe(200);
      // The main port still hides it.
      expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
