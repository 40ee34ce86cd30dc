import { z } from 'zod';
import { recordPlayRequestSchema, recordPlayResponseSchema } from '../catalogue';
import { defineOperations } from '../operation';
import { PERMISSIONS } from '../permissions';
import { idParamSchema } from '../primitives';

const musicView = { permission: PERMISSIONS.musicView } as const;

export const player = defineOperations('Player', {
  /**
   * The audio file with range support. No params schema on purpose: it is the hot path and the
   * server checks the id by hand just as strictly (player.routes.ts).
   */
  stream: {
    method: 'GET',
    path: '/api/v1/tracks/:id/stream',
    access: musicView,
    summary: "Stream a track's audio (supports Range)",
  },
  recordPlay: {
    method: 'POST',
    path: '/api/v1/tracks/:id/plays',
    access: musicView,
    params: z.object({ id: idParamSchema }),
    body: recordPlayRequestSchema,
    response: recordPlayResponseSchema,
    summary: 'Record a play of a track',
  },
});
