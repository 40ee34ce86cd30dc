import type { LiveEvent, LiveEventName } from '@zema/contracts';
import type { Redis } from 'ioredis';
import type { PubSub, Unsubscribe } from './pubsub';

/**
 * Live events for one user's open pages (server-sent events on `GET api/v1/events`, PROTOCOLS.md).
 * A service publishes; every instance holding a stream of that user writes it out. Publishing never
 * waits for delivery and never fails the write that caused it.
 *
 * Every event gets an id when it is published, increasing across the whole install (one counter,
 * in Redis when it is set), and goes into a short per-user backlog, so a browser that reconnects
 * with `Last-Event-ID` gets what it missed, in order, whichever instance it reaches.
 */
export interface LiveEvents {
  publish<N extends LiveEventName>(userId: number, name: N, data: LiveEvent<N>): Promise<void>;
  /** Events published to `userId` from now on, in id order; resolves once they are flowing. */
  subscribe(userId: number, handler: (event: LiveFrame) => void): Promise<Unsubscribe>;
  /** The backlog's events of `userId` with an id above `lastId`, oldest first. */
  since(userId: number, lastId: number): Promise<LiveFrame[]>;
}

/** One published event as it travels and as the stream writes it. */
export type LiveFrame = { id: number; name: string; data: unknown };

export type LiveEventsOptions = {
  /** Redis when several instances run: ids and backlogs there, published by one script. */
  redis?: Redis | null;
  /** How long a user's backlog is kept after their last event (default one minute). */
  backlogTtlMs?: number;
  /** At most this many events per user are kept (default 100). */
  backlogSize?: number;
  /** Prefixes channels and keys, so installs (or test runs) sharing one Redis stay apart. */
  namespace?: string;
  /** With Redis: at most this many events per script call (default 1 000). */
  maxBatch?: number;
  /** A subscriber's handler threw while a batch was handed out (the others still get it). */
  onHandlerError?: (err: unknown) => void;
};

export const LIVE_BACKLOG_TTL_MS = 60_000;
export const LIVE_BACKLOG_SIZE = 100;

/** The channel a user's events travel on within one process (the in-process driver). */
export const liveChannel = (userId: number, namespace = '') => `${namespace}live:user:${userId}`;

/**
 * The one Redis channel every instance's live events travel on (decision 0037): a message is a
 * batch, `{"first": id, "events": [[userId, name, data], …]}`, the events' ids counting up from
 * `first`, and each instance hands them to its own streams by user id. One subscription per
 * instance instead of one per user.
 */
export const liveBusChannel = (namespace = '') => `${namespace}live:bus`;

/** At most this many events go into one script call, so none holds Redis for long. */
export const LIVE_MAX_BATCH = 1000;

// One script call per batch, atomic: the ids (one INCRBY for the batch), every backlog entry and
// one PUBLISH of the whole batch on the bus happen in one step, so every instance sees the events
// in id order even when instances publish at the same time. The bus message is written by the
// publisher but for its first id, so Redis only joins three strings for it; a backlog entry is
// the frame's JSON (`since` reads it), its id joined in front of the rest.
// KEYS: the sequence, then the backlog of each user in the batch (each once).
// ARGV: bus channel, backlog size, backlog ttl ms, the batch's events as a JSON array, then per
// event: its backlog's index in KEYS and its frame's JSON after the id (`,"name":…,"data":…}`).
// The counter lapses after a day without any event (test runs' namespaces leave nothing behind);
// by then every backlog is long gone, and a browser holding an older id gets new events anyway.
const PUBLISH_BATCH_SCRIPT = `
local n = (#ARGV - 4) / 2
local last = redis.call('INCRBY', KEYS[1], n)
redis.call('PEXPIRE', KEYS[1], 86400000)
local first = last - n
local size = tonumber(ARGV[2])
local over = {}
for i = 1, n do
  local k = tonumber(ARGV[3 + 2 * i])
  if redis.call('RPUSH', KEYS[k], '{"id":' .. (first + i) .. ARGV[4 + 2 * i]) > size then over[k] = true end
end
for k = 2, #KEYS do
  if over[k] then redis.call('LTRIM', KEYS[k], -size, -1) end
  redis.call('PEXPIRE', KEYS[k], ARGV[3])
end
redis.call('PUBLISH', ARGV[1], '{"first":' .. (first + 1) .. ',"events":' .. ARGV[4] .. '}')
return last
`;

