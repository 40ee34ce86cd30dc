import { INT32_MAX } from '@zema/contracts';
import { PLAY_QUEUE_MAX_TRACKS, playQueueWindowStart } from '@zema/contracts/player/play-queue';
import { getPlayQueue, savePlayQueue } from '#src/modules/player/index';
import { type Method, mustView } from './methods';
import { invalid, notFound } from './protocol';
import { idOf, songsByIds, TRACK, trackId } from './reads';

/**
 * The play queue (getPlayQueue, savePlayQueue): the player module's saved queue, the same one the
 * web player reads and writes, so a listener moves between phone and browser. Positions are in
 * milliseconds, as in Subsonic.
 */

/** `changedBy` when an app does not name itself (`c` is required by the protocol, yet). */
const UNNAMED_APP = 'Subsonic app';

export const queueMethods: Record<string, Method> = {
  getPlayQueue: async (call) => {
    mustView(call.user);
    const queue = await getPlayQueue(call.deps, call.user.id);
    // Never saved: no element, as other servers answer.
    if (!queue.changedAt) return {};
    const currentId = queue.current === null ? undefined : queue.trackIds[queue.current];
    return {
      playQueue: {
        current: currentId === undefined ? undefined : trackId(currentId),
        position: currentId === undefined ? undefined : queue.positionMs,
        // The name the apps sign in with.
        username: call.user.email,
        changed: queue.changedAt.toISOString(),
        changedBy: queue.changedBy ?? undefined,
        // A song without audio is not listed (reads.ts); each entry of a song queued twice is.
        entry: await songsByIds(call.deps.db, queue.trackIds, call.user.id, call.losslessAs),
      },
    };
  },

  /**
   * `id` repeated, in order (none: the queue is cleared), `current` (one of them), `position`. Ids
   * of songs that are not there are left out by the player module; a queue longer than
   * PLAY_QUEUE_MAX_TRACKS keeps the current song and what follows it.
   */
  savePlayQueue: async (call) => {
    mustView(call.user);
    const { params } = call;
    const ids = params.all('id').map((raw) => {
      const id = idOf(TRACK, raw);
      if (id === null) throw notFound('Song');
      return id;
    });
    let current: number | null = null;
    const rawCurrent = params.get('current');
    if (ids.length && rawCurrent !== undefined && rawCurrent !== '') {
      const id = idOf(TRACK, rawCurrent);
      current = id === null ? -1 : ids.indexOf(id);
      if (current < 0) throw invalid('current');
    }
    const position = params.int('position', 0, 0, INT32_MAX);
    const start = playQueueWindowStart(ids.length, current);
    await savePlayQueue(call.deps, call.user.id, {
      trackIds: ids.slice(start, start + PLAY_QUEUE_MAX_TRACKS),
      current: current === null ? null : current - start,
      positionMs: position,
      client: params.get('c') || UNNAMED_APP,
    });
    return {};
  },
};
