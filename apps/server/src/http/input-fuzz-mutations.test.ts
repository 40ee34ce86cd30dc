// Both drivers: what reaches the database (1 MB texts, negative and huge numbers) is refused before either driver fails on it.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Document,
  deref,
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
 * RELIABILITY "Input and output", the second half of the fuzzer (input-fuzz.test.ts has ids,
 * NULs and wrong body types): for every operation of the OpenAPI document, as guest, user and
 * admin, one request of each kind of damage — a required field missing, unknown fields, a field
 * of the wrong type, a 1 MB string, NUL and invalid UTF-8 sent as raw bytes, huge and negative
 * numbers, `../` in path parameters, malformed JSON and wrong content types. Zero 5xx, and every
 * 4xx in the SPEC §8 shape. Which request of a kind an operation gets is drawn from a seeded
 * generator: fixed in CI, random locally, always printed, and replayed with FUZZ_SEED=<seed>.
 */
const MB_STRING = 'a'.repeat(1_000_000);
const TRAVERSALS = [
  '..',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2f',
  '....%2F%2F',
  '..%5C..%5Cwindows',
  '%2E%2E',
];
const BAD_UTF8_SEGMENTS = ['%FF%FE', '%C0%AF', '%ED%A0%80', '%E2%82', 'a%00b'];
const NUMBERS = [-1, -2_147_483_649, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 1, 0.5, -0];
const QUERY_NUMBERS = ['-1', '-99999999999999999999', '1e309', '-0', 'NaN', 'Infinity', '0.5'];
const OTHER_TYPES: unknown[] = [123, 'text', true, null, [], {}, [[1]], { nested: { deep: true } }];
const MALFORMED_JSON = [
  '{"a":',
  '{a:1}',
  "{'a':1}",
  'nul',
  '\uFEFF{}',
  '{"a":1}}',
  '{"a":1,}',
  '[1,]',
  '{"__proto__":{"admin":true}}',
];
const WRONG_TYPES: { type: string; payload: string }[] = [
  { type: 'text/plain', payload: '{"name":"x"}' },
  { type: 'application/xml', payload: '<?xml version="1.0"?><a><b>x</b></a>' },
  {
    type: 'multipart/form-data',
    payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
  },
  { type: 'application/x-www-form-urlencoded', payload: 'name=x&email=y' },
  { type: 'application/json; charset=utf-16', payload: '{"name":"x"}' },
  { type: 'application/octet-stream', payload: '\u0000\u0001\u0002' },
];

type Call = FuzzCall & { kind: string };