const PUBLISH_COMMAND = 'zemaLivePublishBatch';
type PublishCommand = (...args: (string | number)[]) => Promise<number>;

const isFrame = (m: unknown): m is LiveFrame =>
  typeof m === 'object' &&
  m !== null &&
  Number.isSafeInteger((m as LiveFrame).id) &&
  typeof (m as LiveFrame).name === 'string';

export function createLiveEvents(pubsub: PubSub, opts: LiveEventsOptions = {}): LiveEvents {
  const ttl = opts.backlogTtlMs ?? LIVE_BACKLOG_TTL_MS;
  const size = Math.max(1, opts.backlogSize ?? LIVE_BACKLOG_SIZE);
  const ns = opts.namespace ?? '';

  const redis = opts.redis as (Redis & Partial<Record<typeof PUBLISH_COMMAND, PublishCommand>>) | null;
  if (redis && pubsub.driver === 'redis') return redisLiveEvents(pubsub, redis, opts, { ttl, size, ns });

  const channel = (userId: number) => liveChannel(userId, ns);
  const subscribe: LiveEvents['subscribe'] = (userId, handler) =>
    pubsub.subscribe(channel(userId), (message) => {
      if (isFrame(message)) handler(message);
    });

  // One process: a counter and a backlog per user in memory. The map is kept in order of each
  // user's last event, so expired backlogs are dropped from its front as events are published.
  let seq = 0;
  const backlogs = new Map<number, { frames: LiveFrame[]; at: number }>();
  const expire = (now: number) => {
    for (const [userId, backlog] of backlogs) {
      if (now - backlog.at <= ttl) break;
      backlogs.delete(userId);
    }
  };
  return {
    async publish(userId, name, data) {
      const now = Date.now();
      expire(now);
      const frame: LiveFrame = { id: ++seq, name, data: JSON.parse(JSON.stringify(data ?? null)) };
      const backlog = backlogs.get(userId) ?? { frames: [], at: now };
      backlogs.delete(userId);
      backlog.frames.push(frame);
      if (backlog.frames.length > size) backlog.frames.splice(0, backlog.frames.length - size);
      backlog.at = now;
      backlogs.set(userId, backlog);
      await pubsub.publish(channel(userId), frame);
    },
    subscribe,
    async since(userId, lastId) {
      expire(Date.now());
      return (backlogs.get(userId)?.frames ?? []).filter((f) => f.id > lastId);
    },
  };
}

/**
 * Several instances: ids and backlogs in Redis, events on one bus channel (decision 0037).
 * Publishes made in the same tick (a release reaching every follower) go as one script call per
 * `maxBatch` events, all in one pipeline; each instance subscribes to the bus once and hands every
 * frame to the streams of its user from a map, so opening a stream costs no Redis round trip.
 */
