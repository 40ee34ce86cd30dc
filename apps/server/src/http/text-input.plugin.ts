import { msg } from '@zema/contracts';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { invalidInput } from '#src/lib/errors';

export const NUL_MESSAGE = msg('This value contains a null character, which is not allowed.');

/** Nesting deeper than this is not walked further (bodies are at most 1 MB; contracts are shallow). */
const MAX_DEPTH = 32;

/**
 * Dotted paths of the strings (values and keys) holding U+0000, in the same dotted form as the
 * validation errors (`genres.0`, `links.1.url`); a key with a NUL is reported on its parent.
 */
export function nulPaths(value: unknown, prefix: string, out: string[] = [], depth = 0): string[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out.push(prefix);
  } else if (Array.isArray(value)) {
    if (depth < MAX_DEPTH) {
      for (const [i, item] of value.entries()) nulPaths(item, join(prefix, String(i)), out, depth + 1);
    }
  } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    if (depth >= MAX_DEPTH) return out;
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) out.push(prefix);
      else nulPaths(child, join(prefix, key), out, depth + 1);
    }
  }
  return out;
}

const join = (prefix: string, key: string) => (prefix ? `${prefix}.${key}` : key);

/**
 * Refuses U+0000 anywhere in a request's decoded path parameters, query and JSON body with a 422
 * on the field. PostgreSQL cannot store NUL in `text` or `jsonb` (22021 / 22P05), so this is a
 * property of the storage, not of one field: checking it once here covers every route, present
 * and future, where a per-field string schema would have to be remembered on each of them. It
 * runs before validation, on the values the handler would receive (after URL decoding).
 * Multipart and raw bodies are not parsed yet at this point; their handlers read files, and the
 * few text parts they read go through their own schemas.
 */
export function checkNul(request: FastifyRequest) {
  const paths: string[] = [];
  nulPaths(request.params, '', paths);
  nulPaths(request.query, '', paths);
  nulPaths(request.body, '', paths);
  if (!paths.length) return;
  const errors: Record<string, string[]> = {};
  for (const path of paths) errors[path || 'body'] = [NUL_MESSAGE];
  throw invalidInput(errors);
}

export const textInputPlugin = fp(
  async (app) => {
    // A callback hook: the check never waits, so it costs no promise per request.
    app.addHook('preValidation', (request, _reply, done) => {
      checkNul(request);
      done();
    });
  },
  { name: 'zema-text-input' },
);
