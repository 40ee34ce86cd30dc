import { PLAY_QUEUE_WEB_CLIENT } from '@zema/contracts/player/play-queue';
import { playQueue } from '@zema/contracts/player/play-queue.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineRoute } from '#src/http/define-route';
import { UnauthenticatedError } from '#src/lib/errors';
import { getPlayQueue, playQueueView, savePlayQueue } from './play-queue.service';

const NONE = { tracks: [], current_index: null, position_ms: 0, changed_at: null, changed_by: null };

/** GET and PUT me/play-queue: the caller's queue, the one their Subsonic apps read and save too. */
export const playQueueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  // A visitor may hold music.view through the guest role: their queue lives in their browser.
  defineRoute(app, playQueue.get, async (request) => {
    const user = request.user;
    if (!user) return { play_queue: NONE };
    return { play_queue: await playQueueView(deps, user.id, await getPlayQueue(deps, user.id)) };
  });

  defineRoute(app, playQueue.save, async (request) => {
    const user = request.user;
    if (!user) throw new UnauthenticatedError();
    const { track_ids, current_index, position_ms, client } = request.body;
    const saved = await savePlayQueue(deps, user.id, {
      trackIds: track_ids,
      current: current_index,
      positionMs: position_ms,
      client: client ?? PLAY_QUEUE_WEB_CLIENT,
    });
    return { play_queue: await playQueueView(deps, user.id, saved) };
  });
};
