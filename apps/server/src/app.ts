import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import { ID_PATTERN, INT32_MAX, PERMISSIONS } from '@zema/contracts';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import pinoPretty from 'pino-pretty';
import type { Config } from '#src/config';
import { createDatabase, type DatabaseHandle, type DatabaseOptions, runMigrations } from '#src/db/client';
import type { SeedResult } from '#src/db/seed';
import { createDeps } from '#src/deps';
import { accessPlugin } from '#src/http/access.plugin';
import { authPlugin } from '#src/http/auth.plugin';
import { compressionPlugin } from '#src/http/compression.plugin';
import { SESSION_COOKIE, secureCookies } from '#src/http/cookies';
import { csrfPlugin } from '#src/http/csrf.plugin';
import { registerErrorHandler } from '#src/http/error-handler';
import { applyMethodOverride } from '#src/http/method-override';
import { securityHeadersPlugin } from '#src/http/security-headers.plugin';
import { textInputPlugin } from '#src/http/text-input.plugin';
import { type WorkspaceResolver, workspacePlugin } from '#src/http/workspace.plugin';
import { redactKeys, scrubText, scrubUrl, serializeError } from '#src/lib/redact';
import type { RemoteFetchOptions } from '#src/modules/account/index';
import { seedDemoCatalogueIfNeeded } from '#src/modules/catalogue/index';
import type { LiveStreamOptions } from '#src/modules/notifications/index';
import type { RadioTuning } from '#src/modules/radio/index';
import { BOOTSTRAP_CACHE_KEYS, registerOpenApi } from '#src/modules/site/index';
import { guestRoleAtHand } from '#src/modules/users/index';
import { memberRole, roleAllows } from '#src/modules/workspaces/index';
import type { ErrorLogOptions } from '#src/platform/error-log';
import type { GeoIp } from '#src/platform/geoip';
import type { LiveEventsOptions } from '#src/platform/live-events';
import { s3BrowserOrigins } from '#src/platform/s3-storage';
import type { FileStorage } from '#src/platform/storage';
import { storagePlugin } from '#src/platform/storage.plugin';
import { enterRequest, workLogMixin } from '#src/platform/work-context';
import type { WorkGate } from '#src/platform/work-gate';
import { SERVER_MODULES, seedDatabaseWithModules } from '#src/server-modules';
import '#src/http/types';

export type BuildAppOptions = {
  database?: DatabaseOptions;
  /** An already migrated and seeded database (tests); buildApp then neither migrates nor closes it. */
  databaseHandle?: DatabaseHandle;
  resolveWorkspace?: WorkspaceResolver;
  /** Called with the seed result, e.g. so main.ts can print a generated admin password. */
  onSeed?: (result: SeedResult) => void;
  /** Where log lines go instead of stdout (tests that read the log). */
  logStream?: DestinationStream;
  /** Avatar-by-URL downloads; `allowPrivateAddresses` is for tests against a local server only. */
  remoteFetch?: RemoteFetchOptions;
  /** Session and play locations; default = the offline database (GEOIP_DB_PATH or the packaged one). */
  geoip?: GeoIp;
  /** File storage; default = DATA_DIR/storage. */
  storage?: FileStorage;
  /**
   * Add the demo catalogue when the catalogue is empty (or DEMO_MODE and it is missing); main.ts
   * turns this on, tests call seedDemoCatalogue themselves so their catalogue starts empty.
   */
  demoCatalogue?: boolean;
  /** Bounds the searches computed at once; default by driver (SEARCH_GATE). Tests hold it. */
  searchGate?: WorkGate;
  /** Error log limits and clock (tests); default ERROR_LOG_LIMITS and the real time. */
  errorLog?: ErrorLogOptions;
  /**
   * Run the periodic work (scheduled releases, upload clean-up) and resume interrupted track
   * analyses; main.ts turns this on, tests call those services themselves.
   */
  schedules?: boolean;
  /**
   * Live events: the stream timings and caps (default: heartbeat 15 s, sessions checked every
   * 30 s, 16 streams per user) and the backlog (one minute, 100 events); `namespace` keeps test
   * runs sharing one Redis apart.
   */
  live?: LiveStreamOptions &
    Pick<LiveEventsOptions, 'backlogTtlMs' | 'backlogSize' | 'namespace' | 'maxBatch'>;
  /** Radio timings and the fetch rule (tests: a local Icecast, short leases). */
  radio?: RadioTuning;
};

