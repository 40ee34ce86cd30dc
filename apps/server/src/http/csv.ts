import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Answers a list's CSV export: the lines streamed as they are read, as an attachment named after
 * the list and the day (`tracks-2026-11-26.csv`).
 */
export function sendCsv(reply: FastifyReply, name: string, lines: AsyncIterable<string>) {
  const day = new Date().toISOString().slice(0, 10);
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`);
  return reply.send(Readable.from(lines));
}
