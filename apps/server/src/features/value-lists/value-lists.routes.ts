import { VALUE_LIST_NAMES, type ValueListName, valueListsResponseSchema } from '@zema/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getValueLists } from './value-lists.service';

const isListName = (n: string): n is ValueListName => (VALUE_LIST_NAMES as readonly string[]).includes(n);

const paramsSchema = z.object({
  names: z
    .string()
    .min(1)
    .transform((v, ctx) => {
      const names = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const unknown = names.filter((n) => !isListName(n));
      if (names.length === 0 || unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `Unknown value list: ${unknown.join(', ') || '(none)'}. Available: ${VALUE_LIST_NAMES.join(', ')}.`,
        });
        return z.NEVER;
      }
      return names as ValueListName[];
    }),
});

export const valueListsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/value-lists/:names',
    {
      config: { access: 'guest' },
      schema: { params: paramsSchema, response: { 200: valueListsResponseSchema } },
    },
    async (request) => getValueLists(app.db, request.params.names),
  );
};
