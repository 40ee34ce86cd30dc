/**
 * Subsonic: the OpenSubsonic API at `/rest` (issue 34), so that Subsonic apps on phones, desktops
 * and cars play Zema — a second face over the catalogue, the library, the player and the radio,
 * with their own rules (no second copy) — and the app passwords those apps sign in with.
 *
 * This file is the module's one public face (decision 0051): other modules and the composition
 * (app.ts, deps.ts, server-modules.ts) import only what it exports.
 */
import type { ServerModule } from '#src/platform/deps';
import { appPasswordsRoutes } from './app-passwords.routes';
import { subsonicRoutes } from './subsonic.routes';

export const subsonicModule: ServerModule = {
  name: 'subsonic',
  rootRoutes: [subsonicRoutes],
  apiRoutes: [appPasswordsRoutes],
};
