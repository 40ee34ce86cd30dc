import { ADMIN_PERMISSIONS, hasPermission } from '@zema/contracts';
import type { FastifyRequest } from 'fastify';
import { NotFoundError } from '#src/lib/errors';

/** What both catalogue route files share: a 404 for what is not there, and the caller's id. */

export const notFound = () => new NotFoundError();

export const found = <T>(value: T | null | undefined): T => {
  if (value === null || value === undefined || value === false) throw notFound();
  return value;
};

export const callerId = (request: FastifyRequest) => request.user?.id ?? null;

/**
 * Whether the caller may edit tracks (the admin's track writes: `tracks.update`, or `admin`): they
 * follow a new audio file's analysis, so a track's answer carries its `audio_status` for them only.
 */
export const mayEditTracks = (request: FastifyRequest) =>
  hasPermission(request.user, ADMIN_PERMISSIONS.tracksUpdate);
