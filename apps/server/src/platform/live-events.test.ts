import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLiveEvents, type LiveFrame } from './live-events';
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
