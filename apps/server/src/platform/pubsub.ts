import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { closeRedis, createRedis, type RedisErrorHandler } from './redis';

export type Unsubscribe = () => Promise<void>;
export type MessageHandler<T = unknown> = (message: T) => void;

/**
 * Publish/subscribe between the parts of the app (and, with Redis, between instances), used by
 * server-sent events. Messages are JSON values.
 */
export type PubSub = {
  readonly driver: 'memory' | 'redis';
  publish(channel: string, message: unknown): Promise<void>;
  subscribe<T = unknown>(channel: string, handler: MessageHandler<T>): Promise<Unsubscribe>;
  close(): Promise<void>;
};

export function createMemoryPubSub(): PubSub {
  const emitter = new EventEmitter();
  // Every open SSE connection is a listener; the default cap of 10 is a leak warning, not a limit.
  emitter.setMaxListeners(0);
  return {
    driver: 'memory',
    async publish(channel, message) {
      // A round trip through JSON keeps both drivers equal: subscribers never share the object.
      const copy = JSON.parse(JSON.stringify(message ?? null));
      // Deliver asynchronously, like Redis, so publishers never run subscriber code inline.
      setImmediate(() => emitter.emit(channel, copy));
    },
    async subscribe(channel, handler) {
      const listener = (m: unknown) => handler(m as never);
      emitter.on(channel, listener);
      return async () => {
        emitter.off(channel, listener);
      };
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export function createRedisPubSub(url: string, publisher?: Redis, onError?: RedisErrorHandler): PubSub {
  const ownPublisher = !publisher;
  const pub = publisher ?? createRedis(url, 'pub', onError);
  // A connection in subscriber mode cannot run other commands, hence its own connection.
  const sub = createRedis(url, 'sub', onError);
  const handlers = new Map<string, Set<MessageHandler>>();
  // The SUBSCRIBE of each channel, so a second subscriber waits for it as the first does.
  const subscribed = new Map<string, Promise<unknown>>();

  sub.on('message', (channel: string, raw: string) => {
    const set = handlers.get(channel);
    if (!set) return;
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    for (const h of set) h(message);
  });

  return {
    driver: 'redis',
    async publish(channel, message) {
      await pub.publish(channel, JSON.stringify(message ?? null));
    },
    async subscribe(channel, handler) {
      for (;;) {
        let ready = subscribed.get(channel);
        if (!ready) {
          const attempt = sub.subscribe(channel);
          ready = attempt;
          subscribed.set(channel, attempt);
          // Redis was away: forget the attempt, so the next subscriber sends SUBSCRIBE again.
          attempt.catch(() => {
            if (subscribed.get(channel) === attempt) subscribed.delete(channel);
          });
        }
        await ready;
        // The channel's last subscriber left (UNSUBSCRIBE) while this one waited: subscribe again.
        if (subscribed.get(channel) === ready) break;
      }
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(handler as MessageHandler);
      return async () => {
        const current = handlers.get(channel);
        if (!current?.delete(handler as MessageHandler) || current.size > 0) return;
        handlers.delete(channel);
        subscribed.delete(channel);
        await sub.unsubscribe(channel).catch(() => {});
      };
    },
    async close() {
      handlers.clear();
      subscribed.clear();
      await closeRedis(sub);
      if (ownPublisher) await closeRedis(pub);
    },
  };
}
