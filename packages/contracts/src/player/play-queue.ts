import { z } from 'zod';
import { trackSchema } from '../catalogue/catalogue';
import { msg } from '../i18n/messages';
import { idSchema, int32Schema } from '../primitives';

/**
 * The play queue kept on the server (Subsonic issue: getPlayQueue, savePlayQueue): one per
 * account, shared by the web player and the Subsonic apps, so a listener moves between phone and
 * browser and finds the same tracks, the same current one and the same place in it. A module of
 * its own (decision 0056): only a signed-in player loads it, never the landing page.
 */

/** A saved queue holds at most this many entries (a longer one is cut around its current entry). */
export const PLAY_QUEUE_MAX_TRACKS = 1000;
/** The name a client saves under (`changed_by`), at most this long. */
export const PLAY_QUEUE_CLIENT_MAX_LENGTH = 100;
/** `changed_by` of the web player's saves. */
export const PLAY_QUEUE_WEB_CLIENT = 'Zema web';

export const PLAY_QUEUE_MESSAGES = {
  tooLong: msg('A queue can hold at most 1000 tracks.'),
  currentOutside: msg('The current entry must be one of the tracks of the queue.'),
} as const;

/**
 * Where a queue of `length` entries is cut to fit PLAY_QUEUE_MAX_TRACKS: the current entry and
 * what follows it are kept first (what is still to be heard), then as many as fit before it.
 * Returns the first index kept; the window is `[start, start + PLAY_QUEUE_MAX_TRACKS)`.
 */
export function playQueueWindowStart(length: number, current: number | null): number {
  if (length <= PLAY_QUEUE_MAX_TRACKS) return 0;
  return Math.max(0, Math.min(current ?? 0, length - PLAY_QUEUE_MAX_TRACKS));
}

/**
 * PUT me/play-queue: the whole queue replaces the saved one. Track ids that name no track (deleted,
 * or never published: a draft is not a track) are left out silently and the answer shows what was
 * kept; an empty list clears the queue.
 */
export const savePlayQueueRequestSchema = z
  .object({
    track_ids: z.array(idSchema).max(PLAY_QUEUE_MAX_TRACKS, PLAY_QUEUE_MESSAGES.tooLong),
    /** Index in `track_ids` of the entry playing or paused now (a track may be queued twice). */
    current_index: int32Schema(0).nullable().default(null),
    /** Where in the current track, in milliseconds. */
    position_ms: int32Schema(0).default(0),
    /** The client's name, shown as `changed_by` (default: the web player's). */
    client: z.string().trim().min(1).max(PLAY_QUEUE_CLIENT_MAX_LENGTH).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.current_index !== null && body.current_index >= body.track_ids.length) {
      ctx.addIssue({ code: 'custom', path: ['current_index'], message: PLAY_QUEUE_MESSAGES.currentOutside });
    }
  });
export type SavePlayQueueRequest = z.input<typeof savePlayQueueRequestSchema>;

export const playQueueSchema = z.object({
  /** The entries in order, as the player lists them (the same track may come twice). */
  tracks: z.array(trackSchema),
  /** Index in `tracks` of the current entry; null when the queue is empty. */
  current_index: z.number().int().nullable(),
  position_ms: z.number().int(),
  /** When it was last saved, by whom (null: never saved). */
  changed_at: z.string().nullable(),
  changed_by: z.string().nullable(),
});
export type PlayQueue = z.infer<typeof playQueueSchema>;

export const playQueueResponseSchema = z.object({ play_queue: playQueueSchema });
export type PlayQueueResponse = z.infer<typeof playQueueResponseSchema>;
