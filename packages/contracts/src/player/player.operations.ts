import { z } from 'zod';
import { recordPlayRequestSchema, recordPlayResponseSchema } from '../catalogue/catalogue';
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
  /**
   * The track's audio file as an attachment ("Artist - Title.ext"): signed in with
   * `music.download`, where the track's artists allow downloads. 429 once the `count_per_day`
   * restriction of `music.download` is used up for the day.
   */
  downloadTrack: {
    method: 'GET',
    path: '/api/v1/tracks/:id/download',
    access: { permission: PERMISSIONS.musicDownload },
    params: z.object({ id: idParamSchema }),
    summary: "Download a track's audio file",
  },
  /**
   * The album as a zip streamed from storage ("NN - Title.ext" entries and the cover), never
   * buffered whole; the same access and daily limit as a track (an album counts once).
   */
  downloadAlbum: {
    method: 'GET',
    path: '/api/v1/albums/:id/download',
    access: { permission: PERMISSIONS.musicDownload },
    params: z.object({ id: idParamSchema }),
    summary: 'Download an album as a zip',
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
