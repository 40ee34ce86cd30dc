import { defineOperations } from '../operation';
import { PERMISSIONS } from '../permissions';
import { playQueueResponseSchema, savePlayQueueRequestSchema } from './play-queue';

/**
 * The caller's play queue, shared with the Subsonic apps (getPlayQueue, savePlayQueue). It needs
 * `music.view`; a visitor holding it through the guest role reads an empty queue (theirs lives in
 * their browser) and may not save one (401).
 */
export const playQueue = defineOperations('Player', {
  get: {
    method: 'GET',
    path: '/api/v1/me/play-queue',
    access: { permission: PERMISSIONS.musicView },
    response: playQueueResponseSchema,
    summary: 'Your play queue: its tracks, the current one and the position in it',
  },
  save: {
    method: 'PUT',
    path: '/api/v1/me/play-queue',
    access: { permission: PERMISSIONS.musicView },
    body: savePlayQueueRequestSchema,
    response: playQueueResponseSchema,
    summary: 'Replace your play queue (unknown track ids are left out)',
  },
});
