// Both drivers: live events in memory or on the Redis bus, two instances sharing Redis.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '#src/app';
import { SESSION_COOKIE } from '#src/http/cookies';
import { sha256Hex } from '#src/lib/tokens';
import { createSession, deleteSession } from '#src/modules/identity/index';
import { INVALIDATION_CHANNEL } from '#src/platform/shared-cache';
import {
  buildTestApp,
  Client,
  createUser,
  guest,
  randomIp,
  request,
  sessionFor,
  tokenFor,
  uniqueSuffix,
  useApp,
} from '#test/helpers';
import { SseClient } from '#test/sse';
import { createLiveStreams, StreamClosedError } from './live.service';

// Every app of this file publishes under its own prefix: test runs share one Redis, and user ids
// of other runs' databases would otherwise meet on the same channels.
const namespace = `test-live-${uniqueSuffix()}:`;
const live = { namespace, heartbeatMs: 100, credentialCheckMs: 60_000, maxStreamsPerUser: 3 };
const t = useApp({}, { live });

let base = '';
const open: SseClient[] = [];
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  for (const c of open.splice(0)) c.close();
  await vi.waitFor(() => expect(t.app.deps.liveStreams.stats.streams).toBe(0));
});

async function signedIn() {
  const user = await createUser(t.db);
  const token = await createSession(t.db, user.id, { ip: '127.0.0.1', userAgent: 'vitest' });
  return { id: user.id, token, cookie: `${SESSION_COOKIE}=${token}` };
}

async function connect(cookie: string, headers: Record<string, string> = {}, at = base) {
  const client = await SseClient.connect(`${at}/api/v1/events`, { cookie, ...headers });
  open.push(client);
  return client;
}

/** A stream that is open and subscribed: its `retry:` hint arrived. */
async function stream(cookie: string, headers: Record<string, string> = {}, at = base) {
  const client = await connect(cookie, headers, at);
  expect(client.status, client.body).toBe(200);
  expect((await client.next())?.retry).toBe(3000);
  return client;
}

const count = (userId: number, unreadCount: number) =>
  t.deps.live.publish(userId, 'notification.count', { unreadCount });

