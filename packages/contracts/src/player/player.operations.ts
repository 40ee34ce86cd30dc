import { z } from 'zod';
import { recordPlayRequestSchema, recordPlayResponseSchema } from '../catalogue/catalogue';
import { defineOperations } from '../operation';
import { PERMISSIONS } from '../permissions';
import { idParamSchema } from '../primitives';

const musicView = { permission: PERMISSIONS.musicView } as const;

/** What a stream may be asked to become: `raw` is the stored file as it is. */
export const STREAM_FORMATS = ['mp3', 'opus', 'aac', 'raw'] as const;
/** The highest bitrate limit a stream takes (kbps); 0 or none = no limit. */
export const STREAM_MAX_BITRATE = 320;

/**
 * A stream's transcoding ask (the web player's "Data saver"): a format and a bitrate limit. Without
 * either, or on a server without ffmpeg, the stored file is sent.
 */
export const streamQuerySchema = z.object({
  format: z.enum(STREAM_FORMATS).optional(),
  maxBitRate: z.coerce.number().int().min(0).max(STREAM_MAX_BITRATE).optional(),
});

export const player = defineOperations('Player', {
  /**
   * The audio file with range support. No params schema on purpose: it is the hot path and the
   * server checks the id by hand just as strictly (player.routes.ts).
   */
  stream: {
    method: 'GET',
    path: '/api/v1/tracks/:id/stream',
    access: musicView,
    query: streamQuerySchema,
    summary: "Stream a track's audio (supports Range), as stored or transcoded",
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
