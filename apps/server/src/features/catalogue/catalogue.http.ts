import type { FastifyRequest } from 'fastify';
import { HttpError } from '#src/http/errors';

/** What both catalogue route files share: a 404 for what is not there, and the caller's id. */

export const notFound = () => new HttpError(404, 'Not found.');

export const found = <T>(value: T | null | undefined): T => {
  if (value === null || value === undefined || value === false) throw notFound();
  return value;
};

export const callerId = (request: FastifyRequest) => request.user?.id ?? null;
