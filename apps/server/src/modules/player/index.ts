/**
 * Player: streaming a track's audio (ranges, X-Accel, S3 redirects), downloads, the plays it
 * records, and the saved play queue (shared with the Subsonic apps).
 *
 * This file is the module's one public face (decision 0051): other modules and the composition
 * (app.ts, deps.ts, server-modules.ts) import only what it exports.
 */
import type { ServerModule } from '#src/platform/deps';
import { playQueueRoutes } from './play-queue.routes';
import { playerRoutes } from './player.routes';
import { insertDemoPlays } from './plays.service';

export { downloadTrack } from './downloads.service';
export {
  getPlayQueue,
  type PlayQueueState,
  type SavePlayQueueInput,
  savePlayQueue,
} from './play-queue.service';
export { LISTENER_COOKIE } from './player.routes';
export { recordScrobble } from './plays.service';
export { sendTrackStream, TrackFileCache } from './stream.http';
export { TRANSCODE_FORMATS, type TranscodeFormat, type TranscodePlan } from './transcode';
export {
  type AudioAsk,
  LOSSLESS_FORMATS,
  sendTrackAudio,
  trackTranscoder,
  transcodePlanOf,
} from './transcode.http';

export const playerModule: ServerModule = {
  name: 'player',
  register(deps) {
    deps.writeEvents.on('catalogue.demo_seeded', insertDemoPlays);
  },
  apiRoutes: [playerRoutes, playQueueRoutes],
};
