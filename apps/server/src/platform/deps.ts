import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '#src/config';
import type { Database, DatabaseHandle } from '#src/db/client';
import type { ModuleSeed } from '#src/db/seed';
import type { DomainEvents } from '#src/lib/events';
import type { WriteEvents } from '#src/lib/write-events';
import type { BackgroundTasks } from './background';
import type { ErrorLog } from './error-log';
import type { GeoIp } from './geoip';
import type { JobQueueDefinition } from './jobs';
import type { LiveEvents } from './live-events';
import type { PubSub } from './pubsub';
import type { ScheduledTask } from './schedule';
import type { SharedCache } from './shared-cache';
import type { FileStorage } from './storage';

/**
 * What the services work with, built once by `createDeps` (deps.ts) and reachable as `app.deps`.
 * A service takes this object, or the narrow part of it it needs (`Pick<Deps, 'db' | 'events'>`),
 * never the Fastify instance, a request or a reply: so it can run from a route, a script, a job or a
 * test alike. What a service needs from the request (the caller's id, the session, the address) it
 * takes as plain arguments.
 *
 * The ground's parts are `GroundDeps`. A module adds the state it builds once (the settings
 * service, the mailer, the billing gateways, …) by augmenting this interface in its `index.ts`
 * (`declare module '#src/platform/deps'`), and sets it in its `register` (decision 0051): so this
 * file imports no module, and adding a module never edits it.
 */
export interface Deps extends GroundDeps {}

/** What the ground builds for every module, before the modules add theirs (`createDeps`). */
export interface GroundDeps {
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
  pubsub: PubSub;
  /** Live events to a user's open pages (SSE). */
  live: LiveEvents;
  /**
   * What prefixes this install's channels and keys on a shared Redis (tests give each app its
   * own), for a module that opens channels of its own next to `live`'s.
   */
  busNamespace: string;
  storage: FileStorage;
  events: DomainEvents;
  /** Said inside a writer's transaction, for the owners of related rows (lib/write-events.ts). */
  writeEvents: WriteEvents;
  background: BackgroundTasks;
  errorLog: ErrorLog;
  /** The shared Redis connection when REDIS_URL is set. */
  redis: Redis | null;
  /** Session and play locations: one offline reader, loaded on first use. */
  geoip: GeoIp;
  /** What tests and scripts tune in the modules (timings, gates, fetch rules). */
  tuning: ModuleTuning;
  log: FastifyBaseLogger;
}

/** Knobs a module reads at `register`; each module declares its own (by augmentation). */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the modules' augmentations.
export interface ModuleTuning {}

/**
 * One concept of the server, as `src/modules/<name>/index.ts` exports it (decision 0051).
 * `createDeps` calls every module's `register` in the order of `src/modules.ts`; `buildApp`
 * registers its routes and, when the server runs its schedules, its tasks.
 */
export interface ServerModule {
  name: string;
  /** Builds the module's state on `deps` and subscribes it to the domain events. */
  register?(deps: Deps, events: DomainEvents): void | Promise<void>;
  /** Hooks on every request of the server, added before any route (what every answer passes). */
  hooks?(app: FastifyInstance): void;
  /** Routes under `/api/v1`. */
  apiRoutes?: readonly FastifyPluginAsync[];
  /** Routes at the root (health, sign-in, the OAuth callbacks, the SPA). */
  rootRoutes?: readonly FastifyPluginAsync[];
  /** The module's rows of a fresh install (example plans, themes), in the seed's transaction. */
  seed?: ModuleSeed;
  /**
   * Periodic work (decision 0030): run by the job engine once across instances (BullMQ), or by
   * each instance's own schedule (embedded); each task must be safe on several instances at once.
   */
  tasks?(deps: Deps): ScheduledTask[];
  /** Queues of work handed over with `deps.jobs.send`: retried with backoff, failures kept (module `jobs`). */
  queues?(deps: Deps): JobQueueDefinition[];
  /** Startup work of a server that runs its schedules (work an earlier process left unfinished). */
  resume?(deps: Deps): Promise<void>;
  /** Before the server stops accepting (ends what never finishes by itself, like open streams). */
  beforeClose?(deps: Deps): Promise<void> | void;
  /** After the last request: finishes queued work and closes what `register` opened. */
  close?(deps: Deps): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