function redisLiveEvents(
  pubsub: PubSub,
  redis: Redis & Partial<Record<typeof PUBLISH_COMMAND, PublishCommand>>,
  opts: LiveEventsOptions,
  { ttl, size, ns }: { ttl: number; size: number; ns: string },
): LiveEvents {
  const maxBatch = Math.max(1, opts.maxBatch ?? LIVE_MAX_BATCH);
  const bus = liveBusChannel(ns);
  const backlogKey = (userId: number) => `${ns}live:backlog:${userId}`;
  // Sent once, then run by its hash (ioredis falls back to the text after a Redis restart). The
  // number of keys varies with the batch, so it is the command's first argument.
  if (!redis[PUBLISH_COMMAND]) redis.defineCommand(PUBLISH_COMMAND, { lua: PUBLISH_BATCH_SCRIPT });

  // `event` is the event as the bus carries it, `rest` its frame's JSON after the id.
  type Queued = { userId: number; event: string; rest: string; done: (err: Error | null) => void };
  let queue: Queued[] = [];

  const scriptArgs = (batch: Queued[]) => {
    const keys = [`${ns}live:seq`];
    const keyIndex = new Map<number, number>();
    const events: string[] = [];
    const perEvent: (string | number)[] = [];
    for (const q of batch) {
      let index = keyIndex.get(q.userId);
      if (index === undefined) {
        keys.push(backlogKey(q.userId));
        index = keys.length;
        keyIndex.set(q.userId, index);
      }
      events.push(q.event);
      perEvent.push(index, q.rest);
    }
    return [keys.length, ...keys, bus, size, ttl, `[${events.join(',')}]`, ...perEvent];
  };

  const flush = () => {
    const all = queue;
    queue = [];
    const batches: Queued[][] = [];
    for (let i = 0; i < all.length; i += maxBatch) batches.push(all.slice(i, i + maxBatch));
    // One pipeline: one write and one read for the whole tick, the batches in the order made.
    const pipeline = redis.pipeline() as unknown as Record<
      typeof PUBLISH_COMMAND,
      (...a: unknown[]) => void
    > & {
      exec(): Promise<[Error | null, unknown][] | null>;
    };
    for (const batch of batches) pipeline[PUBLISH_COMMAND](...scriptArgs(batch));
    pipeline.exec().then(
      (results) => {
        batches.forEach((batch, n) => {
          const err = results?.[n]?.[0] ?? null;
          for (const q of batch) q.done(err);
        });
      },
      (err: Error) => {
        for (const q of all) q.done(err);
      },
    );
  };

  // This instance's subscribers by user; the bus is subscribed once, on the first of them.
  const local = new Map<number, Set<(frame: LiveFrame) => void>>();
  let listening: Promise<unknown> | null = null;
  const dispatch = (message: unknown) => {
    const { first, events } = (message ?? {}) as { first?: unknown; events?: unknown };
    if (!Number.isSafeInteger(first) || !Array.isArray(events)) return;
    events.forEach((event: unknown, n) => {
      if (!Array.isArray(event)) return;
      const [userId, name, data] = event as [unknown, unknown, unknown];
      const handlers = local.get(userId as number);
      if (!handlers || typeof name !== 'string') return;
      const frame: LiveFrame = { id: (first as number) + n, name, data };
      for (const handler of handlers) {
        // One failing stream must not keep the rest of the batch from the others.
        try {
          handler(frame);
        } catch (err) {
          opts.onHandlerError?.(err);
        }
      }
    });
  };

  return {
    publish(userId, name, data) {
      return new Promise<void>((resolve, reject) => {
        const nameJson = JSON.stringify(name);
        // A value JSON cannot hold would leave a hole in the batch's message: null instead.
        const dataJson = JSON.stringify(data ?? null) ?? 'null';
        const entry: Queued = {
          userId,
          event: `[${userId},${nameJson},${dataJson}]`,
          rest: `,"name":${nameJson},"data":${dataJson}}`,
          done: (err) => (err ? reject(err) : resolve()),
        };
        if (queue.length === 0) queueMicrotask(flush);
        queue.push(entry);
      });
    },
    async subscribe(userId, handler) {
      let handlers = local.get(userId);
      if (!handlers) {
        handlers = new Set();
        local.set(userId, handlers);
      }
      // A handler of its own, so the same function subscribed twice is two subscriptions.
      const own = (frame: LiveFrame) => handler(frame);
      handlers.add(own);
      const unsubscribe = async () => {
        const current = local.get(userId);
        if (current?.delete(own) && current.size === 0) local.delete(userId);
      };
      try {
        listening ??= pubsub.subscribe(bus, dispatch).catch((err: unknown) => {
          // Redis was away: the next stream tries again.
          listening = null;
          throw err;
        });
        await listening;
      } catch (err) {
        await unsubscribe();
        throw err;
      }
      return unsubscribe;
    },
    async since(userId, lastId) {
      const raw = await redis.lrange(backlogKey(userId), 0, -1);
      const frames: LiveFrame[] = [];
      for (const line of raw) {
        try {
          const frame: unknown = JSON.parse(line);
          if (isFrame(frame) && frame.id > lastId) frames.push(frame);
        } catch {}
      }
      return frames;
    },
  };
}

/** One event as its SSE frame: `id:`, `event:`, one `data:` line (JSON has no raw newline), blank line. */
export function sseFrame(frame: LiveFrame): string {
  return `id: ${frame.id}\nevent: ${frame.name}\ndata: ${JSON.stringify(frame.data)}\n\n`;
}

/** `Last-Event-ID` as the browser sends it back: one of our ids, or absent. */
export function parseLastEventId(value: string | string[] | undefined): number | null | 'invalid' {
  if (value === undefined) return null;
  const text = Array.isArray(value) ? value[0]! : value;
  if (text.trim() === '') return null;
  if (!/^\d{1,15}$/.test(text.trim())) return 'invalid';
  return Number(text.trim());
}
