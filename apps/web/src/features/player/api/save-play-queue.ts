import type { PlayQueue, SavePlayQueueRequest } from '@zema/contracts/player/play-queue';
import { playQueue } from '@zema/contracts/player/play-queue.operations';
import { api, buildRequest } from '#src/lib/api-client';

/** PUT me/play-queue → the queue as the server kept it (ids that name no track left out). */
export async function savePlayQueue(body: SavePlayQueueRequest): Promise<PlayQueue> {
  return (await api.call(playQueue.save, { body })).play_queue;
}

/**
 * The same PUT while the page goes away (pagehide): `keepalive` lets it outlive the page, so
 * nothing waits for the answer. The request is built by the API client, so it carries the same
 * XSRF header and method override as every other call.
 */
export function savePlayQueueOnExit(body: SavePlayQueueRequest): void {
  const req = buildRequest(playQueue.save.path, { method: playQueue.save.method, body });
  void fetch(req.url, {
    method: req.method,
    headers: req.headers,
    body: req.body,
    credentials: 'include',
    keepalive: true,
  }).catch(() => {
    // Gone with the page: the next visit finds the last queue saved before this one.
  });
}
