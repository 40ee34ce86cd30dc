// Both drivers: database errors of each driver mapped to 4xx without driver text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Document,
  FUZZ_SEED,
  type FuzzCall,
  fieldPaths,
  fillPath,
  fuzzEveryOperation,
  generator,
  type Operation,
  sample,
  withValue,
} from '#test/openapi-fuzz';

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

/** Every hostile request for one operation. */
function callsFor(
  doc: Document,
  path: string,
  method: string,
  op: Operation,
  pick: ReturnType<typeof generator>['pick'],
): FuzzCall[] {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const fill = (override?: { name: string; raw: string }) => fillPath(path, pathParams, override);
  const base = fill();
  const M = method.toUpperCase();
  const calls: FuzzCall[] = [];
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
  const json = (body: unknown): FuzzCall => ({
    method: M,
    url: base,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  if (jsonSchema) {
    const valid = sample(doc, jsonSchema);
    // Every field gets a bad value and every bad value a field: fields + values requests, not
    // fields × values (a settings form has dozens of fields). Which one is drawn from `pick`.
    const fields = fieldPaths(valid);
    if (fields.length) {
      for (const field of fields) calls.push(json(withValue(valid, field, pick(BAD_BODY_VALUES))));
      for (const bad of BAD_BODY_VALUES) calls.push(json(withValue(valid, pick(fields), bad)));
    }
    calls.push(json({ ...(valid as object), 'extra\u0000': 'x' }));
  }
  for (const body of BAD_BODIES) {
    calls.push({ method: M, url: base, headers: { 'content-type': body.type }, payload: body.payload });
  }
  return calls;
}

describe(`hostile input on every documented operation (FUZZ_SEED=${FUZZ_SEED})`, () => {
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
      // Its own stream of draws per role (apart from input-fuzz-mutations.test.ts's).
      const { pick } = generator(FUZZ_SEED + 10 + ['guest', 'user', 'admin'].indexOf(role));
      const { failures, count, operations } = await fuzzEveryOperation(role, (doc, path, method, op) =>
        callsFor(doc, path, method, op, pick),
      );
      documented = Math.max(documented, operations);
      expect(count).toBeGreaterThan(operations * 10);
      expect(failures, `FUZZ_SEED=${FUZZ_SEED}`).toEqual([]);
    });
  }
});
