import { msg } from '@zema/contracts';
import { z } from 'zod';
import type { TransFn, TransValues } from '#src/lib/i18n';

/**
 * The part of the server's OpenAPI 3.1 document (GET /api/v1/openapi.json) the docs page reads.
 * Schemas stay loose JSON Schema objects; the page walks them itself.
 */

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  description?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  [key: string]: unknown;
};

const schema = z.custom<JsonSchema>((value) => typeof value === 'object' && value !== null);

const parameterSchema = z.object({
  name: z.string(),
  in: z.string(),
  required: z.boolean().optional(),
  description: z.string().optional(),
  schema: schema.optional(),
});

const mediaSchema = z.record(z.string(), z.object({ schema: schema.optional() }));

export const operationSchema = z.object({
  summary: z.string().optional(),
  description: z.string().optional(),
  tags: z.array(z.string()).optional(),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  'x-zema-access': z.string().optional(),
  parameters: z.array(parameterSchema).optional(),
  requestBody: z.object({ required: z.boolean().optional(), content: mediaSchema }).optional(),
  responses: z.record(
    z.string(),
    z.object({ description: z.string().optional(), content: mediaSchema.optional() }),
  ),
});

export const openApiDocumentSchema = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string(), description: z.string().optional() }),
  servers: z.array(z.object({ url: z.string() })).optional(),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.object({ schemas: z.record(z.string(), schema).optional() }).optional(),
  tags: z.array(z.object({ name: z.string(), description: z.string().optional() })).optional(),
});

export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;
export type OpenApiOperation = z.infer<typeof operationSchema>;
export type OpenApiParameter = z.infer<typeof parameterSchema>;

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethodName = (typeof HTTP_METHODS)[number];

export type ApiOperation = {
  /** Stable anchor id, e.g. `op-post-api-v1-recaptcha-verify`. */
  id: string;
  method: HttpMethodName;
  path: string;
  tag: string;
  operation: OpenApiOperation;
};

export type OperationGroup = { tag: string; description?: string; operations: ApiOperation[] };

