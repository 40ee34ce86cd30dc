/**
 * What the OpenAPI-driven fuzzers (src/http/input-fuzz*.test.ts) share: the document's types, a
 * generator of values a schema accepts, the SPEC §8 check of an error answer, and the run over
 * every operation as one role.
 */
import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import { seedSmallCatalogue } from './catalogue';
import {
  adminUserId,
  buildTestApp,
  type Client,
  createUser,
  guest,
  request,
  sessionFor,
  type TestApp,
} from './helpers';

/**
 * The seed of the fuzzers' draws: fixed in CI, random locally, always printed, and replayed with
 * FUZZ_SEED=<seed>.
 */
export const CI_SEED = 20_261_130;
export const FUZZ_SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : process.env.CI
    ? CI_SEED
    : randomInt(1, 2 ** 31);

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]! };
}

export type Schema = Record<string, unknown>;
export type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; schema?: Schema };
export type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
};
export type Document = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

export function deref(doc: Document, schema: Schema | undefined): Schema | undefined {
  let s = schema;
  for (let i = 0; s && typeof s.$ref === 'string' && i < 10; i++) {
    s = doc.components?.schemas?.[(s.$ref as string).split('/').pop()!];
  }
  return s;
}

/** A value the schema accepts, as far as a generic generator can tell (enough to pass most checks). */
export function sample(doc: Document, raw: Schema | undefined, depth = 0): unknown {
  const schema = deref(doc, raw);
  if (!schema || depth > 6) return 'x';
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const options = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (options?.length)
    return sample(doc, options.find((o) => deref(doc, o)?.type !== 'null') ?? options[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'email') return 'fuzz@example.test';
      if (schema.format === 'uri') return 'https://example.test/a';
      if (schema.format === 'date') return '2024-01-01';
      if (schema.format === 'date-time') return '2024-01-01T00:00:00.000Z';
      return 'x'.repeat(Math.max(1, Number(schema.minLength ?? 1)));
    }
    case 'integer':
    case 'number':
      return Math.max(1, Number(schema.minimum ?? 1));
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, Number(schema.minItems ?? 1)) }, () =>
        sample(doc, schema.items as Schema, depth + 1),
      );
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
        out[key] = sample(doc, child, depth + 1);
      }
      return out;
    }
    default:
      return 'x';
  }
}

/** A value a path parameter accepts: its enum's first, `x` for a plain string, else `1`. */
export function goodPathValue(param: Parameter | undefined): string {
  const schema = param?.schema ?? {};
  if (Array.isArray(schema.enum)) return String(schema.enum[0]);
  return schema.type === 'string' && !schema.anyOf ? 'x' : '1';
}

/**
 * An operation's path with each `{parameter}` given a value it accepts, except `override.name`,
 * which gets `override.raw` as it is (already URL-encoded where needed).
 */
export function fillPath(
  path: string,
  pathParams: Parameter[],
  override?: { name: string; raw: string },
): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) =>
    override?.name === name ? override.raw : goodPathValue(pathParams.find((p) => p.name === name)),
  );
}

/** Dotted paths of the leaves and containers of a sample body (depth ≤ 3). */
export function fieldPaths(value: unknown, prefix: string[] = [], out: string[][] = []): string[][] {
  if (prefix.length) out.push(prefix);
  if (prefix.length >= 3 || value === null || typeof value !== 'object') return out;
  if (Array.isArray(value)) {
    if (value.length) fieldPaths(value[0], [...prefix, '0'], out);
  } else {
    for (const [key, child] of Object.entries(value)) fieldPaths(child, [...prefix, key], out);
  }
  return out;
}

export function withValue(body: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let target = copy as Record<string, unknown>;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[path.at(-1)!] = value;
  return copy;
}

export const DRIVER_TEXT =
  /Failed query|params:|violates|invalid input syntax|out of range for type|invalid byte sequence|duplicate key|DrizzleQueryError|busboy|Boundary/i;

