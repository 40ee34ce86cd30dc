// Both drivers: database errors of each driver mapped to 4xx without driver text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSmallCatalogue } from '#test/catalogue';
import {
  adminUserId,
  buildTestApp,
  type Client,
  createUser,
  guest,
  request,
  sessionFor,
  type TestApp,
} from '#test/helpers';

/**
 * RELIABILITY "Input and output": nothing a client sends gets a 5xx. Every operation of the
 * OpenAPI document (so a new route is covered without editing this file) is called as a guest, a
 * user and an admin (cookie sessions with the XSRF pair, so unsafe calls reach their handlers)
 * with ids above the 32-bit columns, ids in hex / exponent / padded spellings, NUL bytes in path,
 * query and body strings, bodies of the wrong types and multipart bodies without a boundary.
 * Every answer must be below 500, and every 4xx must have the SPEC §8 shape without any driver
 * text. Each role gets its own app; DELETE operations run last so their successes cannot hide the
 * others' failures, and each operation gets a fresh session (POST /auth/logout ends one).
 */

type Schema = Record<string, unknown>;
type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

const INT32_OVER = 2_147_483_648;

/** Raw path segments (already URL-encoded where needed). */
const BAD_PATH_VALUES = [String(INT32_OVER), '99999999999999999999', '0x1A', '%201', '1e5', '01', '%00'];
/** Raw query values. */
const BAD_QUERY_VALUES = [String(INT32_OVER), '0x1A', '1e5', '%00'];
/**
 * JSON values put in one field of an otherwise valid body: each passes a loose schema of its type
 * (string, number, string list, number list) and then fails in the database unless refused.
 */
const BAD_BODY_VALUES: unknown[] = ['a\u0000b', INT32_OVER, 1e300, { '\u0000': 1 }, [INT32_OVER], ['\u0000']];
/** Whole bodies of the wrong type. */
const BAD_BODIES: { type: string; payload: string }[] = [
  { type: 'application/json', payload: '[]' },
  { type: 'application/json', payload: '"text"' },
  { type: 'application/json', payload: '{"\\u0000":"x"}' },
  { type: 'application/json', payload: '{' },
  { type: 'application/json', payload: '{"a":"\\ud800"}' },
  { type: 'multipart/form-data', payload: 'abc' },
  { type: 'multipart/form-data; boundary=', payload: 'abc' },
  {
    type: 'multipart/form-data; boundary=zz',
    payload: '--zz\r\nContent-Disposition: form-data; name="file"',
  },
];

function deref(doc: Document, schema: Schema | undefined): Schema | undefined {
  let s = schema;
  for (let i = 0; s && typeof s.$ref === 'string' && i < 10; i++) {
    s = doc.components?.schemas?.[(s.$ref as string).split('/').pop()!];
  }
  return s;
}

