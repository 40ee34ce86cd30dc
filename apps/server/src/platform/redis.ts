import { Redis } from 'ioredis';

/** A Redis connection that fails fast instead of queueing commands forever while Redis is down. */
export type RedisErrorHandler = (err: Error, connection: string) => void;

/**
 * ioredis reconnects by itself; without an 'error' listener it would print every failed attempt
 * as an unhandled error, so errors go to the app's logger instead.
 */
export function createRedis(url: string, name: string, onError?: RedisErrorHandler): Redis {
  const redis = new Redis(url, {
    connectionName: `zema-${name}`,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
  redis.on('error', (err: Error) => onError?.(err, name));
  return redis;
}

export async function closeRedis(redis: Redis) {
  if (redis.status === 'end') return;
  await redis.quit().catch(() => redis.disconnect());
}
