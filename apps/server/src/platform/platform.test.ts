// Both drivers: rate limits on the configured store; shutdown closes the pool and Redis.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildTestApp, guest, request } from '#test/helpers';

describe('rate limiting', () => {
  it('is off by default and on for routes that ask for it, on the configured store', async () => {
    const t = await buildTestApp();
    try {
      const key = `test-${randomUUID()}`;
      t.app.post(
        '/api/v1/test/limited',
        {
          config: { access: 'guest', rateLimit: { max: 2, timeWindow: '1 minute', keyGenerator: () => key } },
        },
        async () => ({ ok: true }),
      );
      t.app.post('/api/v1/test/unlimited', { config: { access: 'guest' } }, async () => ({ ok: true }));
      const actor = guest();
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push(
          (await request(t.app, actor, { method: 'POST', url: '/api/v1/test/limited' })).statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 429]);
      const limited = await request(t.app, actor, { method: 'POST', url: '/api/v1/test/limited' });
      expect(limited.headers['retry-after']).toBeDefined();
      expect(typeof limited.json().message).toBe('string');
      for (let i = 0; i < 5; i++) {
        expect(
          (await request(t.app, actor, { method: 'POST', url: '/api/v1/test/unlimited' })).statusCode,
        ).toBe(200);
      }
      expect(t.app.deps.pubsub.driver).toBe(process.env.REDIS_URL ? 'redis' : 'memory');
    } finally {
      await t.close();
    }
  });
});

describe('graceful shutdown', () => {
  it('finishes in-flight requests when the app closes', async () => {
    const t = await buildTestApp();
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let entered!: () => void;
    const inHandler = new Promise<void>((r) => {
      entered = r;
    });
    t.app.get('/api/v1/test/slow', { config: { access: 'guest' } }, async () => {
      entered();
      await gate;
      return { finished: true };
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const pending = fetch(`http://127.0.0.1:${port}/api/v1/test/slow`);
    await inHandler;
    const closing = t.close();
    setTimeout(release, 100);
    const res = await pending;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ finished: true });
    await closing;
  });
});
