// Both drivers: live events in memory and on Redis.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLiveEvents, type LiveFrame, liveBusChannel } from './live-events';
import { createMemoryPubSub, createRedisPubSub, type PubSub } from './pubsub';
import { closeRedis, createRedis } from './redis';

const redisUrl = process.env.REDIS_URL;
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

type Made = { pubsub: PubSub; options: Parameters<typeof createLiveEvents>[1] };
const drivers: [string, () => Made][] = [['memory', () => ({ pubsub: createMemoryPubSub(), options: {} })]];
if (redisUrl) {
  drivers.push([
    'redis',
    () => {
      const redis = createRedis(redisUrl, 'live-test');
      const pubsub = createRedisPubSub(redisUrl, redis);
      cleanup.push(() => closeRedis(redis));
      return { pubsub, options: { redis } };
    },
  ]);
}

const count = (n: number) => ({ unreadCount: n });

describe.each(drivers)('live events (%s)', (_name, make) => {
  const build = (opts: { backlogSize?: number; backlogTtlMs?: number } = {}) => {
    const { pubsub, options } = make();
    cleanup.push(() => pubsub.close());
    return createLiveEvents(pubsub, { ...options, ...opts, namespace: `test-${randomUUID()}:` });
  };

  it('gives every event an increasing id and delivers each user only their own, in order', async () => {
    const live = build();
    const mine: LiveFrame[] = [];
    const theirs: LiveFrame[] = [];
    const off1 = await live.subscribe(1, (f) => mine.push(f));
    const off2 = await live.subscribe(2, (f) => theirs.push(f));
    for (let i = 1; i <= 5; i++) await live.publish(1, 'notification.count', count(i));
    await live.publish(2, 'notification.count', count(99));
    await vi.waitFor(() => expect(theirs).toHaveLength(1));
    await vi.waitFor(() => expect(mine).toHaveLength(5));
    expect(mine.map((f) => (f.data as { unreadCount: number }).unreadCount)).toEqual([1, 2, 3, 4, 5]);
    expect(mine.map((f) => f.id)).toEqual([...mine.map((f) => f.id)].sort((a, b) => a - b));
    expect(new Set([...mine, ...theirs].map((f) => f.id)).size).toBe(6);
    expect(theirs[0]).toMatchObject({ name: 'notification.count', data: count(99) });
    await off1();
    await off2();
  });

  it('keeps the last events per user for a reconnect, capped', async () => {
    const live = build({ backlogSize: 3 });
    for (let i = 1; i <= 5; i++) await live.publish(7, 'notification.count', count(i));
    const all = await live.since(7, 0);
    expect(all.map((f) => (f.data as { unreadCount: number }).unreadCount)).toEqual([3, 4, 5]);
    const after = await live.since(7, all[0]!.id);
    expect(after.map((f) => f.id)).toEqual([all[1]!.id, all[2]!.id]);
    expect(await live.since(8, 0)).toEqual([]);
    // Five more in one go (one batch through Redis): still the last three.
    await Promise.all([6, 7, 8, 9, 10].map((i) => live.publish(7, 'notification.count', count(i))));
    expect((await live.since(7, 0)).map((f) => (f.data as { unreadCount: number }).unreadCount)).toEqual([
      8, 9, 10,
    ]);
  });
});

describe('live events backlog in memory', () => {
  it('forgets a user’s backlog a minute after their last event', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const pubsub = createMemoryPubSub();
    cleanup.push(() => pubsub.close());
    const live = createLiveEvents(pubsub);
    await live.publish(1, 'notification.count', count(1));
    vi.setSystemTime(new Date('2026-01-01T00:00:59Z'));
    expect(await live.since(1, 0)).toHaveLength(1);
    vi.setSystemTime(new Date('2026-01-01T00:01:01Z'));
    expect(await live.since(1, 0)).toEqual([]);
  });
});

