import type { PubSub, Unsubscribe } from './pubsub';

const CHANNEL = 'cache:invalidate';

/**
 * Values nearly every request reads and few requests change: settings, themes, menus, the guest
 * role, locales. Each instance keeps them in memory; a writer calls `invalidate()`, which drops
 * the value here at once and, through pub/sub (Redis when several instances run), on every other
 * instance. The TTL bounds staleness should an invalidation message ever be lost.
 */
export type SharedCache = {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  invalidate(...keys: string[]): Promise<void>;
  close(): Promise<void>;
};

type Entry = { value: Promise<unknown>; expires: number };

export async function createSharedCache(pubsub: PubSub, { ttlMs = 60_000 } = {}): Promise<SharedCache> {
  const entries = new Map<string, Entry>();
  // Bumped on every invalidation, so a load that started before it never stores its stale result.
  const versions = new Map<string, number>();

  const drop = (keys: readonly string[]) => {
    for (const key of keys) {
      entries.delete(key);
      versions.set(key, (versions.get(key) ?? 0) + 1);
    }
  };

  const unsubscribe: Unsubscribe = await pubsub.subscribe<{ keys?: unknown }>(CHANNEL, (message) => {
    if (Array.isArray(message?.keys)) drop(message.keys.filter((k): k is string => typeof k === 'string'));
  });

  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value as Promise<T>;
      const version = versions.get(key) ?? 0;
      // A real promise, settled once: query builders are lazy thenables that run again on each await.
      const value = (async () => await load())();
      entries.set(key, { value, expires: now + ttlMs });
      try {
        return await value;
      } catch (err) {
        // A failed load is never cached.
        if (entries.get(key)?.value === value) entries.delete(key);
        throw err;
      } finally {
        if ((versions.get(key) ?? 0) !== version && entries.get(key)?.value === value) entries.delete(key);
      }
    },
    async invalidate(...keys) {
      drop(keys);
      await pubsub.publish(CHANNEL, { keys });
    },
    async close() {
      await unsubscribe();
      entries.clear();
    },
  };
}
