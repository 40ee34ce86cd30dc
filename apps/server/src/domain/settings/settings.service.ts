import { type ClientSettings, clientSettingsSchema } from '@zema/contracts';
import { sql } from 'drizzle-orm';
import type { Config } from '#src/config';
import type { Database } from '#src/db/client';
import { settings } from '#src/db/schema/index';
import { InvalidInputError } from '#src/lib/errors';
import type { SharedCache } from '#src/platform/shared-cache';
import { defaultClientSettings, ENV_OWNED_SETTINGS } from './settings.defaults';

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

function getPath(source: Json, path: string): Json {
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

function applyRows(config: Config, rows: { key: string; value: Json }[]): Json {
  const overrides: JsonObject = {};
  // Shorter keys first so 'landing' is applied before 'landing.headerTitle'.
  for (const row of [...rows].sort((a, b) => a.key.length - b.key.length)) {
    const base = getPath(overrides, row.key);
    setPath(overrides, row.key, deepMerge(base, row.value));
  }
  for (const key of ENV_OWNED_SETTINGS) delete overrides[key];
  return deepMerge(defaultClientSettings(config), overrides);
}

export const SETTINGS_CACHE_KEY = 'settings';

export function createSettingsService(db: Database, config: Config, cache: SharedCache) {
  // Every request reads settings: cached, and invalidated on every instance when one is written.
  const all = () => cache.get(SETTINGS_CACHE_KEY, load);

  async function load(): Promise<ClientSettings> {
    const rows = await db.select().from(settings);
    const merged = applyRows(config, rows);
    const parsed = clientSettingsSchema.safeParse(merged);
    // A bad stored row must not take the site down: fall back to defaults for what is invalid.
    if (parsed.success) return parsed.data;
    const valid = rows.filter((r) => clientSettingsSchema.safeParse(applyRows(config, [r])).success);
    return clientSettingsSchema.parse(applyRows(config, valid));
  }

  return {
    getClientSettings: all,

    /** Value at a dotted path of the merged settings, e.g. get('cookie_notice.position'). */
    async get<T = unknown>(key: string): Promise<T | undefined> {
      return getPath(await all(), key) as T | undefined;
    },

    /**
     * The errors storing all `pairs` together would cause, without storing anything (the admin
     * update checks a whole form before writing any key of it).
     */
    async check(pairs: [string, Json][]): Promise<Record<string, string[]>> {
      const errors: Record<string, string[]> = {};
      for (const [key] of pairs) {
        if (!key || (ENV_OWNED_SETTINGS as readonly string[]).includes(key.split('.')[0]!)) {
          errors[key] = ['This setting is read-only.'];
        }
      }
      if (Object.keys(errors).length) return errors;
      const keys = new Set(pairs.map(([key]) => key));
      const rows = await db.select().from(settings);
      const next = [
        ...rows.filter((r) => !keys.has(r.key)),
        ...pairs.map(([key, value]) => ({ key, value })),
      ];
      const parsed = clientSettingsSchema.safeParse(applyRows(config, next));
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = issue.path.join('.');
          errors[field] = [...(errors[field] ?? []), issue.message];
        }
        return errors;
      }
      for (const [key] of pairs) {
        if (getPath(parsed.data, key) === undefined) errors[key] = ['Unknown setting.'];
      }
      return errors;
    },

    /** Stores `value` under `key` (dotted path) after validating the result as a whole. */
    async set(key: string, value: Json): Promise<ClientSettings> {
      if (!key || (ENV_OWNED_SETTINGS as readonly string[]).includes(key.split('.')[0]!)) {
        throw new SettingsValidationError(`The setting "${key}" cannot be changed.`, {
          [key]: ['This setting is read-only.'],
        });
      }
      const rows = await db.select().from(settings);
      const next = [...rows.filter((r) => r.key !== key), { key, value }];
      const parsed = clientSettingsSchema.safeParse(applyRows(config, next));
      if (!parsed.success) {
        const errors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) {
          const field = issue.path.join('.');
          errors[field] = [...(errors[field] ?? []), issue.message];
        }
        throw new SettingsValidationError(parsed.error.issues[0]?.message ?? 'Invalid setting.', errors);
      }
      if (getPath(parsed.data, key) === undefined) {
        throw new SettingsValidationError(`Unknown setting "${key}".`, { [key]: ['Unknown setting.'] });
      }
      // Bound as text and cast: a bare null parameter would be SQL NULL, not the JSON value null.
      const json = sql`${JSON.stringify(value)}::jsonb`;
      await db
        .insert(settings)
        .values({ key, value: json })
        .onConflictDoUpdate({ target: settings.key, set: { value: json } });
      await cache.invalidate(SETTINGS_CACHE_KEY);
      return parsed.data;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Built once in app.ts (declared here, so http/ needs no feature's types). */
    settings: SettingsService;
  }
}
