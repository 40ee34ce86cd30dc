import { z } from 'zod';
import { messageResponseSchema } from '../common';
import { defineOperations } from '../operation';
import { PERMISSIONS } from '../permissions';
import { idParamSchema as id } from '../primitives';
import {
  addReleaseTrackRequestSchema,
  createReleaseRequestSchema,
  publishReleaseRequestSchema,
  releaseListQuerySchema,
  releaseListSchema,
  releaseResponseSchema,
  updateReleaseRequestSchema,
  updateTrackDraftRequestSchema,
} from './backstage-releases';

const access = { permission: PERMISSIONS.backstageAccess } as const;
const releaseParams = z.object({ id });
const trackParams = z.object({ id, trackId: id });

/** The backstage's releases: drafts from uploads, edited, then published now or on a date. */
export const backstageReleases = defineOperations('Backstage', {
  list: {
    method: 'GET',
    path: '/api/v1/backstage/releases',
    access,
    query: releaseListQuerySchema,
    response: releaseListSchema,
    summary: "Your artists' releases: drafts, scheduled and published",
  },
  create: {
    method: 'POST',
    path: '/api/v1/backstage/releases',
    access,
    body: createReleaseRequestSchema,
    response: releaseResponseSchema,
    summary: 'Start a release draft for one of your artists',
  },
  get: {
    method: 'GET',
    path: '/api/v1/backstage/releases/:id',
    access,
    params: releaseParams,
    response: releaseResponseSchema,
    summary: 'A release draft with its tracks and their analysis progress',
  },
  update: {
    method: 'PUT',
    path: '/api/v1/backstage/releases/:id',
    access,
    params: releaseParams,
    body: updateReleaseRequestSchema,
    response: releaseResponseSchema,
    summary: 'Edit a release draft',
  },
  delete: {
    method: 'DELETE',
    path: '/api/v1/backstage/releases/:id',
    inWorkspace: true,
    access,
    params: releaseParams,
    response: messageResponseSchema,
    summary: 'Delete a release draft (its uploads go to the trash)',
  },
  addTrack: {
    method: 'POST',
    path: '/api/v1/backstage/releases/:id/tracks',
    access,
    params: releaseParams,
    body: addReleaseTrackRequestSchema,
    response: releaseResponseSchema,
    summary: 'Add an uploaded audio file to a release draft; it is analysed in the background',
  },
  updateTrack: {
    method: 'PUT',
    path: '/api/v1/backstage/releases/:id/tracks/:trackId',
    access,
    params: trackParams,
    body: updateTrackDraftRequestSchema,
    response: releaseResponseSchema,
    summary: "Edit a draft track's title, credits, order or explicit flag",
  },
  removeTrack: {
    method: 'DELETE',
    path: '/api/v1/backstage/releases/:id/tracks/:trackId',
    inWorkspace: true,
    access,
    params: trackParams,
    response: releaseResponseSchema,
    summary: 'Remove a track from a release draft',
  },
  publish: {
    method: 'POST',
    path: '/api/v1/backstage/releases/:id/publish',
    access,
    params: releaseParams,
    body: publishReleaseRequestSchema,
    response: releaseResponseSchema,
    summary: 'Publish a release now, or schedule it',
  },
});
