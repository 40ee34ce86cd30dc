import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '#src/config';
import type { Database, DatabaseHandle } from '#src/db/client';
import { createHumanMarks, type HumanMarks } from '#src/domain/human-verification/human-verification.service';
import { createSignedInUsers, SIGNED_IN_TTL_MS, type SignedInUsers } from '#src/domain/identity/signed-in';
import { createMailService, type MailService } from '#src/domain/mail/mail.service';
import { invalidateCataloguePagesOnChange } from '#src/domain/music/artist-page';
import { invalidatePublicChannelsOnChange } from '#src/domain/music/channels';
import { notifyOnDomainEvents } from '#src/domain/notifications/listeners';
import { cachedUnreadCount, forgetReadersOnChange } from '#src/domain/notifications/notifications.service';
import { createSettingsService, type SettingsService } from '#src/domain/settings/settings.service';
import { invalidateSearchesOnChange } from '#src/features/search/search.service';
import { createDomainEvents, type DomainEvents } from '#src/lib/events';
import { serializeError } from '#src/lib/redact';
import { type BackgroundTasks, createBackgroundTasks } from '#src/platform/background';
import { ErrorLog, type ErrorLogOptions } from '#src/platform/error-log';
import { createLiveEvents, type LiveEvents, type LiveEventsOptions } from '#src/platform/live-events';
import { createMailer } from '#src/platform/mail';
import { createMemoryPubSub, createRedisPubSub, type PubSub } from '#src/platform/pubsub';
import { closeRedis, createRedis } from '#src/platform/redis';
import { createSharedCache, type SharedCache } from '#src/platform/shared-cache';
import type { FileStorage } from '#src/platform/storage';
import { openStorage } from '#src/platform/storage.plugin';

/**
 * What the services work with, built once by `buildApp` (app.ts) and reachable as `app.deps`.
 * A service takes this object, or the narrow part of it it needs (`Pick<Deps, 'db' | 'events'>`),
 * never the Fastify instance, a request or a reply: so it can run from a route, a script, a job or a
 * test alike. What a service needs from the request (the caller's id, the session, the address) it
 * takes as plain arguments.
 */
export interface Deps {
  config: Config;
  db: Database;
  /** The handle behind `db`: `exclusive()` for startup work, `close()`. */
  database: DatabaseHandle;
  cache: SharedCache;
  /**
   * Per-user values read on every signed-in request (sessions, users, unread counts, the bell's
   * first page): sized apart from `cache`, whose few install-wide values must never be evicted.
   */
  userCache: SharedCache;
  /** Who a session cookie or an access token belongs to, cached (decision 0036). */
  signedIn: SignedInUsers;
  pubsub: PubSub;
  /** Live events to a user's open pages (SSE). */
  live: LiveEvents;
  settings: SettingsService;
  storage: FileStorage;
  mail: MailService;
  events: DomainEvents;
  background: BackgroundTasks;
  humanMarks: HumanMarks;
  errorLog: ErrorLog;
  /** The shared Redis connection when REDIS_URL is set. */
  redis: Redis | null;
  log: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

export interface DepsOptions {
  /** File storage; default DATA_DIR/storage. */
  storage?: FileStorage;
  /** Error log limits and clock (tests). */
  errorLog?: ErrorLogOptions;
  /** The live events' backlog and namespace (tests sharing one Redis). */
  live?: Pick<LiveEventsOptions, 'backlogTtlMs' | 'backlogSize' | 'namespace' | 'maxBatch'>;
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
  const cache = await createSharedCache(pubsub);
  const userCache = await createSharedCache(pubsub, { ttlMs: SIGNED_IN_TTL_MS, maxEntries: 20_000 });
  const settings = createSettingsService(handle.db, config, cache);
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
  const mail = createMailService({ mailer: createMailer(config, log), settings, config, log, db: handle.db });
  const storage = await openStorage(config, log, opts.storage);
  const events = createDomainEvents((err, name) =>
    log.error({ err, event: name }, 'a domain event subscriber failed'),
  );
  // Caches derived from the catalogue follow its writes, wherever they happen (decision 0019).
  invalidateCataloguePagesOnChange(events, cache);
  invalidateSearchesOnChange(events, cache);
  invalidatePublicChannelsOnChange(events, cache);
  forgetReadersOnChange(events, userCache);
  const signedIn = createSignedInUsers({
    db: handle.db,
    cache: userCache,
    events,
    unreadCount: (userId) => cachedUnreadCount({ db: handle.db, userCache }, userId),
  });
  const deps = {
    config,
    db: handle.db,
    database: handle,
    cache,
    userCache,
    signedIn,
    pubsub,
    live: createLiveEvents(pubsub, {
      redis,
      backlogTtlMs: opts.live?.backlogTtlMs,
      backlogSize: opts.live?.backlogSize,
      namespace: opts.live?.namespace,
      maxBatch: opts.live?.maxBatch,
      onHandlerError: (err) => log.error({ err }, 'a live event subscriber failed'),
    }),
    settings,
    storage,
    mail,
    events,
    background,
    humanMarks: createHumanMarks(redis),
    errorLog,
    redis,
    log,
    async close() {
      await background.flush();
      await mail.close();
      await errorLog.flush().catch(() => {});
      await cache.close();
      await userCache.close();
      await pubsub.close();
      if (redis) await closeRedis(redis);
    },
  };
  // What notifies: domain events become notifications (decision 0031).
  notifyOnDomainEvents(deps);
  return deps;
}