/** SPEC §8: `{message}` or `{message, errors: {field: [messages]}}`, nothing else. */
export function shapeProblem(body: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'not JSON';
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return 'not an object';
  const { message, errors, ...rest } = parsed as Record<string, unknown>;
  if (typeof message !== 'string' || !message) return 'no message';
  if (Object.keys(rest).length) return `extra keys ${Object.keys(rest).join(',')}`;
  if (errors !== undefined) {
    if (!errors || typeof errors !== 'object') return 'errors is not a map';
    for (const list of Object.values(errors)) {
      if (!Array.isArray(list) || !list.every((m) => typeof m === 'string'))
        return 'errors are not string lists';
    }
  }
  if (DRIVER_TEXT.test(body)) return 'driver text in the answer';
  return null;
}

/** One request a fuzzer sends: `kind` names the damage (for coverage checks and failure labels). */
export type FuzzCall = {
  kind?: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
};
export type FuzzRole = 'guest' | 'user' | 'admin';

/**
 * The run both fuzzers share: an app of the role's own with a small catalogue (and, for a user or
 * an admin, a playlist of the caller's), the OpenAPI document as the admin reads it, then every
 * operation's calls from `callsFor` with a fresh session per operation (POST /auth/logout ends
 * one), DELETE operations last so their successes cannot take the others' targets away. Every
 * answer must be below 500, and every 4xx in the SPEC §8 shape without driver text.
 */
export async function fuzzEveryOperation(
  role: FuzzRole,
  callsFor: (doc: Document, path: string, method: string, op: Operation) => FuzzCall[],
) {
  const t: TestApp = await buildTestApp();
  try {
    await seedSmallCatalogue(t.deps, 'Fuzz', 2);
    const userId =
      role === 'admin' ? await adminUserId(t.db) : role === 'user' ? (await createUser(t.db)).id : null;
    const actor = async (): Promise<Client> => (userId === null ? guest() : sessionFor(t.db, userId));
    const admin = await sessionFor(t.db, await adminUserId(t.db));
    const docRes = await request(t.app, admin, { url: '/api/v1/openapi.json' });
    expect(docRes.statusCode).toBe(200);
    const doc = docRes.json() as Document;
    if (userId !== null) {
      // Something of the caller's own for the playlist operations to reach their handlers with.
      const created = await request(t.app, await actor(), {
        method: 'POST',
        url: '/api/v1/playlists',
        payload: { name: 'Fuzz playlist' },
      });
      expect(created.statusCode).toBe(200);
    }
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ path, method, op })),
    );
    operations.sort((a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'));

    const failures: string[] = [];
    const kinds = new Set<string>();
    let count = 0;
    for (const { path, method, op } of operations) {
      const who = await actor();
      for (const call of callsFor(doc, path, method, op)) {
        count++;
        if (call.kind) kinds.add(call.kind);
        const res = await request(t.app, who, {
          method: call.method as 'GET',
          url: call.url,
          headers: call.headers,
          payload: call.payload,
        });
        const label = `${role}${call.kind ? ` ${call.kind}:` : ''} ${call.method} ${call.url.slice(0, 120)} ${call.headers?.['content-type'] ?? ''} ${call.payload?.slice(0, 60).toString() ?? ''}`;
        if (res.statusCode >= 500) failures.push(`${label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (res.statusCode >= 400) {
          const problem = shapeProblem(res.body);
          if (problem) failures.push(`${label} → ${res.statusCode} ${problem}: ${res.body.slice(0, 200)}`);
        }
      }
    }
    // The admin survived its own fuzz (a deleted admin would have turned later calls into 401s).
    expect((await request(t.app, admin, { url: '/api/v1/users/me' })).statusCode).toBe(200);
    return { failures, count, kinds, operations: operations.length };
  } finally {
    await t.close();
  }
}
