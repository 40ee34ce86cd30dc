import type { z } from 'zod';

/**
 * Who may call an operation (SPEC §6): 'guest' = anyone, 'user' = signed in, 'admin' = the
 * admin.access permission, or a named permission checked against the user's permissions or, for
 * visitors, the guest role's; `anyPermission` lets in a holder of any one of several (a helper
 * shared by the pages of several permissions, such as the catalogue's picture upload). Every
 * operation declares one; the server refuses to start otherwise.
 */
export type OperationAccess =
  | 'guest'
  | 'user'
  | 'admin'
  | { permission: string }
  | { anyPermission: readonly [string, ...string[]] };

export type OperationMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API operation, written once (ARCHITECTURE convention 2, Documenso's per-operation meta):
 * the server registers it (`defineRoute`), the web calls it (`api.call`) and parses the answer
 * with `response`, and the OpenAPI document describes it from the same object.
 */
export type Operation = {
  method: OperationMethod;
  /** The full path as a client calls it, with `:name` parameters (`/api/v1/users/:id`). */
  path: string;
  /** Path parameters (strings on the wire; the schema may turn them into numbers). */
  params?: z.ZodType;
  query?: z.ZodType;
  /** JSON body; left out for calls without one and for file uploads (multipart or raw bytes). */
  body?: z.ZodType;
  /** The 200 answer; left out when the answer is not JSON (a file, a redirect). */
  response?: z.ZodType;
  /** Other answers with a body of their own (e.g. 304 without one, health's 503). */
  otherResponses?: Record<number, z.ZodType>;
  access: OperationAccess;
  /**
   * true = open to a signed-in user whose email is not verified yet while confirmation is
   * required (the verification screen's own calls).
   */
  allowUnverified?: boolean;
  /**
   * true = acts in the active workspace whatever its method: the web client sends `workspaceId` on
   * it even as a DELETE (SPEC §7 names GET, POST and PUT; a team's backstage deletes need it too).
   */
  inWorkspace?: boolean;
  /** One line for the API docs. */
  summary: string;
  /** The OpenAPI group (set by `defineOperations` for a whole feature). */
  tag: string;
};

type OperationInput = Omit<Operation, 'tag'> & { tag?: string };

/**
 * A feature's operations under one OpenAPI tag. `as const`-like inference keeps each object's
 * literal method and path and its exact schemas, so `api.call` and `defineRoute` are typed.
 */
// Pure: a bundle keeps only the operation groups a page imports.
/* @__NO_SIDE_EFFECTS__ */
export function defineOperations<const T extends Record<string, OperationInput>>(
  tag: string,
  operations: T,
): { [K in keyof T]: T[K] & { tag: string } } {
  const tagged = {} as Record<string, Operation>;
  for (const [name, operation] of Object.entries(operations))
    tagged[name] = { ...operation, tag: operation.tag ?? tag };
  return tagged as { [K in keyof T]: T[K] & { tag: string } };
}

/** Input (z.input) of an optional schema, or undefined. */
export type SchemaInput<S> = S extends z.ZodType ? z.input<S> : undefined;
/** Output (z.output) of an optional schema, or undefined. */
export type SchemaOutput<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The parsed 200 answer of an operation (unknown when it has no response schema). */
export type OperationResponse<O extends Operation> = O['response'] extends z.ZodType
  ? z.output<O['response']>
  : unknown;

/**
 * `/api/v1/users/:id` + {id: 5} → `/api/v1/users/5`. Each value is URI-encoded except commas,
 * which a path segment may hold as they are (`value-lists/timezones,countries`, SPEC §7).
 */
export function operationPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null)
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value)).replace(/%2C/gi, ',');
  });
}