describe('GET /api/v1/events', () => {
  it('is for signed-in users only, and refuses a Last-Event-ID that is not an event id', async () => {
    const res = await request(t.app, guest(), { method: 'GET', url: '/api/v1/events' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });

    const anonymous = await connect('');
    expect(anonymous.status).toBe(401);

    const me = await signedIn();
    const plain = await request(t.app, await sessionFor(t.db, me.id), {
      method: 'GET',
      url: '/api/v1/events',
    });
    expect(plain.statusCode).toBe(406);
    expect(plain.json()).toEqual({ message: 'This is an event stream: send Accept: text/event-stream.' });
    const head = await request(t.app, await sessionFor(t.db, me.id), {
      method: 'HEAD',
      url: '/api/v1/events',
      headers: { accept: 'text/event-stream' },
    });
    expect(head.statusCode).toBe(404);

    const bad = await connect(me.cookie, { 'last-event-id': 'abc' });
    expect(bad.status).toBe(422);
    expect(JSON.parse(bad.body)).toEqual({
      message: 'The Last-Event-ID header must be an event id.',
      errors: { 'Last-Event-ID': ['The Last-Event-ID header must be an event id.'] },
    });
  });

  it('streams uncompressed server-sent events with an id on every event, and pings', async () => {
    const me = await signedIn();
    const client = await stream(me.cookie, { 'accept-encoding': 'br, gzip' });
    expect(client.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(client.headers['cache-control']).toBe('no-cache, no-transform');
    expect(client.headers['x-accel-buffering']).toBe('no');
    expect(client.headers['content-encoding']).toBeUndefined();

    await count(me.id, 4);
    await count(me.id, 5);
    const first = await client.nextEvent();
    const second = await client.nextEvent();
    expect(first).toEqual({
      id: expect.stringMatching(/^\d+$/),
      event: 'notification.count',
      data: '{"unreadCount":4}',
    });
    expect(JSON.parse(second.data!)).toEqual({ unreadCount: 5 });
    expect(Number(second.id)).toBeGreaterThan(Number(first.id));

    expect(await client.nextComment()).toBe('ping');
  });

  it('accepts a personal access token as well as the session cookie', async () => {
    const user = await createUser(t.db);
    const api = await tokenFor(t.db, user.id);
    const client = await stream('', { authorization: `Bearer ${api.token}` });
    await count(user.id, 1);
    expect((await client.nextEvent()).data).toBe('{"unreadCount":1}');
  });

  it("never delivers another user's events", async () => {
    const [alice, bob] = [await signedIn(), await signedIn()];
    const aliceStream = await stream(alice.cookie);
    const bobStream = await stream(bob.cookie);
    // Published in this order and delivered in order: had Bob's event reached Alice, it would
    // come before hers.
    await count(bob.id, 7);
    await count(alice.id, 1);
    expect(JSON.parse((await aliceStream.nextEvent()).data!)).toEqual({ unreadCount: 1 });
    expect(JSON.parse((await bobStream.nextEvent()).data!)).toEqual({ unreadCount: 7 });
    expect(aliceStream.events.filter((e) => e.event)).toHaveLength(1);
  });

  it('replays what a reconnecting tab missed after Last-Event-ID, in order and once', async () => {
    const me = await signedIn();
    const first = await stream(me.cookie);
    await count(me.id, 1);
    const seen = await first.nextEvent();
    first.close();
    await first.ended;

    await count(me.id, 2);
    await count(me.id, 3);
    const again = await stream(me.cookie, { 'last-event-id': seen.id! });
    await count(me.id, 4);
    const replayed = [await again.nextEvent(), await again.nextEvent(), await again.nextEvent()];
    expect(replayed.map((e) => JSON.parse(e.data!).unreadCount)).toEqual([2, 3, 4]);
    const ids = replayed.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids[0]).toBeGreaterThan(Number(seen.id));

    // A fresh tab (no Last-Event-ID) starts from now; so does one whose id is from before a
    // restart of the counter (ahead of every id issued): nothing replayed, new events delivered.
    const fresh = await stream(me.cookie);
    expect(again.events.filter((e) => e.event)).toHaveLength(3);
    again.close();
    await vi.waitFor(() => expect(t.app.deps.liveStreams.stats.streams).toBe(1));
    const ahead = await stream(me.cookie, { 'last-event-id': String(ids[2]! + 1000) });
    await count(me.id, 5);
    expect(JSON.parse((await fresh.nextEvent()).data!)).toEqual({ unreadCount: 5 });
    expect(JSON.parse((await ahead.nextEvent()).data!)).toEqual({ unreadCount: 5 });
    expect(fresh.events.filter((e) => e.event)).toHaveLength(1);
    expect(ahead.events.filter((e) => e.event)).toHaveLength(1);
  });

  it('cleans up when the tab closes: no stream, subscription or timer is left', async () => {
    const me = await signedIn();
    const a = await stream(me.cookie);
    const b = await stream(me.cookie);
    expect(t.app.deps.liveStreams.stats).toEqual({ streams: 2, users: 1, subscriptions: 2, timers: 2 });
    a.close();
    await vi.waitFor(() => expect(t.app.deps.liveStreams.stats.streams).toBe(1));
    await count(me.id, 9);
    expect(JSON.parse((await b.nextEvent()).data!)).toEqual({ unreadCount: 9 });
    b.close();
    await vi.waitFor(() =>
      expect(t.app.deps.liveStreams.stats).toEqual({ streams: 0, users: 0, subscriptions: 0, timers: 0 }),
    );
    if (t.deps.pubsub.driver === 'memory') {
      // Nothing is listening on the user's channel any more.
      const { liveChannel } = await import('#src/platform/live-events');
      const delivered: unknown[] = [];
      const off = await t.deps.pubsub.subscribe(liveChannel(me.id, namespace), (m) => delivered.push(m));
      await count(me.id, 10);
      await vi.waitFor(() => expect(delivered).toHaveLength(1));
      await off();
    }
  });

  it('drops a client that stops reading once a megabyte waits for it; the others keep theirs', async () => {
    const [slow, reader] = [await signedIn(), await signedIn()];
    const reading = await stream(reader.cookie);
    // A client that reads the headers, then nothing more: the socket's buffers fill, then ours.
    const paused = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = httpRequest(
        `${base}/api/v1/events`,
        { headers: { accept: 'text/event-stream', cookie: slow.cookie } },
        (res) => {
          res.pause();
          resolve(res);
        },
      );
      req.on('error', reject);
      req.end();
    });
    try {
      expect(paused.statusCode).toBe(200);
      expect(t.app.deps.liveStreams.stats.streams).toBe(2);
      const pad = 'x'.repeat(256 * 1024);
      // Bounded: 400 events of 256 kB is far beyond any socket buffer.
      for (let i = 0; i < 400 && t.app.deps.liveStreams.stats.streams > 1; i++) {
        await t.deps.live.publish(slow.id, 'notification.count', { unreadCount: i, pad } as never);
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(t.app.deps.liveStreams.stats).toMatchObject({ streams: 1, users: 1 });
      await count(reader.id, 1);
      expect((await reading.nextEvent()).data).toBe('{"unreadCount":1}');
    } finally {
      paused.destroy();
    }
  });

  it('caps the streams one user holds open', async () => {
    const me = await signedIn();
    for (let i = 0; i < 3; i++) await stream(me.cookie);
    const refused = await connect(me.cookie);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({
      message: 'Too many live connections are open. Close a tab and try again.',
    });
    // Another user is not affected.
    const other = await signedIn();
    await stream(other.cookie);
  });

  it('ends the stream when its session is revoked', async () => {
    const me = await signedIn();
    const kept = await signedIn();
    const revoked = await stream(me.cookie);
    const still = await stream(kept.cookie);
    await deleteSession(t.app.deps, me.token);
    await t.app.deps.liveStreams.checkCredentials();
    await revoked.ended;
    await count(kept.id, 1);
    expect((await still.nextEvent()).data).toBe('{"unreadCount":1}');
    // Reconnecting with the revoked session is refused.
    expect((await connect(me.cookie)).status).toBe(401);
  });
});

