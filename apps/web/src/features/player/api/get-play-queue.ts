import type { PlayQueue } from '@zema/contracts/player/play-queue';
import { playQueue } from '@zema/contracts/player/play-queue.operations';
import { api } from '#src/lib/api-client';

/**
 * GET me/play-queue → the signed-in listener's saved queue (shared with their Subsonic apps). Read
 * by the queue sync (lib/queue-sync.ts), outside React: no query cache of its own.
 */
export async function getPlayQueue(signal?: AbortSignal): Promise<PlayQueue> {
  return (await api.call(playQueue.get, { signal })).play_queue;
}