/** pino's `err` serializer type wants a stack string; ours may have none. */
const logError = (err: Error) => serializeError(err) as ReturnType<typeof serializeError> & { stack: string };

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Reads, the bulk of the traffic, get one info line, when they are answered: the request (method,
 * scrubbed URL, host, address), the status and the time, under the request id. Fastify's default
 * also writes the request in a line of its own as it arrives, which doubled the cost of logging a
 * read for the same facts (decision 0012). Writes keep that arrival line (an upload or a long write
 * shows in the log while it runs); errors and Fastify's other lines are unchanged.
 */
class OneLinePerRead extends LogController {
  /**
   * `debug` in the readable log (a person at a terminal wants what happens, not every request;
   * LOG_LEVEL=debug brings them back); `info` in JSON lines, for log collectors.
   */
  constructor(private readonly requestLevel: 'info' | 'debug' = 'info') {
    super();
  }
  override incomingRequest(...args: Parameters<LogController['incomingRequest']>) {
    const [request] = args;
    if (READS.has(request.method) || this.isLogDisabled(request)) return;
    request.log[this.requestLevel]({ req: request }, 'incoming request');
  }
  override requestCompleted(...args: Parameters<LogController['requestCompleted']>) {
    const [error, request, reply] = args;
    if (error || this.isLogDisabled(request)) return super.requestCompleted(...args);
    // Below the level (LOG_LEVEL=warn, or debug lines in the readable log): nothing is built, as
    // every stream and page request passes here.
    const log = reply.log as { isLevelEnabled?: (level: string) => boolean };
    if (log.isLevelEnabled?.(this.requestLevel) === false) return;
    // A read's one line carries the request too (it had no arrival line).
    const req = READS.has(request.method) ? { req: request } : {};
    reply.log[this.requestLevel](
      { ...req, res: reply, responseTime: reply.elapsedTime },
      'request completed',
    );
  }
}

/**
 * The readable log for a terminal (LOG_FORMAT=pretty): time, level and message on one coloured
 * line, the request's method, URL, status and time instead of their objects. Written in this
 * thread (no worker), to stdout as JSON lines would be.
 */
function prettyLog(): DestinationStream {
  return pinoPretty({
    colorize: true,
    // In order with the console's own lines (the first-start box comes last).
    sync: true,
    translateTime: 'HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
    messageFormat: (log, messageKey) => {
      const req = log.req as { method?: string; url?: string } | undefined;
      const res = log.res as { statusCode?: number } | undefined;
      const message = String(log[messageKey] ?? '');
      if (!req && !res) return message;
      const time = typeof log.responseTime === 'number' ? ` ${Math.round(log.responseTime)} ms` : '';
      return `${req ? `${req.method} ${req.url} ` : ''}${res?.statusCode ?? ''}${time} — ${message}`;
    },
  });
}

/** Opens and prepares the database, then builds the whole app; nothing listens until `listen()`. */
export async function buildApp(config: Config, opts: BuildAppOptions = {}): Promise<FastifyInstance> {
  const handle = opts.databaseHandle ?? (await createDatabase(config, opts.database));
  try {
    let seed: SeedResult | undefined;
    if (!opts.databaseHandle) {
      seed = await handle.exclusive(async () => {
        await runMigrations(handle);
        return seedDatabaseWithModules(handle.db, config);
      });
      opts.onSeed?.(seed);
    }
    const app = await assemble(config, handle, opts, !opts.databaseHandle);
    // Every app runs the modules' queues (a job sent from this app's requests may run here); only
    // the server process runs the periodic tasks and picks up what a stopped process left. Before
    // the demo catalogue: adding it asks for a new sitemap, a job of a queue declared here.
    await app.deps.jobs.start(SERVER_MODULES.flatMap((module) => module.queues?.(app.deps) ?? []));
    if (opts.demoCatalogue) {
      // After assemble: the demo's audio and artwork go through app.deps.storage. Its rows go in one
      // transaction, so a failure leaves no half catalogue and the server still starts.
      await seedDemoCatalogueIfNeeded(app.deps).then(
        (demo) => demo.seeded && app.log.info(demo, 'demo catalogue added'),
        (err: unknown) => app.log.error({ err }, 'could not add the demo catalogue'),
      );
    }
    if (opts.schedules) {
      for (const module of SERVER_MODULES) await module.resume?.(app.deps);
      await app.deps.jobs.startPeriodic(SERVER_MODULES.flatMap((module) => module.tasks?.(app.deps) ?? []));
    }
    // Instances already serving (a rolling restart) cached the old list; this one has not yet.
    // Best effort: the cache TTL bounds staleness anyway, so a pub/sub hiccup must not stop startup.
    if (seed?.localizationsAdded) {
      await app.deps.cache
        .invalidate(BOOTSTRAP_CACHE_KEYS.localizations)
        .catch((err: unknown) => app.log.warn({ err }, 'could not invalidate cached localizations'));
    }
    return app;
  } catch (err) {
    if (!opts.databaseHandle) await handle.close().catch(() => {});
    throw err;
  }
}

