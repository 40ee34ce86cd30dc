import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { type SocialConfig, socialConfigFrom, socialEnvShape } from '#src/lib/social-config';

/**
 * Every environment variable the server reads (the root .env.example and apps/server/README.md
 * list the same set):
 *
 * - PORT            HTTP port (default 8080)
 * - HOST            interface to bind (default 0.0.0.0)
 * - APP_URL         public URL of the app, used for links and base_url (default http://localhost:PORT)
 * - DATA_DIR        where the embedded database, logs and files live (default ./data)
 * - DATABASE_URL    PostgreSQL connection string; unset = embedded PGlite in DATA_DIR/db
 * - REDIS_URL       Redis for rate limits and pub/sub across instances; unset = in-process
 * - APP_DEBUG       true = failed responses carry the debug trace (never in production)
 * - ADMIN_EMAIL     email of the admin seeded on first start (default admin@zema.local)
 * - ADMIN_PASSWORD  password of that admin; unset = generated once, saved to DATA_DIR/admin-credentials.txt
 * - MAIL_URL        smtp://user:pass@host:port (or smtps://); unset = .eml files in DATA_DIR/mail
 * - MAIL_FROM       sender of every mail (default "<site name>" <no-reply@APP_URL host>)
 * - HUMAN_VERIFICATION_SECRET      secret key of reCAPTCHA / Turnstile (server side only)
 * - HUMAN_VERIFICATION_VERIFY_URL  verify endpoint; default per provider (Google / Cloudflare)
 * - DEMO_MODE       true = demo site (login form prefilled with the demo admin)
 * - TRUST_PROXY     comma list of proxy IPs/CIDRs whose X-Forwarded-For is trusted; unset = none
 * - LOG_LEVEL       pino level: fatal, error, warn, info, debug, trace, silent (default info)
 * - WEB_DIST_DIR    folder of the built web app (default apps/web/dist)
 * - GEOIP_DB_PATH   a MaxMind .mmdb city database for session locations; unset = the packaged GeoLite2 City data
 * - STREAM_X_ACCEL_PREFIX  e.g. /protected-audio/: behind nginx, the app authorises a stream and nginx sends the bytes (X-Accel-Redirect); unset = the app sends them
 * - REGISTRATION_LIMIT_PER_IP      sign-up attempts per client IP per hour (default 20; 0 = no limit)
 * - REGISTRATION_LIMIT_PER_DOMAIN  sign-up attempts per email domain per minute (default 10; 0 = no limit)
 * - APP_KEY, GOOGLE_*, FACEBOOK_*, TWITTER_*, ENVATO_*  social login (see lib/social-config.ts)
 */

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

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_URL: optionalString.pipe(z.url().optional()),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
  ),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
  ),
  APP_DEBUG: bool,
  ADMIN_EMAIL: z.email().default('admin@zema.local'),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  MAIL_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// URL')
      .optional(),
  ),
  MAIL_FROM: optionalString,
  HUMAN_VERIFICATION_SECRET: optionalString,
  HUMAN_VERIFICATION_VERIFY_URL: optionalString.pipe(z.url().optional()),
  DEMO_MODE: bool,
  TRUST_PROXY: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalString,
  GEOIP_DB_PATH: optionalString,
  STREAM_X_ACCEL_PREFIX: optionalString.pipe(
    z
      .string()
      .regex(/^\/[A-Za-z0-9._/-]*\/$/, 'must be a path starting and ending with /')
      .optional(),
  ),
  REGISTRATION_LIMIT_PER_IP: z.coerce.number().int().min(0).default(20),
  REGISTRATION_LIMIT_PER_DOMAIN: z.coerce.number().int().min(0).default(10),
  ...socialEnvShape,
});

export type Config = {
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  debug: boolean;
  adminEmail: string;
  adminPassword: string | undefined;
  mailUrl: string | undefined;
  /** Explicit sender; undefined = "<site name>" <no-reply@<APP_URL host>> at send time. */
  mailFrom: string | undefined;
  humanVerification: { secret: string | undefined; verifyUrl: string | undefined };
  demo: boolean;
  /** Proxy addresses/CIDRs whose X-Forwarded-For is believed; empty = trust no proxy. */
  trustProxy: string[];
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDistDir: string;
  /** A MaxMind-format .mmdb file for session locations; undefined = the packaged GeoLite2 City data. */
  geoipDbPath: string | undefined;
  /** nginx internal location that serves DATA_DIR/storage; set = streams answer with X-Accel-Redirect. */
  streamXAccelPrefix: string | undefined;
  /** Secret of the signed OAuth cookies; undefined = generated once into DATA_DIR/app-key. */
  appKey: string | undefined;
  /** Social login providers; null = off (SPEC §4, ARCHITECTURE: off until configured). */
  social: SocialConfig;
  /** Sign-up attempts allowed per client IP an hour and per email domain a minute; 0 = no limit. */
  registrationLimits: { perIpPerHour: number; perDomainPerMinute: number };
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const absolute = (p: string, base: string) => (isAbsolute(p) ? p : resolve(base, p));
  return {
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir: absolute(e.DATA_DIR, process.cwd()),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    debug: e.APP_DEBUG,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    mailUrl: e.MAIL_URL,
    mailFrom: e.MAIL_FROM,
    humanVerification: { secret: e.HUMAN_VERIFICATION_SECRET, verifyUrl: e.HUMAN_VERIFICATION_VERIFY_URL },
    demo: e.DEMO_MODE,
    trustProxy: (e.TRUST_PROXY ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR
      ? absolute(e.WEB_DIST_DIR, process.cwd())
      : resolve(serverPackageRoot, '../web/dist'),
    geoipDbPath: e.GEOIP_DB_PATH ? absolute(e.GEOIP_DB_PATH, process.cwd()) : undefined,
    streamXAccelPrefix: e.STREAM_X_ACCEL_PREFIX,
    appKey: e.APP_KEY,
    social: socialConfigFrom(e),
    registrationLimits: {
      perIpPerHour: e.REGISTRATION_LIMIT_PER_IP,
      perDomainPerMinute: e.REGISTRATION_LIMIT_PER_DOMAIN,
    },
  };
}

/** Package root of @zema/server (holds drizzle/ migrations), valid from src/ and from dist/. */
export const SERVER_ROOT = serverPackageRoot;
