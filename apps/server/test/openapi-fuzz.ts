/**
 * What the OpenAPI-driven fuzzers (src/http/input-fuzz*.test.ts) share: the document's types, a
 * generator of values a schema accepts, and the SPEC §8 check of an error answer.
 */

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