/** The JSON type of a value, to replace it with one of another type. */
const jsonType = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** One request of each kind of damage that applies to the operation, drawn with `pick`. */
function callsFor(
  doc: Document,
  path: string,
  method: string,
  op: Operation,
  pick: ReturnType<typeof generator>['pick'],
): Call[] {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const fill = (override?: { name: string; raw: string }) => fillPath(path, pathParams, override);
  const base = fill();
  const M = method.toUpperCase();
  const calls: Call[] = [];
  if (pathParams.length) {
    const param = pick(pathParams);
    calls.push({ kind: 'traversal', method: M, url: fill({ name: param.name, raw: pick(TRAVERSALS) }) });
    calls.push({
      kind: 'invalid UTF-8 in path',
      method: M,
      url: fill({ name: param.name, raw: pick(BAD_UTF8_SEGMENTS) }),
    });
    calls.push({
      kind: 'a long path parameter',
      method: M,
      url: fill({ name: param.name, raw: 'a'.repeat(pick([501, 4_000])) }),
    });
    calls.push({
      kind: 'negative number in path',
      method: M,
      url: fill({ name: param.name, raw: pick(['-1', '-0', '-2147483649']) }),
    });
  }
  if (queryParams.length) {
    const param = pick(queryParams);
    calls.push({ kind: 'number in query', method: M, url: `${base}?${param.name}=${pick(QUERY_NUMBERS)}` });
    calls.push({
      kind: '100 KB query value',
      method: M,
      url: `${base}?${param.name}=${'a'.repeat(100_000)}`,
    });
    calls.push({
      kind: 'invalid UTF-8 in query',
      method: M,
      url: `${base}?${param.name}=${pick(BAD_UTF8_SEGMENTS)}`,
    });
    calls.push({
      kind: 'query as an object',
      method: M,
      url: `${base}?${param.name}[a]=1&${param.name}[b][c]=2`,
    });
  }
  calls.push({
    kind: 'unknown query',
    method: M,
    url: `${base}?__proto__[x]=1&constructor=1&zz=${pick(['%FF', 'x'])}`,
  });
  if (M === 'GET' || M === 'HEAD') return calls;

  const jsonSchema = deref(doc, op.requestBody?.content['application/json']?.schema);
  const json = (kind: string, body: unknown): Call => ({
    kind,
    method: M,
    url: base,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  const raw = (kind: string, type: string, payload: string | Buffer): Call => ({
    kind,
    method: M,
    url: base,
    headers: { 'content-type': type },
    payload,
  });
  if (jsonSchema) {
    const valid = sample(doc, jsonSchema);
    const fields = fieldPaths(valid);
    const required = (jsonSchema.required as string[] | undefined) ?? [];
    if (required.length && valid && typeof valid === 'object' && !Array.isArray(valid)) {
      const { [pick(required)]: _gone, ...missing } = valid as Record<string, unknown>;
      calls.push(json('a required field missing', missing));
      calls.push(json('an empty body', {}));
    }
    if (valid && typeof valid === 'object' && !Array.isArray(valid))
      calls.push(json('unknown fields', { ...valid, unknownField: 'x', id: 1, user_id: 1, is_admin: true }));
    if (fields.length) {
      const field = pick(fields);
      const current = jsonType(fields.length ? fieldValue(valid, field) : valid);
      const other = pick(OTHER_TYPES.filter((v) => jsonType(v) !== current));
      calls.push(json('a field of the wrong type', withValue(valid, field, other)));
      calls.push(json('a 1 MB string', withValue(valid, pick(fields), MB_STRING)));
      calls.push(json('a huge or negative number', withValue(valid, pick(fields), pick(NUMBERS))));
      // Raw bytes: a NUL and bytes that are not UTF-8 inside a JSON string.
      const marker = '"__BYTES__"';
      const text = JSON.stringify(withValue(valid, pick(fields), '__BYTES__'));
      const [before, after] = text.split(marker) as [string, string];
      const bytes = pick([
        Buffer.from([0x22, 0x61, 0xff, 0xfe, 0x62, 0x22]),
        Buffer.from([0x22, 0x61, 0x00, 0x62, 0x22]),
        Buffer.from([0x22, 0xc0, 0xaf, 0x22]),
        Buffer.from([0x22, 0xed, 0xa0, 0x80, 0x22]),
      ]);
      calls.push(
        raw(
          'raw NUL or invalid UTF-8',
          'application/json',
          Buffer.concat([Buffer.from(before), bytes, Buffer.from(after)]),
        ),
      );
    }
  }
  calls.push(raw('malformed JSON', 'application/json', pick(MALFORMED_JSON)));
  calls.push(
    raw(
      'raw invalid UTF-8 body',
      'application/json',
      Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]),
    ),
  );
  const wrong = pick(WRONG_TYPES);
  calls.push(raw(`content type ${wrong.type}`, wrong.type, wrong.payload));
  calls.push(raw('multipart without a boundary', 'multipart/form-data', pick(['abc', '--\r\n\r\n'])));
  return calls;
}

function fieldValue(body: unknown, path: string[]): unknown {
  let v = body as Record<string, unknown> | undefined;
  for (const key of path) v = v?.[key] as Record<string, unknown> | undefined;
  return v;
}

describe(`every documented operation, damaged one way at a time (FUZZ_SEED=${FUZZ_SEED})`, () => {
  beforeAll(() => {
    console.info(`input-fuzz-mutations: FUZZ_SEED=${FUZZ_SEED} (replay with FUZZ_SEED=${FUZZ_SEED})`);
  });

  it('draws the same requests for the same seed', () => {
    const a = generator(42);
    const b = generator(42);
    const list = Array.from({ length: 100 }, (_, i) => i);
    expect(Array.from({ length: 20 }, () => a.pick(list))).toEqual(
      Array.from({ length: 20 }, () => b.pick(list)),
    );
  });

  for (const role of ['guest', 'user', 'admin'] as const) {
    it(`answers no 5xx and only SPEC §8 errors to damaged input as ${role}`, {
      timeout: 300_000,
    }, async () => {
      // Each role its own stream of draws, so one role's failure replays without the others.
      const { pick } = generator(FUZZ_SEED + ['guest', 'user', 'admin'].indexOf(role));
      const { failures, count, kinds, operations } = await fuzzEveryOperation(role, (doc, path, method, op) =>
        callsFor(doc, path, method, op, pick),
      );
      expect(operations).toBeGreaterThan(80);
      expect(count).toBeGreaterThan(operations * 3);
      expect([...kinds]).toEqual(
        expect.arrayContaining([
          'traversal',
          'a required field missing',
          'unknown fields',
          'a field of the wrong type',
          'a 1 MB string',
          'raw NUL or invalid UTF-8',
          'a huge or negative number',
          'malformed JSON',
          'multipart without a boundary',
          'invalid UTF-8 in path',
          'a long path parameter',
        ]),
      );
      expect(failures, `FUZZ_SEED=${FUZZ_SEED}`).toEqual([]);
    });
  }
});
