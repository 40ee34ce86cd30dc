import { z } from 'zod';
import { defineOperations } from '../operation';
import { VALUE_LIST_NAMES, type ValueListName, valueListsResponseSchema } from './value-lists';

const isListName = (n: string): n is ValueListName => (VALUE_LIST_NAMES as readonly string[]).includes(n);

/** `timezones,countries`: known names, comma-joined; an unknown name is a field error. */
export const valueListNamesParamsSchema = z.object({
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

export const valueLists = defineOperations('Value lists', {
  get: {
    method: 'GET',
    path: '/api/v1/value-lists/:names',
    access: 'guest',
    params: valueListNamesParamsSchema,
    response: valueListsResponseSchema,
    summary: 'Value lists (comma-separated names, e.g. timezones,countries,localizations)',
  },
});