export function operationId(method: string, path: string): string {
  return `op-${method}-${path}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/-+$/, '');
}

/** A tag as an id fragment: `Access tokens` → `access-tokens`. */
export const tagSlug = (tag: string) => tag.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** Every operation of the document, grouped by tag in the document's tag order. */
export function groupOperations(doc: OpenApiDocument): OperationGroup[] {
  const groups = new Map<string, OperationGroup>();
  for (const tag of doc.tags ?? [])
    groups.set(tag.name, { tag: tag.name, description: tag.description, operations: [] });
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const parsed = operationSchema.safeParse(item[method]);
      if (!parsed.success) continue;
      const tag = parsed.data.tags?.[0] ?? 'Other';
      if (!groups.has(tag)) groups.set(tag, { tag, operations: [] });
      groups
        .get(tag)!
        .operations.push({ id: operationId(method, path), method, path, tag, operation: parsed.data });
    }
  }
  return [...groups.values()].filter((g) => g.operations.length > 0);
}

/** Case-insensitive match on method, path, summary and tag; every word must match. */
export function filterGroups(groups: OperationGroup[], query: string): OperationGroup[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return groups;
  return groups
    .map((group) => ({
      ...group,
      operations: group.operations.filter((op) => {
        const text = `${op.method} ${op.path} ${op.operation.summary ?? ''} ${op.tag}`.toLowerCase();
        return words.every((w) => text.includes(w));
      }),
    }))
    .filter((group) => group.operations.length > 0);
}

/** `#/components/schemas/User` → the schema, or undefined. */
export function resolveRef(doc: OpenApiDocument, ref: string): JsonSchema | undefined {
  const prefix = '#/components/schemas/';
  if (!ref.startsWith(prefix)) return undefined;
  return doc.components?.schemas?.[decodeURIComponent(ref.slice(prefix.length))];
}

export const refName = (ref: string) => ref.split('/').pop() ?? ref;

/** A short type label: `string`, `integer | null`, `User`, `string[]`, `object`… */
export function typeLabel(doc: OpenApiDocument, s: JsonSchema | undefined): string {
  if (!s) return 'any';
  if (s.$ref) return refName(s.$ref);
  if (s.const !== undefined) return JSON.stringify(s.const);
  const union = s.anyOf ?? s.oneOf;
  if (union) return [...new Set(union.map((member) => typeLabel(doc, member)))].join(' | ');
  if (s.allOf?.length === 1) return typeLabel(doc, s.allOf[0]);
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (!types.length) return s.properties ? 'object' : 'any';
  return types
    .map((t) => {
      if (t === 'array') return `${typeLabel(doc, s.items)}[]`;
      if (t === 'string' && s.format) return `string (${s.format})`;
      if (t === 'object' && s.additionalProperties && typeof s.additionalProperties === 'object')
        return `map of ${typeLabel(doc, s.additionalProperties)}`;
      return t;
    })
    .join(' | ');
}

/** The object schema whose properties a row expands into (following $ref, arrays and nullables). */
export function expandable(
  doc: OpenApiDocument,
  s: JsonSchema | undefined,
  seen: Set<string>,
): JsonSchema | null {
  let current = s;
  for (let i = 0; current && i < 8; i++) {
    if (current.$ref) {
      if (seen.has(current.$ref)) return null;
      current = resolveRef(doc, current.$ref);
      continue;
    }
    if (current.properties && Object.keys(current.properties).length) return current;
    const types = Array.isArray(current.type) ? current.type : [current.type];
    if (types.includes('array') && current.items) {
      current = current.items;
      continue;
    }
    const union = (current.anyOf ?? current.oneOf)?.filter((m) => m.type !== 'null');
    if (union?.length === 1) {
      current = union[0];
      continue;
    }
    if (current.allOf?.length === 1) {
      current = current.allOf[0];
      continue;
    }
    return null;
  }
  return null;
}

export type SchemaRow = {
  /** Dotted path from the root, unique per row. */
  key: string;
  name: string;
  depth: number;
  type: string;
  required: boolean;
  description?: string;
  enumValues?: unknown[];
  defaultValue?: unknown;
  /** Length, range and pattern limits: messages with their values, translated where shown. */
  constraints: Constraint[];
  /** Keys of the direct children (rows nested under this one). */
  childKeys: string[];
  parentKey: string | null;
};

/** One limit of a schema, e.g. `min length {count}` with `{count: 1}`. */
export type Constraint = { message: string; values: TransValues };

function constraintsOf(s: JsonSchema): Constraint[] {
  const out: Constraint[] = [];
  if (s.minLength !== undefined)
    out.push({ message: msg('min length {count}'), values: { count: s.minLength } });
  if (s.maxLength !== undefined)
    out.push({ message: msg('max length {count}'), values: { count: s.maxLength } });
  // Signs and numbers only: the same in every language.
  if (s.minimum !== undefined) out.push({ message: '≥ {value}', values: { value: s.minimum } });
  if (s.maximum !== undefined) out.push({ message: '≤ {value}', values: { value: s.maximum } });
  if (s.pattern) out.push({ message: msg('pattern {pattern}'), values: { pattern: s.pattern } });
  return out;
}

function enumOf(doc: OpenApiDocument, s: JsonSchema): unknown[] | undefined {
  if (s.enum) return s.enum;
  const target = s.$ref ? resolveRef(doc, s.$ref) : s;
  const union = target?.anyOf ?? target?.oneOf;
  if (union?.every((m) => m.const !== undefined || (m.enum && m.enum.length === 1)))
    return union.map((m) => m.const ?? m.enum?.[0]);
  if (target?.items?.enum) return target.items.enum;
  return undefined;
}

/**
 * Flattens an object schema into table rows, children right after their parent. Component
 * references are followed once per branch, so recursive schemas end.
 */
export function schemaRows(doc: OpenApiDocument, root: JsonSchema, maxDepth = 6): SchemaRow[] {
  const rows: SchemaRow[] = [];
  const walk = (object: JsonSchema, depth: number, parentKey: string | null, seen: Set<string>) => {
    const required = new Set(object.required ?? []);
    const keys: string[] = [];
    for (const [name, prop] of Object.entries(object.properties ?? {})) {
      const key = parentKey ? `${parentKey}.${name}` : name;
      keys.push(key);
      const description =
        prop.description ?? (prop.$ref ? resolveRef(doc, prop.$ref)?.description : undefined);
      const row: SchemaRow = {
        key,
        name,
        depth,
        type: typeLabel(doc, prop),
        required: required.has(name),
        description,
        enumValues: enumOf(doc, prop),
        defaultValue: prop.default,
        constraints: constraintsOf(prop),
        childKeys: [],
        parentKey,
      };
      rows.push(row);
      if (depth + 1 >= maxDepth) continue;
      const nextSeen = prop.$ref ? new Set([...seen, prop.$ref]) : seen;
      const child = expandable(doc, prop, seen);
      if (child) row.childKeys = walk(child, depth + 1, key, nextSeen);
    }
    return keys;
  };
  const top = expandable(doc, root, new Set());
  if (top) walk(top, 0, null, root.$ref ? new Set([root.$ref]) : new Set());
  return rows;
}

/** A small example value for a schema (request bodies of the curl example). */
export function exampleValue(doc: OpenApiDocument, s: JsonSchema | undefined, depth = 0): unknown {
  if (!s || depth > 4) return null;
  if (s.$ref) return exampleValue(doc, resolveRef(doc, s.$ref), depth + 1);
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const union = s.anyOf ?? s.oneOf;
  if (union?.length) return exampleValue(doc, union.find((m) => m.type !== 'null') ?? union[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      return s.format === 'email' ? 'user@example.com' : 'string';
    case 'integer':
    case 'number':
      return s.minimum ?? 0;
    case 'boolean':
      return true;
    case 'array':
      return [exampleValue(doc, s.items, depth + 1)];
    case 'object':
    case undefined: {
      if (!s.properties) return {};
      const required = new Set(s.required ?? []);
      const entries = Object.entries(s.properties).filter(([name]) => required.has(name));
      return Object.fromEntries(entries.map(([name, prop]) => [name, exampleValue(doc, prop, depth + 1)]));
    }
    default:
      return null;
  }
}

const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** A copyable curl call: bearer token from $ZEMA_TOKEN, required query params, an example body. */
export function curlExample(doc: OpenApiDocument, op: ApiOperation, baseUrl: string): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => name.toUpperCase());
  const query = (op.operation.parameters ?? [])
    .filter((p) => p.in === 'query' && p.required)
    .map(
      (p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(exampleValue(doc, p.schema) ?? ''))}`,
    );
  const url = `${baseUrl.replace(/\/+$/, '')}${path}${query.length ? `?${query.join('&')}` : ''}`;
  const lines = [
    `curl -X ${op.method.toUpperCase()} ${shellQuote(url)}`,
    `  -H "Authorization: Bearer $ZEMA_TOKEN"`,
    `  -H 'Accept: application/json'`,
  ];
  const body = op.operation.requestBody?.content['application/json']?.schema;
  if (body) {
    lines.push(`  -H 'Content-Type: application/json'`);
    lines.push(`  -d ${shellQuote(JSON.stringify(exampleValue(doc, body)))}`);
  }
  return lines.join(' \\\n');
}

/** Who may call an operation, in words, from its `x-zema-access` rule. */
export function accessText(rule: string | undefined, trans: TransFn): string {
  switch (rule) {
    case 'guest':
      return trans('Anyone: no sign-in needed (a token is optional and makes the answer personal)');
    case 'user':
      return trans('Signed-in users');
    case 'admin':
      return trans('Admins (permission {permission})', { permission: 'admin.access' });
    case undefined:
      return trans('Not stated');
    default:
      return trans('Users with the permission {permission}', { permission: rule });
  }
}
