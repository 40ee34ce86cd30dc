import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/helpers';

let built: TestApp | undefined;
afterEach(async () => {
  await built?.close();
  built = undefined;
});

type Answer = { status: number; headers: IncomingHttpHeaders; body: string; socket: unknown };

/** One GET through `agent` (keep-alive: its one socket is reused while the server keeps it). */
function get(port: number, path: string, agent: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, socket: req.socket }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** Whether a new TCP connection to `port` is accepted. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('draining before shutdown', () => {
  it('refuses new connections and readiness, and still answers what an open connection sends, closing it', async () => {
    built = await buildTestApp();
    const { app } = built;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const before = await get(port, '/ready', agent);
      expect(before.status).toBe(200);
      expect(before.headers.connection).toBe('keep-alive');

      const drained = app.deps.ops.drain.start({ graceMs: 10_000 });
      expect(app.deps.ops.drain.active).toBe(true);
      expect(await accepts(port)).toBe(false);

      // The balancer's kept connection brings one more request: answered in full (not Fastify's
      // closing 503), saying not ready, and the connection ends with it.
      const last = await get(port, '/ready', agent);
      expect(last.socket).toBe(before.socket);
      expect(last.status).toBe(503);
      expect(JSON.parse(last.body)).toMatchObject({ status: 'error', failing: ['closing'] });
      expect(last.headers.connection).toBe('close');
      const health = await get(port, '/health', agent).catch((err: NodeJS.ErrnoException) => err.code);
      expect(health).toBe('ECONNREFUSED');

      // No connection left: the drain ends long before its grace period, and close() follows.
      const started = performance.now();
      await drained;
      expect(performance.now() - started).toBeLessThan(5000);
      await built.close();
      built = undefined;
      expect(app.server.listening).toBe(false);
    } finally {
      agent.destroy();
    }
  });

  it('closes connections that stay idle once the grace period is over', async () => {
    built = await buildTestApp();
    const { app } = built;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await get(port, '/health', agent);
      const closed = new Promise<void>((resolve) =>
        (first.socket as NodeJS.EventEmitter).once('close', resolve),
      );
      await app.deps.ops.drain.start({ graceMs: 50 });
      await closed;
      const readiness = await app.deps.ops.readiness.check();
      expect(readiness.failing).toContain('closing');
    } finally {
      agent.destroy();
    }
  });
});
