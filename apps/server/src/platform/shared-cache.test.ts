// Both drivers: an invalidation reaching another instance through Redis.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryPubSub, createRedisPubSub, type PubSub } from './pubsub';
import { createSharedCache, INVALIDATION_CHANNEL, type SharedCache } from './shared-cache';

const redisUrl = process.env.REDIS_URL;
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const x of open.splice(0).reverse()) await x.close();
});

async function cacheOn(bus: PubSub, ttlMs?: number): Promise<SharedCache> {
  const cache = await createSharedCache(bus, ttlMs === undefined ? {} : { ttlMs });
  open.push(cache);
  return cache;
}

describe('shared cache', () => {
  it('loads once and serves later reads from memory', async () => {
    const bus = createMemoryPubSub();
    open.push(bus);
    const cache = await cacheOn(bus);
    const load = vi.fn(async () => ({ n: 1 }));
    expect(await cache.get('k', load)).toEqual({ n: 1 });
    expect(await cache.get('k', load)).toEqual({ n: 1 });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('runs a lazy thenable (a query builder) once, not on every read', async () => {
    const bus = createMemoryPubSub();
    open.push(bus);
    const cache = await cacheOn(bus);
    let runs = 0;
    const lazy = {
      // biome-ignore lint/suspicious/noThenProperty: stands for a lazy query builder
      then: (resolve: (v: number) => void) => resolve(++runs),
    };
    const load = () => lazy as unknown as Promise<number>;
    expect(await cache.get('q', load)).toBe(1);
    expect(await cache.get('q', load)).toBe(1);
    expect(runs).toBe(1);
  });

  it('peeks at a loaded, fresh value only: not while loading, not after invalidate or expiry', async () => {
    const bus = createMemoryPubSub();
    open.push(bus);
    const cache = await cacheOn(bus, 1000);
    expect(cache.peek('k')).toBeUndefined();
    let release: (v: null) => void = () => {};
    const loading = cache.get('k', () => new Promise<null>((r) => (release = r)));
    expect(cache.peek('k')).toBeUndefined();
    release(null);
    await loading;
    // A loaded null is a value (no guest role), told apart from "not loaded".
    expect(cache.peek('k')).toEqual({ value: null });
    await cache.invalidate('k');
    expect(cache.peek('k')).toBeUndefined();
    vi.useFakeTimers({ now: Date.now() });
    await cache.get('k', async () => 7);
    expect(cache.peek('k')).toEqual({ value: 7 });
    vi.advanceTimersByTime(1001);
    expect(cache.peek('k')).toBeUndefined();
  });

  it('reloads after invalidate, and never caches a failed load', async () => {
    const bus = createMemoryPubSub();
    open.push(bus);
    const cache = await cacheOn(bus);
    let n = 0;
    const load = async () => ++n;
    expect(await cache.get('k', load)).toBe(1);
    await cache.invalidate('k');
    expect(await cache.get('k', load)).toBe(2);
    await expect(cache.get('bad', async () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect(await cache.get('bad', async () => 'ok')).toBe('ok');
  });

  it('does not keep a value whose load began before an invalidation', async () => {
    const bus = createMemoryPubSub();
    open.push(bus);
    const cache = await cacheOn(bus);
    let release!: () => void;
    const slow = cache.get('k', () => new Promise<string>((r) => (release = () => r('stale'))));
    await cache.invalidate('k');
    release();
    expect(await slow).toBe('stale');
    expect(await cache.get('k', async () => 'fresh')).toBe('fresh');
  });

  it('expires values after the TTL as a safety net', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const bus = createMemoryPubSub();
    open.push(bus);
    const cache = await cacheOn(bus, 1000);
    let n = 0;
    const load = async () => ++n;
    await cache.get('k', load);
    vi.setSystemTime(Date.now() + 999);
    expect(await cache.get('k', load)).toBe(1);
    vi.setSystemTime(Date.now() + 2);
    expect(await cache.get('k', load)).toBe(2);
  });

  it('drops a whole namespace by prefix, including a load in flight, and nothing else', async () => {
    const bus = createMemoryPubSub();
    open.push(bus);
    const cache = await cacheOn(bus);
    let n = 0;
    const load = async () => ++n;
    expect(await cache.get('page:1', load)).toBe(1);
    expect(await cache.get('page:2', load)).toBe(2);
    expect(await cache.get('other', load)).toBe(3);
    let release!: () => void;
    const slow = cache.get('page:3', () => new Promise<string>((r) => (release = () => r('stale'))));
    await cache.invalidatePrefix('page:');
    release();
    expect(await slow).toBe('stale');
    expect(await cache.get('page:3', async () => 'fresh')).toBe('fresh');
    expect(await cache.get('page:1', load)).toBe(4);
    expect(await cache.get('other', load)).toBe(3);
  });

  it('honours a per-key TTL and stays within maxEntries', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const bus = createMemoryPubSub();
    open.push(bus);
    const cache = await createSharedCache(bus, { ttlMs: 60_000, maxEntries: 3 });
    open.push(cache);
    let n = 0;
    const load = async () => ++n;
    await cache.get('short', load, { ttlMs: 100 });
    vi.setSystemTime(Date.now() + 101);
    expect(await cache.get('short', load)).toBe(2);
    for (const key of ['a', 'b', 'c']) await cache.get(key, load);
    // 'short' was the oldest of four: dropped to make room, the newest stay.
    expect(await cache.get('c', load)).toBe(5);
    expect(await cache.get('short', load)).toBe(6);
  });

  it("hears only its own namespace's invalidations: apps sharing one bus without sharing data", async () => {
    const bus = createMemoryPubSub();
    open.push(bus);
    const mine = await createSharedCache(bus, { namespace: 'install-a:' });
    const sameInstall = await createSharedCache(bus, { namespace: 'install-a:' });
    const other = await createSharedCache(bus, { namespace: 'install-b:' });
    open.push(mine, sameInstall, other);
    let version = 1;
    const load = async () => version;
    expect(await mine.get('k', load)).toBe(1);
    expect(await other.get('k', load)).toBe(1);
    version = 2;
    // The memory bus delivers on the next turn; the other install's handler would have run by then.
    let arrived!: () => void;
    const seen = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const off = await bus.subscribe(`install-a:${INVALIDATION_CHANNEL}`, () => arrived());
    await sameInstall.invalidatePrefix('k');
    await seen;
    await off();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await mine.get('k', load)).toBe(2);
    expect(await other.get('k', load)).toBe(1);
  });

  it.skipIf(!redisUrl)('an invalidation on one instance reaches another through Redis', async () => {
    const busA = createRedisPubSub(redisUrl!);
    const busB = createRedisPubSub(redisUrl!);
    open.push(busA, busB);
    const a = await cacheOn(busA);
    const b = await cacheOn(busB);
    const key = `k-${process.pid}-${Math.random()}`;
    let version = 1;
    const load = async () => version;
    // Resolves once instance B has received the next invalidation: its cache's own handler was
    // subscribed first on the same connection, so it has run by then (no deadline to miss on a
    // busy machine).
    const nextInvalidation = async () => {
      let received!: () => void;
      const seen = new Promise<void>((resolve) => {
        received = resolve;
      });
      const unsubscribe = await busB.subscribe(INVALIDATION_CHANNEL, () => received());
      // Wrapped: an async function returning the promise itself would wait for it.
      return { received: seen.then(unsubscribe) };
    };
    expect(await b.get(key, load)).toBe(1);
    version = 2;
    let seen = await nextInvalidation();
    await a.invalidate(key);
    await seen.received;
    expect(await b.get(key, load)).toBe(2);
    version = 3;
    seen = await nextInvalidation();
    await a.invalidatePrefix(key.slice(0, 4));
    await seen.received;
    expect(await b.get(key, load)).toBe(3);
  });
});
