/**
 * Player: streaming a track's audio (ranges, X-Accel, S3 redirects), downloads, and the plays it
 * records.
 *
 * This file is the module's one public face (decision 0051): other modules and the composition
 * (app.ts, deps.ts, server-modules.ts) import only what it exports.
 */
import type { ServerModule } from '#src/platform/deps';
import { playerRoutes } from './player.routes';
import { insertDemoPlays } from './plays.service';

export { downloadTrack } from './downloads.service';
export { LISTENER_COOKIE } from './player.routes';
export { recordScrobble } from './plays.service';
export { sendTrackStream, TrackFileCache } from './stream.http';

export const playerModule: ServerModule = {
  name: 'player',
  register(deps) {
    deps.writeEvents.on('catalogue.demo_seeded', insertDemoPlays);
  },
  apiRoutes: [playerRoutes],
};