describe.runIf(redisUrl)('live events backlog in Redis', () => {
  it('expires with a TTL, shared by every instance', async () => {
    const namespace = `test-${randomUUID()}:`;
    const redis = createRedis(redisUrl!, 'live-test');
    const other = createRedis(redisUrl!, 'live-test-2');
    const a = createRedisPubSub(redisUrl!, redis);
    const b = createRedisPubSub(redisUrl!, other);
    cleanup.push(
      () => closeRedis(redis),
      () => closeRedis(other),
      () => a.close(),
      () => b.close(),
    );
    const liveA = createLiveEvents(a, { redis, namespace, backlogTtlMs: 60_000 });
    const liveB = createLiveEvents(b, { redis: other, namespace });
    await liveA.publish(3, 'notification.count', count(1));
    await liveB.publish(3, 'notification.count', count(2));
    const frames = await liveB.since(3, 0);
    expect(frames.map((f) => f.data)).toEqual([count(1), count(2)]);
    expect(frames[1]!.id).toBeGreaterThan(frames[0]!.id);
    const ttl = await redis.pttl(`${namespace}live:backlog:3`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    await redis.del(`${namespace}live:backlog:3`, `${namespace}live:seq`);
  });
});

describe.runIf(redisUrl)('live events through one Redis bus', () => {
  /** Two instances sharing one Redis under a namespace of their own. */
  const instances = (opts: { maxBatch?: number; onHandlerError?: (err: unknown) => void } = {}) => {
    const namespace = `test-${randomUUID()}:`;
    const made = ['a', 'b'].map((name) => {
      const redis = createRedis(redisUrl!, `live-test-${name}`);
      const pubsub = createRedisPubSub(redisUrl!, redis);
      cleanup.push(
        () => closeRedis(redis),
        () => pubsub.close(),
      );
      return { redis, pubsub, live: createLiveEvents(pubsub, { redis, namespace, ...opts }) };
    });
    cleanup.push(async () => {
      const keys = await made[0]!.redis.keys(`${namespace}*`);
      if (keys.length) await made[0]!.redis.del(...keys);
    });
    return { namespace, a: made[0]!, b: made[1]! };
  };
  const unread = (f: LiveFrame) => (f.data as { unreadCount: number }).unreadCount;

  it('delivers a burst to many users on another instance, each user’s events in order', async () => {
    const { a, b } = instances();
    const users = Array.from({ length: 60 }, (_, i) => 1000 + i);
    const got = new Map<number, LiveFrame[]>(users.map((u) => [u, []]));
    for (const u of users) await b.live.subscribe(u, (f) => got.get(u)!.push(f));
    // Three rounds to every user, all in one tick: one batch, the users interleaved.
    const sent: Promise<void>[] = [];
    for (let round = 1; round <= 3; round++)
      for (const u of users) sent.push(a.live.publish(u, 'notification.count', count(u * 10 + round)));
    await Promise.all(sent);
    await vi.waitFor(() => expect([...got.values()].every((f) => f.length === 3)).toBe(true));
    for (const u of users) {
      const frames = got.get(u)!;
      expect(frames.map(unread)).toEqual([u * 10 + 1, u * 10 + 2, u * 10 + 3]);
      expect(frames[0]!.id).toBeLessThan(frames[1]!.id);
      expect(frames[1]!.id).toBeLessThan(frames[2]!.id);
      // The backlog holds the same events with the same ids, for a reconnect to either instance.
      expect(await b.live.since(u, 0)).toEqual(frames);
    }
    expect(new Set([...got.values()].flat().map((f) => f.id)).size).toBe(180);
  });

  it('splits a burst above the cap into script calls that keep the ids in publish order', async () => {
    const { namespace, a, b } = instances({ maxBatch: 7 });
    // Every message on the bus, as the other instance receives it.
    const messages: { first: number; events: unknown[] }[] = [];
    const off = await b.pubsub.subscribe<{ first: number; events: unknown[] }>(
      liveBusChannel(namespace),
      (m) => messages.push(m),
    );
    cleanup.push(off);
    const users = [1, 2, 3, 4];
    const got = new Map<number, LiveFrame[]>(users.map((u) => [u, []]));
    for (const u of users) await b.live.subscribe(u, (f) => got.get(u)!.push(f));
    const order: [number, number][] = [];
    const sent: Promise<void>[] = [];
    for (let n = 1; n <= 30; n++) {
      const user = users[n % users.length]!;
      order.push([user, n]);
      sent.push(a.live.publish(user, 'notification.count', count(n)));
    }
    await Promise.all(sent);
    await vi.waitFor(() => expect(messages.flatMap((m) => m.events)).toHaveLength(30));
    // ⌈30 / 7⌉ script calls, each one message of at most 7 events.
    expect(messages.map((m) => m.events.length)).toEqual([7, 7, 7, 7, 2]);
    await vi.waitFor(() => expect([...got.values()].flat()).toHaveLength(30));
    const all = [...got.values()].flat().sort((x, y) => x.id - y.id);
    // Ids follow publish order across the script calls, with no gap (one INCRBY per call).
    expect(all.map(unread)).toEqual(order.map(([, n]) => n));
    expect(all.map((f) => f.id - all[0]!.id)).toEqual(order.map((_, i) => i));
    for (const u of users) {
      const mine = order.filter(([user]) => user === u).map(([, n]) => n);
      expect(got.get(u)!.map(unread)).toEqual(mine);
      expect((await a.live.since(u, 0)).map(unread)).toEqual(mine);
    }
  });

  it('subscribes each instance to the bus once, whatever the number of users, and no user channel', async () => {
    const { namespace, a, b } = instances();
    const offs = [];
    for (const u of [1, 2, 3]) offs.push(await b.live.subscribe(u, () => {}));
    offs.push(await b.live.subscribe(1, () => {}));
    offs.push(await a.live.subscribe(9, () => {}));
    expect(await a.redis.pubsub('CHANNELS', `${namespace}*`)).toEqual([liveBusChannel(namespace)]);
    expect(await a.redis.pubsub('NUMSUB', liveBusChannel(namespace))).toEqual([liveBusChannel(namespace), 2]);
    for (const off of offs) await off();
  });

  it('stops delivering to an unsubscribed handler, and one that throws keeps nothing from the others', async () => {
    const errors: unknown[] = [];
    const { a, b } = instances({ onHandlerError: (err) => errors.push(err) });
    const kept: LiveFrame[] = [];
    const left: LiveFrame[] = [];
    await b.live.subscribe(5, () => {
      throw new Error('a broken stream');
    });
    await b.live.subscribe(5, (f) => kept.push(f));
    const off = await b.live.subscribe(6, (f) => left.push(f));
    await off();
    await Promise.all([
      a.live.publish(5, 'notification.count', count(1)),
      a.live.publish(6, 'notification.count', count(2)),
      a.live.publish(5, 'notification.count', count(3)),
    ]);
    await vi.waitFor(() => expect(kept.map(unread)).toEqual([1, 3]));
    expect(errors).toHaveLength(2);
    // The same bus message carried user 6's event: the handler that left got nothing.
    expect(left).toEqual([]);
  });
});
