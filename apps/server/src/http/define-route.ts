import type { Operation } from '@zema/contracts/operation';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** The Fastify schema an operation describes (fastify-type-provider-zod validates and types it). */
type OperationSchema<O extends Operation> = {
  params: O['params'];
  querystring: O['query'];
  body: O['body'];
  response: { 200: O['response'] extends z.ZodType ? O['response'] : undefined } & NonNullable<
    O['otherResponses']
  >;
};

export type OperationHandler<O extends Operation> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  unknown,
  OperationSchema<O>,
  ZodTypeProvider
>;

/** What a route adds to its operation on the server only: rate limits, pre-handlers, body limits. */
export type RouteExtras = Omit<RouteShorthandOptions, 'schema' | 'config'> & {
  config?: Omit<FastifyContextConfig, 'access' | 'allowUnverified' | 'operation'>;
};

// biome-ignore lint/suspicious/noExplicitAny: any instance, whatever its type provider or logger.
type AnyInstance = FastifyInstance<any, any, any, any, any>;

/**
 * Registers one operation from `@zema/contracts` (ARCHITECTURE convention 2): method, path,
 * schemas, access and summary all come from the operation object, so the route, the web call and
 * the OpenAPI entry cannot drift apart. The operation's path is the full one; the instance's
 * prefix (`/api/v1`) is taken off it. `config.operation` lets the parity test tell an operation's
 * route from a hand-written one.
 */
export function defineRoute<O extends Operation>(
  app: AnyInstance,
  operation: O,
  extrasOrHandler: RouteExtras | OperationHandler<O>,
  maybeHandler?: OperationHandler<O>,
): void {
  const extras = typeof extrasOrHandler === 'function' ? {} : extrasOrHandler;
  const handler = typeof extrasOrHandler === 'function' ? extrasOrHandler : maybeHandler;
  if (!handler) throw new Error(`defineRoute ${operation.method} ${operation.path}: no handler`);
  const prefix: string = app.prefix;
  if (!operation.path.startsWith(prefix)) {
    throw new Error(`Operation ${operation.method} ${operation.path} registered under the prefix ${prefix}`);
  }
  const schema: FastifySchema = {};
  if (operation.params) schema.params = operation.params;
  if (operation.query) schema.querystring = operation.query;
  if (operation.body) schema.body = operation.body;
  const response = {
    ...(operation.response ? { 200: operation.response } : {}),
    ...operation.otherResponses,
  };
  if (Object.keys(response).length) schema.response = response;
  app.route({
    ...extras,
    method: operation.method,
    url: operation.path.slice(prefix.length) || '/',
    schema,
    config: {
      ...extras.config,
      access: operation.access,
      ...(operation.allowUnverified ? { allowUnverified: true } : {}),
      operation,
    },
    handler: handler as RouteHandlerMethod,
  });
}
