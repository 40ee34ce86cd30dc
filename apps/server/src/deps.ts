import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '#src/config';
import type { Database, DatabaseHandle } from '#src/db/client';
import type { HumanMarks } from '#src/features/human-verification/human-verification.service';
import type { MailService } from '#src/features/mail/mail.service';
import type { SettingsService } from '#src/features/settings/settings.service';
import type { DomainEvents } from '#src/lib/events';
import type { BackgroundTasks } from '#src/platform/background';
import type { ErrorLog } from '#src/platform/error-log';
import type { PubSub } from '#src/platform/pubsub';
import type { SharedCache } from '#src/platform/shared-cache';
import type { FileStorage } from '#src/platform/storage';

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
  pubsub: PubSub;
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