async function assemble(
  config: Config,
  handle: DatabaseHandle,
  opts: BuildAppOptions,
  ownsDatabase: boolean,
) {
  // Debug traces are only useful when they reach past the framework into our own frames.
  if (config.debug && Error.stackTraceLimit < 50) Error.stackTraceLimit = 50;

  const app = Fastify({
    logger: {
      level: config.logLevel,
      // No secrets or personal data in logs (lib/redact.ts): headers by path, secret-named keys at
      // any depth, errors as a fixed set of scrubbed fields, and secret shapes cut out of messages.
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["x-xsrf-token"]',
          'res.headers["set-cookie"]',
          'headers.authorization',
          'headers.cookie',
          'headers["set-cookie"]',
        ],
        censor: '[redacted]',
      },
      serializers: {
        err: logError,
        error: logError,
        req: (req: {
          method: string;
          url: string;
          host: string;
          ip: string;
          socket?: { remotePort?: number };
        }) => ({
          method: req.method,
          url: scrubUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
      formatters: { log: (object: Record<string, unknown>) => redactKeys(object) },
      // Work a request started (background tasks, jobs) logs with that request's id.
      mixin: workLogMixin,
      hooks: {
        logMethod(args, method) {
          // The message string (last argument) may be built from values too.
          const last = args.length - 1;
          if (typeof args[last] === 'string') args[last] = scrubText(args[last] as string);
          return method.apply(this, args);
        },
      },
      ...(opts.logStream
        ? { stream: opts.logStream }
        : config.logFormat === 'pretty'
          ? { stream: prettyLog() }
          : {}),
    },
    // Proxies are trusted only when configured; otherwise X-Forwarded-For is ignored (RELIABILITY).
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    requestIdHeader: false,
    genReqId: (req: IncomingMessage) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    rewriteUrl: applyMethodOverride,
    logController: new OneLinePerRead(config.logFormat === 'pretty' ? 'debug' : 'info'),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Slow clients (RELIABILITY "resource limits", docs/reliability.md): headers and the whole
    // request have deadlines (config HTTP_*_TIMEOUT_MS), checked often enough to hold them; Node's
    // 16 KB header limit answers 431. No idle socket timeout: a paused player may read nothing for
    // minutes, and the event streams send their own heartbeats.
    requestTimeout: config.http.requestTimeoutMs,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(5_000, Math.max(250, config.http.headersTimeoutMs / 4)),
    },
    clientErrorHandler: answerClientError,
    // A path Fastify cannot route (bad percent-encoding, a parameter over maxParamLength) is
    // answered in the SPEC §8 shape too (the reliability fuzzer sends both).
    frameworkErrors: (error, _request, reply) => {
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      (reply as FastifyReply).code(status).send({ message: 'The address of this request is not valid.' });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The request's id for everything it runs, and for the work it leaves behind (work-context.ts).
  app.addHook('onRequest', (request, _reply, done) => enterRequest(request.id, done));

  const deps = await createDeps(config, handle, app.log, {
    storage: opts.storage,
    errorLog: opts.errorLog,
    live: opts.live,
    geoip: opts.geoip,
    tuning: {
      remoteFetch: opts.remoteFetch,
      searchGate: opts.searchGate,
      liveStreams: opts.live,
      radio: opts.radio,
    },
  });
  app.decorate('deps', deps);
  const { redis, cache } = deps;
  const storage = deps.storage;

  app.addHook('onClose', async () => {
    // Work and mail left by the last requests finish before the connections close.
    await deps.close();
    if (ownsDatabase) await handle.close();
  });

  // Hooks that never wait are callback hooks: an async one costs every request a promise.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  // While draining or closing, answers end their keep-alive connection: one hook, in ops/drain.ts.

  // What never finishes by itself (open event streams) ends before the server stops accepting:
  // otherwise close() would wait for it.
  app.addHook('preClose', async () => {
    for (const module of SERVER_MODULES) await module.beforeClose?.(deps);
  });

  registerErrorHandler(app);
  for (const module of SERVER_MODULES) module.hooks?.(app);
  const s3Origins = config.s3 ? s3BrowserOrigins(config.s3) : { upload: [], files: [] };
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // Dynamic styles set through the DOM are fine; attribute styles from markup need this.
        styleSrcAttr: ["'unsafe-inline'"],
        // https: for radio stations' covers and their sources' song art, on hosts an admin names.
        imgSrc: ["'self'", 'data:', 'blob:', ...s3Origins.files, 'https:'],
        // A radio station plays from its own host (Icecast, AzuraCast, a CDN's HLS), any an admin
        // adds; media is never run as code (decision 0055).
        mediaSrc: ["'self'", 'blob:', ...s3Origins.files, 'https:', 'http:'],
        fontSrc: ["'self'", 'data:'],
        // Direct uploads PUT to the bucket from the browser.
        connectSrc: ["'self'", ...s3Origins.upload],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        // On plain http (local installs) upgrading would point assets at a port with no TLS.
        ...(config.appUrl.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Cross-origin isolation would block the external radio stream and OAuth popups.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    hsts: config.appUrl.startsWith('https://') ? undefined : false,
  });
  // Before any route: it hooks every route as it is added.
  await app.register(compressionPlugin);
  // Defaults for a cookie set without cookieOptions() (http/cookies.ts): the same Secure rule.
  await app.register(fastifyCookie, {
    parseOptions: { secure: secureCookies(config.appUrl) ? true : 'auto', httpOnly: true, sameSite: 'lax' },
  });
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}zema-rate-limit:` } : {}),
  });
  await app.register(authPlugin, {
    sessionCookie: SESSION_COOKIE,
    userForSession: (token) => app.deps.signedIn.userForSession(token),
    userForAccessToken: (token) => app.deps.signedIn.userForAccessToken(token),
  });
  await app.register(csrfPlugin);
  await app.register(accessPlugin, {
    guestRole: () => guestRoleAtHand(handle.db, cache),
    // A team's members use its backstage by their workspace role, without a role of their own.
    grantedByWorkspace: async (request, permission) => {
      if (permission !== PERMISSIONS.backstageAccess || !request.user) return false;
      const raw = (request.query as Record<string, unknown> | undefined)?.workspaceId;
      const id = typeof raw === 'string' && ID_PATTERN.test(raw) ? Number(raw) : 0;
      if (!id || id > INT32_MAX) return false;
      return roleAllows(await memberRole(handle.db, request.user.id, id), 'workspace_catalogue.view');
    },
    emailConfirmationRequired: async () =>
      (await app.deps.settings.getClientSettings()).require_email_confirmation,
  });
  // Membership is read on every request that names a workspace: a removed member is refused at once.
  await app.register(workspacePlugin, {
    resolveWorkspace:
      opts.resolveWorkspace ??
      (async (request, workspaceId) =>
        request.user ? memberRole(handle.db, request.user.id, workspaceId) : false),
  });
  await app.register(textInputPlugin);
  // Before any route, so the OpenAPI document sees every one of them.
  await registerOpenApi(app);

  await app.register(storagePlugin, { storage });
  for (const module of SERVER_MODULES)
    for (const routes of module.rootRoutes ?? []) await app.register(routes);
  await app.register(
    async (api) => {
      for (const module of SERVER_MODULES)
        for (const routes of module.apiRoutes ?? []) await api.register(routes);
    },
    { prefix: '/api/v1' },
  );
  return app;
}

const CLIENT_ERRORS: Record<string, [status: number, reason: string, message: string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive.'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request headers are too large.'],
};

/**
 * Answers a request Node refused before any route saw it (too slow, headers too large, not HTTP)
 * in the SPEC §8 shape, like every other error, then closes the connection.
 */
function answerClientError(err: NodeJS.ErrnoException, socket: import('node:net').Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'Bad Request', 'Bad request.'];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
