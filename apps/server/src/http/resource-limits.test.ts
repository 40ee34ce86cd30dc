import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '#src/config';
import { createUser, guest, request, sessionFor, useApp } from '#test/helpers';
import { SseClient } from '#test/sse';

/**
 * RELIABILITY "resource limits" (docs/reliability.md): slow clients time out, header and body
 * sizes are capped, and one address cannot hold more than its share of event streams. A real
 * listening server with short deadlines, spoken to over raw sockets where inject cannot go.
 */
const HEADERS_TIMEOUT_MS = 1_000;
const REQUEST_TIMEOUT_MS = 2_000;
const STREAMS_PER_IP = 2;
const t = useApp({
  HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
  HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
  RADIO_EVENT_STREAMS_PER_IP: String(STREAMS_PER_IP),
});
let port = 0;
const open: SseClient[] = [];

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => {
  for (const c of open.splice(0)) c.close();
});

/** SPEC §8: `{message}` (and field errors), nothing else. */
function expectSpecShape(body: string) {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(typeof parsed.message).toBe('string');
  expect(Object.keys(parsed).filter((k) => k !== 'message' && k !== 'errors')).toEqual([]);
}

type Dripped = { received: string; closedAfterMs: number; sentBytes: number };

/**
 * Writes `head` at once, then `drip` one byte every `everyMs` until the server closes the socket
 * (or `giveUpMs` passes: the test then fails on the time it took, not by hanging).
 */
function drip(head: string, drip: string, everyMs: number, giveUpMs: number): Promise<Dripped> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let received = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const socket: Socket = connect(port, '127.0.0.1', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (socket.destroyed || !socket.writable) return;
        socket.write(drip[sent % drip.length]!);
        sent++;
      }, everyMs);
    });
    const giveUp = setTimeout(() => socket.destroy(), giveUpMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', () => {
      // A reset after the answer counts as closed; what arrived is judged below.
    });
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ received, closedAfterMs: Date.now() - started, sentBytes: sent });
    });
    socket.on('timeout', () => reject(new Error('socket timeout')));
  });
}

describe('slow clients', () => {
  it('has deliberate deadlines, not Node’s or Fastify’s defaults', () => {
    const defaults = loadConfig({});
    expect(defaults.http).toEqual({ headersTimeoutMs: 20_000, requestTimeoutMs: 300_000 });
    expect(t.app.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(t.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
  });

  it('cuts off a client sending its headers byte by byte (slowloris) with 408', {
    timeout: 30_000,
  }, async () => {
    const res = await drip(
      `GET /api/v1/bootstrap-data HTTP/1.1\r\nHost: 127.0.0.1\r\n`,
      'X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n',
      50,
      20_000,
    );
    // Cut at the deadline (plus the server's check interval), long before the giving-up bound.
    expect(res.closedAfterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
    expect(res.closedAfterMs).toBeLessThan(10_000);
    expect(res.received).toMatch(/^HTTP\/1\.1 408 /);
    expectSpecShape(res.received.slice(res.received.indexOf('\r\n\r\n') + 4));
  });

  it('cuts off a body trickled slower than the request deadline with 408', { timeout: 30_000 }, async () => {
    const body = JSON.stringify({ email: 'slow@example.test', password: 'x'.repeat(400) });
    const res = await drip(
      `POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
      50,
      20_000,
    );
    expect(res.sentBytes).toBeLessThan(body.length);
    expect(res.closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    expect(res.closedAfterMs).toBeLessThan(12_000);
    expect(res.received).toMatch(/^HTTP\/1\.1 408 /);
    expectSpecShape(res.received.slice(res.received.indexOf('\r\n\r\n') + 4));
  });

  it('keeps serving everyone else while a slow client waits', async () => {
    const slow = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => slow.once('connect', () => resolve()));
    slow.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      expect(res.status).toBe(200);
    } finally {
      slow.destroy();
    }
  });
});

describe('size limits', () => {
  it('answers 431 in the SPEC §8 shape to headers over 16 KB', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: '/api/v1/bootstrap-data', headers: { 'x-big': 'a'.repeat(20_000) } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => {
            body += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expectSpecShape(answer.body);
  });

  it('answers 413 in the SPEC §8 shape to a JSON body over 1 MB, as guest and user', async () => {
    const payload = JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(1024 * 1024) });
    const user = await sessionFor(t.db, (await createUser(t.db)).id);
    const calls = [
      { who: guest(), url: '/api/v1/auth/login' },
      { who: user, url: '/api/v1/playlists' },
    ];
    for (const { who, url } of calls) {
      const res = await request(t.app, who, {
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(413);
      expectSpecShape(res.body);
    }
  });
});

describe('event streams per address', () => {
  it('caps the now-playing streams one IP holds open (429, SPEC §8), and frees a place on disconnect', async () => {
    const url = `http://127.0.0.1:${port}/api/v1/radio/stations/zema/events`;
    for (let i = 0; i < STREAMS_PER_IP; i++) {
      const c = await SseClient.connect(url);
      open.push(c);
      expect(c.status).toBe(200);
    }
    const refused = await SseClient.connect(url);
    await refused.ended;
    expect(refused.status).toBe(429);
    expectSpecShape(refused.body);
    // A closed tab gives its place back (clean-up on disconnect).
    open.shift()!.close();
    await vi.waitFor(
      async () => {
        const again = await SseClient.connect(url);
        if (again.status !== 200) {
          await again.ended;
          throw new Error(`still ${again.status}`);
        }
        open.push(again);
      },
      { timeout: 10_000, interval: 100 },
    );
  });
});
