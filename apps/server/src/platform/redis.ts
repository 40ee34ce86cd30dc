import { Redis } from 'ioredis';

/** A Redis connection that fails fast instead of queueing commands forever while Redis is down. */
export function createRedis(url: string, name: string): Redis {
  return new Redis(url, {
    connectionName: `zema-${name}`,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
}

export async function closeRedis(redis: Redis) {
  if (redis.status === 'end') return;
  await redis.quit().catch(() => redis.disconnect());
}
