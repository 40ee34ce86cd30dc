import { type ClientSettings, clientSettingsSchema, msg } from '@zema/contracts';
import { like, sql } from 'drizzle-orm';
import type { Config } from '#src/config';
import type { Database, Tx } from '#src/db/client';
import { InvalidInputError } from '#src/lib/errors';
import { effectiveSocialConfig, enabledSocialServices, type SocialConfig } from '#src/lib/social-config';
import type { SharedCache } from '#src/platform/shared-cache';
import { defaultFrom } from './mail-from';
import { defaultClientSettings, ENV_OWNED_SETTINGS } from './settings.defaults';
import { settings } from './settings.tables';

type Json = unknown;
type JsonObject = Record<string, Json>;

const isObject = (v: Json): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Objects merge key by key; arrays and scalars replace. */
export function deepMerge(base: Json, override: Json): Json {
  if (!isObject(base) || !isObject(override)) return override === undefined ? base : override;
  const out: JsonObject = { ...base };
  for (const [k, v] of Object.entries(override)) out[k] = deepMerge(base[k], v);
  return out;
}

function setPath(target: JsonObject, path: string, value: Json) {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    if (!isObject(node[part])) node[part] = {};
    node = node[part] as JsonObject;
  }
  node[parts[parts.length - 1]!] = value;
}

export function getPath(source: Json, path: string): Json {
  let node = source;
  for (const part of path.split('.')) {
    if (!isObject(node)) return undefined;
    node = node[part];
  }
  return node;
}

export class SettingsValidationError extends InvalidInputError {
  override name = 'SettingsValidationError';
}

/** Stored keys under this prefix are server-only settings: never merged into client settings. */
export const SERVER_SETTINGS_PREFIX = 'server.';
const isServerKey = (key: string) => key.startsWith(SERVER_SETTINGS_PREFIX);

/** Server-only values as stored, by dotted key (`server.social.google.client_secret`). */
export type ServerSettings = Readonly<Record<string, unknown>>;

type Row = { key: string; value: Json };

function applyRows(config: Config, rows: Row[], server: ServerSettings): Json {
  const overrides: JsonObject = {};
  // Shorter keys first so 'landing' is applied before 'landing.headerTitle'.
  for (const row of [...rows].sort((a, b) => a.key.length - b.key.length)) {
    if (isServerKey(row.key)) continue;
    const base = getPath(overrides, row.key);
    setPath(overrides, row.key, deepMerge(base, row.value));
  }
  const defaults = defaultClientSettings(config) as JsonObject;
  const merged = deepMerge(defaults, overrides) as JsonObject;
  // Whatever rows say (an `uploads` row may carry a `disk`), env-owned values are the defaults'.
  for (const key of ENV_OWNED_SETTINGS) setPath(merged, key, getPath(defaults, key));
  // Which providers are on follows their credentials: the environment's, or those set by an admin.
  merged.social = enabledSocialServices(effectiveSocialConfig(config, server));
  return merged;
}

const serverSettingsOf = (rows: Row[]): ServerSettings =>
  Object.fromEntries(rows.filter((r) => isServerKey(r.key)).map((r) => [r.key, r.value]));

const isEnvOwned = (key: string) =>
  !key || ENV_OWNED_SETTINGS.some((owned) => key === owned || key.startsWith(`${owned}.`));

function issuesToErrors(issues: readonly { path: PropertyKey[]; message: string }[], prefix = '') {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
}

export const SETTINGS_CACHE_KEY = 'settings';
/** A key no setting has (on its field: the admin form shows it there). */
const UNKNOWN_SETTING = msg('Unknown setting.');

type Snapshot = { client: ClientSettings; server: ServerSettings };

