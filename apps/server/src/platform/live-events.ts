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
};

export const LIVE_BACKLOG_TTL_MS = 60_000;
export const LIVE_BACKLOG_SIZE = 100;

/** The channel a user's events travel on, across instances (through Redis when it is set). */
export const liveChannel = (userId: number, namespace = '') => `${namespace}live:user:${userId}`;

// One round trip, atomic: the id, the backlog entry and the publish happen in one step, so every
// subscriber sees a user's events in id order even when instances publish at the same time.
// KEYS: sequence, backlog, channel. ARGV: name (JSON string), data (JSON), size, ttl ms.
// The counter lapses after a day without any event (test runs' namespaces leave nothing behind);
// by then every backlog is long gone, and a browser holding an older id gets new events anyway.
const PUBLISH_SCRIPT = `
local id = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], 86400000)
local frame = '{"id":' .. id .. ',"name":' .. ARGV[1] .. ',"data":' .. ARGV[2] .. '}'
redis.call('RPUSH', KEYS[2], frame)
redis.call('LTRIM', KEYS[2], -tonumber(ARGV[3]), -1)
redis.call('PEXPIRE', KEYS[2], ARGV[4])
redis.call('PUBLISH', KEYS[3], frame)
return id
`;

const PUBLISH_COMMAND = 'zemaLivePublish';
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
  const channel = (userId: number) => liveChannel(userId, ns);

  const subscribe: LiveEvents['subscribe'] = (userId, handler) =>
    pubsub.subscribe(channel(userId), (message) => {
      if (isFrame(message)) handler(message);
    });

  const redis = opts.redis as (Redis & Partial<Record<typeof PUBLISH_COMMAND, PublishCommand>>) | null;
  if (redis && pubsub.driver === 'redis') {
    const backlogKey = (userId: number) => `${ns}live:backlog:${userId}`;
    // Sent once, then run by its hash (ioredis falls back to the text after a Redis restart).
    if (!redis[PUBLISH_COMMAND])
      redis.defineCommand(PUBLISH_COMMAND, { numberOfKeys: 3, lua: PUBLISH_SCRIPT });
    // Publishes made in the same tick (a release reaching every follower) go to Redis as one
    // pipeline: one write and one read instead of one round trip each, in the order they were made.
    type Queued = { args: (string | number)[]; done: (err: Error | null) => void };
    let queue: Queued[] = [];
    const flush = () => {
      const batch = queue;
      queue = [];
      const pipeline = redis.pipeline() as unknown as Record<
        typeof PUBLISH_COMMAND,
        (...a: unknown[]) => void
      > & {
        exec(): Promise<[Error | null, unknown][] | null>;
      };
      for (const q of batch) pipeline[PUBLISH_COMMAND](...q.args);
      pipeline.exec().then(
        (results) => {
          batch.forEach((q, n) => {
            q.done(results?.[n]?.[0] ?? null);
          });
        },
        (err: Error) => {
          for (const q of batch) q.done(err);
        },
      );
    };
    return {
      publish(userId, name, data) {
        const args = [
          `${ns}live:seq`,
          backlogKey(userId),
          channel(userId),
          JSON.stringify(name),
          JSON.stringify(data ?? null),
          size,
          ttl,
        ];
        return new Promise<void>((resolve, reject) => {
          if (queue.length === 0) queueMicrotask(flush);
          queue.push({ args, done: (err) => (err ? reject(err) : resolve()) });
        });
      },
      subscribe,
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