describe('the streams of one instance', () => {
  it('judges only the streams it looked up: one opened during a session check stays', async () => {
    const streams = createLiveStreams(t.deps, {});
    const [a, b] = [await signedIn(), await signedIn()];
    const session = (token: string) => ({ kind: 'session' as const, hash: sha256Hex(token) });
    await streams.open(a.id, session(a.token), null, new PassThrough());
    const check = streams.checkCredentials();
    // Registered synchronously, while the check's query is under way.
    const opening = streams.open(b.id, session(b.token), null, new PassThrough());
    await check;
    await opening;
    expect(streams.stats.streams).toBe(2);
    // The next check looks it up, finds it valid, and keeps both.
    await streams.checkCredentials();
    expect(streams.stats.streams).toBe(2);
    streams.closeAll();
    expect(streams.stats).toEqual({ streams: 0, users: 0, subscriptions: 0, timers: 0 });
    await expect(streams.open(a.id, session(a.token), null, new PassThrough())).rejects.toBeInstanceOf(
      StreamClosedError,
    );
  });
});

describe('server shutdown', () => {
  it('answers a tab that connects while the streams are being closed with a stream that ends, so it reconnects', async () => {
    const other = await buildTestApp({}, { live: { namespace } });
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const at = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`;
      const user = await createUser(other.db);
      const token = await createSession(other.db, user.id);
      other.app.deps.liveStreams.closeAll();
      const late = await connect(`${SESSION_COOKIE}=${token}`, {}, at);
      expect(late.status).toBe(200);
      expect(late.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      await late.ended;
      expect(late.events).toEqual([{ retry: 3000 }]);
    } finally {
      await other.close();
    }
  });

  it('ends open streams so close() does not wait for them', async () => {
    const other = await buildTestApp({}, { live: { namespace } });
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const at = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`;
      const user = await createUser(other.db);
      const token = await createSession(other.db, user.id);
      const client = await stream(`${SESSION_COOKIE}=${token}`, {}, at);
      const closing = other.app.close();
      await client.ended;
      await closing;
      expect(other.app.deps.liveStreams.stats).toEqual({ streams: 0, users: 0, subscriptions: 0, timers: 0 });
    } finally {
      await other.close().catch(() => {});
    }
  });
});

