import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#src/config';
import type { DatabaseHandle } from '#src/db/client';
import { createDomainEvents } from '#src/lib/events';
import { serializeError } from '#src/lib/redact';
import { createWriteEvents } from '#src/lib/write-events';
import { createBackgroundTasks } from '#src/platform/background';
import type { Deps, GroundDeps, ModuleTuning } from '#src/platform/deps';
import { ErrorLog, type ErrorLogOptions } from '#src/platform/error-log';
import { createGeoIp, type GeoIp } from '#src/platform/geoip';
import { createLiveEvents, type LiveEventsOptions } from '#src/platform/live-events';
import { createMemoryPubSub, createRedisPubSub } from '#src/platform/pubsub';
import { closeRedis, createRedis } from '#src/platform/redis';
import { createSharedCache } from '#src/platform/shared-cache';
import type { FileStorage } from '#src/platform/storage';
import { openStorage } from '#src/platform/storage.plugin';
import { SERVER_MODULES } from '#src/server-modules';

export type { Deps } from '#src/platform/deps';

/** A minute: what the per-user cache keeps (signed-in users, unread counts). */
const USER_CACHE_TTL_MS = 60_000;

export interface DepsOptions {
  /** File storage; default DATA_DIR/storage. */
  storage?: FileStorage;
  /** Error log limits and clock (tests). */
  errorLog?: ErrorLogOptions;
  /** The live events' backlog and namespace (tests sharing one Redis). */
  live?: Pick<LiveEventsOptions, 'backlogTtlMs' | 'backlogSize' | 'namespace' | 'maxBatch'>;
  /** Session and play locations; default = the offline database (GEOIP_DB_PATH or the packaged one). */
  geoip?: GeoIp;
  /** What tests tune in the modules (timings, gates, fetch rules). */
  tuning?: ModuleTuning;
}

/**
 * Builds the services' dependencies on an open database: what `buildApp` does before it adds HTTP,
 * and what a script or a job does to run services without a server. `close()` finishes queued
 * work and mail and closes the connections it opened (not the database: its opener closes it).
 */
export async function createDeps(
  config: Config,
  handle: DatabaseHandle,
  log: FastifyBaseLogger,
  opts: DepsOptions = {},
): Promise<Deps & { close(): Promise<void> }> {
  const onRedisError = (err: Error, connection: string) => log.error({ err, connection }, 'redis error');
  const redis = config.redisUrl ? createRedis(config.redisUrl, 'main', onRedisError) : null;
  const pubsub = config.redisUrl
    ? createRedisPubSub(config.redisUrl, redis ?? undefined, onRedisError)
    : createMemoryPubSub();
  // Every channel and key this install puts on Redis starts with REDIS_PREFIX; a test's namespace
  // (apps of one test run sharing a Redis, each apart) follows it.
  const namespace = config.redisPrefix + (opts.live?.namespace ?? '');
  const cache = await createSharedCache(pubsub, { namespace });
  const userCache = await createSharedCache(pubsub, {
    ttlMs: USER_CACHE_TTL_MS,
    maxEntries: 20_000,
    namespace,
  });
  const errorLog = new ErrorLog(config.dataDir, opts.errorLog);
  const background = createBackgroundTasks(log, (name, err) => {
    const safe = serializeError(err);
    errorLog
      .append({
        level: 'warning',
        exception: safe.type,
        reqId: '',
        method: 'TASK',
        route: name,
        url: '',
        message: safe.message,
        stack: safe.stack,
      })
      .catch((logError: unknown) => log.error({ err: logError }, 'could not write the error log'));
  });
  const storage = await openStorage(config, log, opts.storage);
  const events = createDomainEvents((err, name) =>
    log.error({ err, event: name }, 'a domain event subscriber failed'),
  );
  const ground: GroundDeps = {
    config,
    db: handle.db,
    database: handle,
    cache,
    userCache,
    pubsub,
    live: createLiveEvents(pubsub, {
      redis,
      backlogTtlMs: opts.live?.backlogTtlMs,
      backlogSize: opts.live?.backlogSize,
      namespace,
      maxBatch: opts.live?.maxBatch,
      onHandlerError: (err) => log.error({ err }, 'a live event subscriber failed'),
    }),
    busNamespace: namespace,
    storage,
    events,
    writeEvents: createWriteEvents(),
    background,
    errorLog,
    redis,
    // One offline GeoIP reader for every module that places an address (loaded on first use).
    geoip:
      opts.geoip ??
      createGeoIp({
        dbPath: config.geoipDbPath,
        onError: (err) => log.warn({ err }, 'geoip lookup failed'),
      }),
    tuning: opts.tuning ?? {},
    log,
  };
  // Each module adds its state (the settings service, the mailer, the gateways, …) and its event
  // subscribers, in the order of SERVER_MODULES (decision 0051).
  const deps = ground as Deps;
  for (const module of SERVER_MODULES) await module.register?.(deps, events);
  return Object.assign(deps, {
    async close() {
      await background.flush();
      for (const module of [...SERVER_MODULES].reverse()) await module.close?.(deps);
      await errorLog.flush().catch(() => {});
      await cache.close();
      await userCache.close();
      await pubsub.close();
      if (redis) await closeRedis(redis);
    },
  });
}
