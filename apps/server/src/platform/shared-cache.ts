import type { PubSub, Unsubscribe } from './pubsub';

/**
 * The pub/sub channel invalidations travel on, after the install's bus namespace (exported for
 * tests that wait for one).
 */
export const INVALIDATION_CHANNEL = 'cache:invalidate';

/**
 * Values nearly every request reads and few requests change: settings, themes, menus, the guest
 * role, locales. Each instance keeps them in memory; a writer calls `invalidate()`, which drops
 * the value here at once and, through pub/sub (Redis when several instances run), on every other
 * instance. The TTL bounds staleness should an invalidation message ever be lost.
 */
export type SharedCache = {
  /** `ttlMs` shortens (or lengthens) this key's lifetime from the cache-wide default. */
  get<T>(key: string, load: () => Promise<T>, opts?: GetOptions<T>): Promise<T>;
  /**
   * The value `get` would give at once, if it is loaded and fresh, without a promise: for checks on
   * every request (the guest role) that can then decide synchronously. Undefined when `get` must
   * load (or is loading) it.
   */
  peek<T>(key: string): { value: T } | undefined;
  invalidate(...keys: string[]): Promise<void>;
  /**
   * Drops every key starting with one of `prefixes` (a namespace such as `artist-page:`), for
   * writes that change many cached answers at once.
   */
  invalidatePrefix(...prefixes: string[]): Promise<void>;
  close(): Promise<void>;
};

export type GetOptions<T> = {
  ttlMs?: number;
  /** Whether a loaded value is kept (e.g. not a "not found" that anyone could ask for endlessly). */
  keepIf?: (value: T) => boolean;
};

type Entry = { value: Promise<unknown>; expires: number; settled?: { value: unknown } };

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((k): k is string => typeof k === 'string') : [];

export async function createSharedCache(
  pubsub: PubSub,
  {
    ttlMs = 60_000,
    maxEntries = 10_000,
    // Apps sharing one Redis without sharing data (test files running at once) each hear only their
    // own invalidations; an install's instances share the namespace ('' unless set).
    namespace = '',
  }: { ttlMs?: number; maxEntries?: number; namespace?: string } = {},
): Promise<SharedCache> {
  const CHANNEL = `${namespace}${INVALIDATION_CHANNEL}`;
  const entries = new Map<string, Entry>();
  // Bumped on every invalidation, so a load that started before it never stores its stale result.
  const versions = new Map<string, number>();
  // The same for namespaces; a handful of prefixes, so summing the matching ones is cheap.
  const prefixVersions = new Map<string, number>();
  const prefixStamp = (key: string) => {
    let stamp = 0;
    for (const [prefix, v] of prefixVersions) if (key.startsWith(prefix)) stamp += v;
    return stamp;
  };

  const drop = (keys: readonly string[]) => {
    for (const key of keys) {
      entries.delete(key);
      versions.set(key, (versions.get(key) ?? 0) + 1);
    }
  };
  const dropPrefixes = (prefixes: readonly string[]) => {
    for (const prefix of prefixes) prefixVersions.set(prefix, (prefixVersions.get(prefix) ?? 0) + 1);
    for (const key of entries.keys()) if (prefixes.some((p) => key.startsWith(p))) entries.delete(key);
  };
  // Keys built from user input (search queries) must not grow memory without bound: past
  // maxEntries, expired entries go first, then the oldest stored.
  const makeRoom = (now: number) => {
    if (entries.size < maxEntries) return;
    for (const [key, entry] of entries) if (entry.expires <= now) entries.delete(key);
    for (const key of entries.keys()) {
      if (entries.size < maxEntries) break;
      entries.delete(key);
    }
  };

  const unsubscribe: Unsubscribe = await pubsub.subscribe<{ keys?: unknown; prefixes?: unknown }>(
    CHANNEL,
    (message) => {
      drop(strings(message?.keys));
      const prefixes = strings(message?.prefixes);
      if (prefixes.length) dropPrefixes(prefixes);
    },
  );

  return {
    async get<T>(key: string, load: () => Promise<T>, opts?: GetOptions<T>): Promise<T> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value as Promise<T>;
      const version = versions.get(key) ?? 0;
      const stamp = prefixStamp(key);
      // A real promise, settled once: query builders are lazy thenables that run again on each await.
      const value = (async () => await load())();
      if (!hit) makeRoom(now);
      const entry: Entry = { value, expires: now + (opts?.ttlMs ?? ttlMs) };
      entries.set(key, entry);
      try {
        const loaded = await value;
        entry.settled = { value: loaded };
        if (opts?.keepIf && !opts.keepIf(loaded) && entries.get(key)?.value === value) entries.delete(key);
        return loaded;
      } catch (err) {
        // A failed load is never cached.
        if (entries.get(key)?.value === value) entries.delete(key);
        throw err;
      } finally {
        const stale = (versions.get(key) ?? 0) !== version || prefixStamp(key) !== stamp;
        if (stale && entries.get(key)?.value === value) entries.delete(key);
      }
    },
    peek<T>(key: string) {
      const hit = entries.get(key);
      return hit && hit.expires > Date.now() ? (hit.settled as { value: T } | undefined) : undefined;
    },
    async invalidate(...keys) {
      drop(keys);
      await pubsub.publish(CHANNEL, { keys });
    },
    async invalidatePrefix(...prefixes) {
      dropPrefixes(prefixes);
      await pubsub.publish(CHANNEL, { prefixes });
    },
    async close() {
      await unsubscribe();
      entries.clear();
    },
  };
}
