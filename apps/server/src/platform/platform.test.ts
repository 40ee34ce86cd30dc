// Both drivers: rate limits on the configured store; shutdown closes the pool and Redis.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
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
      expect(t.app.pubsub.driver).toBe(process.env.REDIS_URL ? 'redis' : 'memory');
    } finally {
      await t.close();
    }
  });
});

/** A port nobody listens on now (the OS picks it; it is given back at once for the child to take). */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

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

  // Readiness, not speed: the test waits for the process to say it listens and for /health to
  // answer, however long a loaded machine takes to start it; only a hang hits the test's limit.
  it('main.ts starts, prints the URL and admin login, answers /health, and exits 0 on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'zema-main-'));
    const serverRoot = resolve(import.meta.dirname, '../..');
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        APP_URL: url,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    try {
      let out = '';
      child.stderr.on('data', (d) => {
        out += d;
      });
      await new Promise<void>((ready, fail) => {
        child.stdout.on('data', (d) => {
          out += d;
          if (/Admin login: admin@zema\.local \/ [A-Za-z0-9]{16}/.test(out)) ready();
        });
        void exited.then((code) => fail(new Error(`exited before it was ready, with ${code}:\n${out}`)));
      });
      expect(out).toContain(`Zema is running at ${url}`);
      // It printed its URL after listening: the server answers there.
      const health = await fetch(`${url}/health`);
      expect(health.status).toBe(200);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    }
    // A generous limit for a first start (migrations, demo catalogue) on a machine busy with other work.
  }, 180_000);
});
