import type { FastifyReply } from 'fastify';

/**
 * Sends a JSON answer serialised beforehand (a cached answer many callers get byte for byte). The
 * route's response schema is skipped for these bytes, so whoever made them checks them against it
 * once, when they are made (e.g. `JSON.stringify(z.encode(schema, value))`).
 */
export function sendJsonBytes(reply: FastifyReply, body: Buffer) {
  return reply.type('application/json; charset=utf-8').send(body);
}