// Two instances on one database and one Redis, as behind a load balancer: a publish on one
// reaches a browser connected to the other, and a reconnect to either resumes from the backlog.
describe.runIf(process.env.REDIS_URL)('two instances sharing Redis', () => {
  let second: FastifyInstance;
  let secondBase = '';
  beforeAll(async () => {
    second = await buildApp(t.config, { databaseHandle: t.app.deps.database, live });
    await second.listen({ port: 0, host: '127.0.0.1' });
    secondBase = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await second?.close();
  });

  it('delivers an event published on instance A to a client connected to instance B', async () => {
    expect(t.deps.pubsub.driver).toBe('redis');
    const me = await signedIn();
    const onB = await stream(me.cookie, {}, secondBase);
    const onA = await stream(me.cookie);
    await count(me.id, 3);
    const fromB = await onB.nextEvent();
    expect(fromB.data).toBe('{"unreadCount":3}');
    expect((await onA.nextEvent()).id).toBe(fromB.id);

    // Published on B while the tab was away from A; it reconnects to A and gets it.
    onA.close();
    await onA.ended;
    await second.deps.live.publish(me.id, 'notification.count', { unreadCount: 4 });
    const back = await stream(me.cookie, { 'last-event-id': fromB.id! });
    const missed = await back.nextEvent();
    expect(missed.data).toBe('{"unreadCount":4}');
    expect((await onB.nextEvent()).id).toBe(missed.id);
    onB.close();
    await vi.waitFor(() => expect(second.deps.liveStreams.stats.streams).toBe(0));
  });

  it('delivers a burst published on A to the streams of many users on B, each user’s in order', async () => {
    const readers = await Promise.all(Array.from({ length: 8 }, () => signedIn()));
    const streams = [];
    for (const reader of readers) streams.push(await stream(reader.cookie, {}, secondBase));
    // What a release does to its followers: every reader's events published in one go on A.
    const sent: Promise<void>[] = [];
    for (let round = 1; round <= 3; round++)
      for (const reader of readers) sent.push(count(reader.id, reader.id * 10 + round));
    await Promise.all(sent);
    const ids = new Set<string>();
    for (const [i, reader] of readers.entries()) {
      const got = [
        await streams[i]!.nextEvent(),
        await streams[i]!.nextEvent(),
        await streams[i]!.nextEvent(),
      ];
      expect(got.map((e) => JSON.parse(e.data!).unreadCount)).toEqual(
        [1, 2, 3].map((r) => reader.id * 10 + r),
      );
      const mine = got.map((e) => Number(e.id));
      expect(mine).toEqual([...mine].sort((a, b) => a - b));
      for (const e of got) ids.add(e.id!);
    }
    expect(ids.size).toBe(24);
    for (const s of streams) s.close();
    await vi.waitFor(() => expect(second.deps.liveStreams.stats.streams).toBe(0));
  });

  it('keeps installs sharing one Redis apart by REDIS_PREFIX: events, cache invalidations, rate limits', async () => {
    // Another install: the same Redis (and, here, database and test namespace), its own prefix.
    const other = await buildApp(
      { ...t.config, redisPrefix: `other-${uniqueSuffix()}:` },
      { databaseHandle: t.app.deps.database, live },
    );
    const offs: (() => Promise<void>)[] = [];
    try {
      expect(other.deps.busNamespace).toBe(`${other.deps.config.redisPrefix}${namespace}`);
      const me = await createUser(t.db);
      // What an app's subscribers hear: `me`'s live events and the cache's invalidations.
      const listen = async (app: FastifyInstance) => {
        const heard: unknown[] = [];
        offs.push(await app.deps.live.subscribe(me.id, (frame) => heard.push(frame.data)));
        const channel = `${app.deps.busNamespace}${INVALIDATION_CHANNEL}`;
        // Only this test's keys: the apps' own work may invalidate others meanwhile.
        const ours = (message: unknown) => JSON.stringify(message).includes('"from-');
        offs.push(await app.deps.pubsub.subscribe(channel, (m) => ours(m) && heard.push(m)));
        return heard;
      };
      const onB = await listen(second);
      const onOther = await listen(other);
      await count(me.id, 1);
      await t.deps.cache.invalidate('from-a');
      await vi.waitFor(() => expect(onB).toEqual([{ unreadCount: 1 }, { keys: ['from-a'] }]));
      // Published by then; the other install's own come after them on its one subscriber
      // connection, so had it heard A's, those would be first.
      await other.deps.live.publish(me.id, 'notification.count', { unreadCount: 2 });
      await other.deps.cache.invalidate('from-other');
      await vi.waitFor(() => expect(onOther).toHaveLength(2));
      expect(onOther).toEqual([{ unreadCount: 2 }, { keys: ['from-other'] }]);
      expect(onB).toHaveLength(2);

      // 5 logins a minute per (email, IP), counted per install.
      const browser = new Client(undefined, { ip: randomIp() });
      const email = `nobody-${uniqueSuffix()}@example.com`;
      const login = (app: FastifyInstance) =>
        browser.inject(
          {
            method: 'POST',
            url: '/auth/login',
            payload: { email, password: 'not-the-password', remember: false },
          },
          app,
        );
      for (let i = 0; i < 5; i++) expect((await login(t.app)).statusCode).toBe(422);
      expect((await login(second)).statusCode).toBe(429);
      expect((await login(other)).statusCode).toBe(422);
    } finally {
      for (const off of offs) await off();
      await other.close();
    }
  });
});