export function createSettingsService(db: Database, config: Config, cache: SharedCache) {
  // Every request reads settings: cached, and invalidated on every instance when one is written.
  const snapshot = () => cache.get<Snapshot>(SETTINGS_CACHE_KEY, load);
  const all = async () => (await snapshot()).client;

  async function load(): Promise<Snapshot> {
    const rows = await db.select().from(settings);
    const server = serverSettingsOf(rows);
    const merged = applyRows(config, rows, server);
    const parsed = clientSettingsSchema.safeParse(merged);
    // A bad stored row must not take the site down: fall back to defaults for what is invalid.
    if (parsed.success) return { client: parsed.data, server };
    const valid = rows.filter((r) => clientSettingsSchema.safeParse(applyRows(config, [r], server)).success);
    return { client: clientSettingsSchema.parse(applyRows(config, valid, server)), server };
  }

  /** The client settings `pairs` would give (client keys only), or the errors they cause. */
  async function preview(pairs: [string, Json][]) {
    const keys = new Set(pairs.map(([key]) => key));
    const rows = await db.select().from(settings);
    const next = [
      // A key replaces its subtree: rows below it ('dates.format' under 'dates') go with it.
      ...rows.filter((r) => ![...keys].some((k) => r.key === k || r.key.startsWith(`${k}.`))),
      ...pairs.map(([key, value]) => ({ key, value })),
    ];
    return clientSettingsSchema.safeParse(applyRows(config, next, serverSettingsOf(next)));
  }

  return {
    getClientSettings: all,

    /** Server-only values by dotted key; secrets included (never hand these to a browser). */
    async getServerSettings(): Promise<ServerSettings> {
      return (await snapshot()).server;
    },

    /** Social login apps in effect: the environment's, else those an admin stored. */
    async socialConfig(): Promise<SocialConfig> {
      return effectiveSocialConfig(config, (await snapshot()).server);
    },

    /** HUMAN_VERIFICATION_SECRET, else the one an admin stored. */
    async humanVerificationSecret(): Promise<string | undefined> {
      const stored = (await snapshot()).server['server.human_verification.secret'];
      return config.humanVerification.secret ?? (typeof stored === 'string' && stored ? stored : undefined);
    },

    /** MAIL_FROM, else the admin's sender name and address; undefined = the default sender. */
    async mailFrom(siteName: string): Promise<string | undefined> {
      if (config.mailFrom) return config.mailFrom;
      const { server } = await snapshot();
      const name = server['server.mail.from_name'];
      const address = server['server.mail.from_address'];
      if (typeof address !== 'string' || !address) {
        if (typeof name !== 'string' || !name) return undefined;
        return defaultFrom(name, config.appUrl);
      }
      const display = (typeof name === 'string' && name ? name : siteName).replace(/["\\\r\n]/g, '');
      return `"${display}" <${address}>`;
    },

    /** The contact address the admin set for contact page messages; undefined = none set. */
    async contactAddress(): Promise<string | undefined> {
      const stored = (await snapshot()).server['server.contact.address'];
      return typeof stored === 'string' && stored ? stored : undefined;
    },

    /** Value at a dotted path of the merged settings, e.g. get('cookie_notice.position'). */
    async get<T = unknown>(key: string): Promise<T | undefined> {
      return getPath(await all(), key) as T | undefined;
    },

    /** The client settings as they would be after storing `pairs` (client keys only). */
    async preview(pairs: [string, Json][]): Promise<ClientSettings | null> {
      const parsed = await preview(pairs.filter(([key]) => !isServerKey(key)));
      return parsed.success ? parsed.data : null;
    },

    /**
     * The errors storing all `pairs` together would cause, without storing anything (the admin
     * update checks a whole form before writing any key of it). Server keys are checked by their
     * caller, which knows their rules.
     */
    async check(pairs: [string, Json][]): Promise<Record<string, string[]>> {
      const errors: Record<string, string[]> = {};
      const client = pairs.filter(([key]) => !isServerKey(key));
      for (const [key] of client) {
        if (isEnvOwned(key)) errors[key] = [msg('This setting is read-only.')];
      }
      if (Object.keys(errors).length) return errors;
      const parsed = await preview(client);
      if (!parsed.success) return issuesToErrors(parsed.error.issues);
      for (const [key] of client) {
        if (getPath(parsed.data, key) === undefined) errors[key] = [UNKNOWN_SETTING];
      }
      return errors;
    },

    /**
     * Stores every pair in one transaction (a key replaces the rows below it), runs `alongside`
     * in the same transaction (the audit entry), then drops the cached settings on every instance.
     * Check the pairs first (`check`): this only refuses env-owned keys.
     */
    async write(pairs: [string, Json][], alongside?: (tx: Tx) => Promise<void>): Promise<void> {
      await this.writeWith(async (tx) => {
        await alongside?.(tx);
        return pairs;
      });
    },

    /**
     * Runs `work` in a transaction and stores the pairs it answers in the same one, then drops the
     * cached settings on every instance: for a writer whose settings depend on rows it writes
     * first (the appearance's default theme is a theme the publish inserts). Env-owned keys are
     * refused, and nothing is stored.
     */
    async writeWith<T extends [string, Json][]>(work: (tx: Tx) => Promise<T>): Promise<T> {
      const refuseEnvOwned = (pairs: [string, Json][]) => {
        for (const [key] of pairs) {
          if (!isServerKey(key) && isEnvOwned(key)) {
            throw new SettingsValidationError(`The setting "${key}" cannot be changed.`, {
              [key]: [msg('This setting is read-only.')],
            });
          }
        }
      };
      const written = await db.transaction(async (tx) => {
        const pairs = await work(tx);
        refuseEnvOwned(pairs);
        for (const [key, value] of pairs) {
          await tx.delete(settings).where(like(settings.key, `${escapeLike(key)}.%`));
          // Bound as text and cast: a bare null parameter would be SQL NULL, not the JSON value null.
          const json = sql`${JSON.stringify(value)}::jsonb`;
          await tx
            .insert(settings)
            .values({ key, value: json })
            .onConflictDoUpdate({ target: settings.key, set: { value: json } });
        }
        return pairs;
      });
      await cache.invalidate(SETTINGS_CACHE_KEY);
      return written;
    },

    /** Stores `value` under `key` (dotted path) after validating the result as a whole. */
    async set(key: string, value: Json): Promise<ClientSettings> {
      if (isEnvOwned(key) || isServerKey(key)) {
        throw new SettingsValidationError(`The setting "${key}" cannot be changed.`, {
          [key]: [msg('This setting is read-only.')],
        });
      }
      const errors = await this.check([[key, value]]);
      if (Object.keys(errors).length) {
        const first = Object.values(errors)[0]?.[0] ?? msg('Invalid setting.');
        const message = errors[key]?.[0] === UNKNOWN_SETTING ? `Unknown setting "${key}".` : first;
        throw new SettingsValidationError(message, errors);
      }
      await this.write([[key, value]]);
      return all();
    },
  };
}

/** `%` and `_` are wildcards in LIKE; setting keys may hold `_`. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export type SettingsService = ReturnType<typeof createSettingsService>;