/** A value the schema accepts, as far as a generic generator can tell (enough to pass most checks). */
function sample(doc: Document, raw: Schema | undefined, depth = 0): unknown {
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

/** Dotted paths of the leaves and containers of a sample body (depth ≤ 3). */
function fieldPaths(value: unknown, prefix: string[] = [], out: string[][] = []): string[][] {
  if (prefix.length) out.push(prefix);
  if (prefix.length >= 3 || value === null || typeof value !== 'object') return out;
  if (Array.isArray(value)) {
    if (value.length) fieldPaths(value[0], [...prefix, '0'], out);
  } else {
    for (const [key, child] of Object.entries(value)) fieldPaths(child, [...prefix, key], out);
  }
  return out;
}

function withValue(body: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let target = copy as Record<string, unknown>;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[path.at(-1)!] = value;
  return copy;
}

const goodPathValue = (param: Parameter) => {
  const schema = param.schema ?? {};
  if (Array.isArray(schema.enum)) return String(schema.enum[0]);
  return schema.type === 'string' && !schema.anyOf ? 'x' : '1';
};

type Call = { method: string; url: string; headers?: Record<string, string>; payload?: string };

/** Every hostile request for one operation. */
function callsFor(doc: Document, path: string, method: string, op: Operation): Call[] {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const fill = (override?: { name: string; raw: string }) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) =>
      override?.name === name ? override.raw : goodPathValue(pathParams.find((p) => p.name === name)!),
    );
  const base = fill();
  const M = method.toUpperCase();
  const calls: Call[] = [];
  for (const param of pathParams) {
    for (const raw of BAD_PATH_VALUES) calls.push({ method: M, url: fill({ name: param.name, raw }) });
  }
  for (const param of queryParams) {
    for (const raw of BAD_QUERY_VALUES) calls.push({ method: M, url: `${base}?${param.name}=${raw}` });
    calls.push({ method: M, url: `${base}?${param.name}=1&${param.name}=2` });
  }
  // A NUL in a query parameter the route does not declare must not matter either.
  calls.push({ method: M, url: `${base}?unknown=%00` });
  if (M === 'GET' || M === 'HEAD') return calls;

  const jsonSchema = op.requestBody?.content['application/json']?.schema;
  const json = (body: unknown): Call => ({
    method: M,
    url: base,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  if (jsonSchema) {
    const valid = sample(doc, jsonSchema);
    for (const field of fieldPaths(valid)) {
      for (const bad of BAD_BODY_VALUES) calls.push(json(withValue(valid, field, bad)));
    }
    calls.push(json({ ...(valid as object), 'extra\u0000': 'x' }));
  }
  for (const body of BAD_BODIES) {
    calls.push({ method: M, url: base, headers: { 'content-type': body.type }, payload: body.payload });
  }
  return calls;
}

const DRIVER_TEXT =
  /Failed query|params:|violates|invalid input syntax|out of range for type|invalid byte sequence|duplicate key|DrizzleQueryError|busboy|Boundary/i;

/** SPEC §8: `{message}` or `{message, errors: {field: [messages]}}`, nothing else. */
function shapeProblem(body: string): string | null {
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

type Role = 'guest' | 'user' | 'admin';

async function fuzzAs(role: Role) {
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
    // Deletions last: one that succeeds on a valid id must not take the others' targets away.
    operations.sort((a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'));

    const failures: string[] = [];
    let count = 0;
    for (const { path, method, op } of operations) {
      const who = await actor();
      for (const call of callsFor(doc, path, method, op)) {
        count++;
        const res = await request(t.app, who, {
          method: call.method as 'GET',
          url: call.url,
          headers: call.headers,
          payload: call.payload,
        });
        const label = `${role} ${call.method} ${call.url} ${call.headers?.['content-type'] ?? ''} ${call.payload?.slice(0, 80) ?? ''}`;
        if (res.statusCode >= 500) failures.push(`${label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (res.statusCode >= 400) {
          const problem = shapeProblem(res.body);
          if (problem) failures.push(`${label} → ${res.statusCode} ${problem}: ${res.body.slice(0, 200)}`);
        }
      }
    }
    // The admin survived its own fuzz (a deleted admin would have turned later calls into 401s).
    expect((await request(t.app, admin, { url: '/api/v1/users/me' })).statusCode).toBe(200);
    return { failures, count, operations: operations.length };
  } finally {
    await t.close();
  }
}

describe('hostile input on every documented operation', () => {
  let documented = 0;
  beforeAll(() => {
    documented = 0;
  });
  afterAll(() => {
    // The document lists the API (about a hundred operations); an empty one would prove nothing.
    expect(documented).toBeGreaterThan(80);
  });

  for (const role of ['guest', 'user', 'admin'] as const) {
    it(`answers no 5xx and only SPEC §8 errors as ${role}`, { timeout: 300_000 }, async () => {
      const { failures, count, operations } = await fuzzAs(role);
      documented = Math.max(documented, operations);
      expect(count).toBeGreaterThan(operations * 10);
      expect(failures).toEqual([]);
    });
  }
});
