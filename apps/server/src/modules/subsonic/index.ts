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
import { credentialsKey } from './app-passwords.service';
import { USER_BY_EMAIL_NAMESPACE } from './auth';
import { CATALOGUE_CACHE_NAMESPACE } from './methods';
import { subsonicRoutes } from './subsonic.routes';

export const subsonicModule: ServerModule = {
  name: 'subsonic',
  register(deps, events) {
    // The cached public answers (search3, getArtist, shared album lists) name catalogue rows; an
    // account's cached credentials, its email.
    events.on('catalogue.changed', () => deps.cache.invalidatePrefix(CATALOGUE_CACHE_NAMESPACE));
    events.on('user.changed', ({ userId }) =>
      deps.cache
        .invalidate(credentialsKey(userId))
        .then(() => deps.cache.invalidatePrefix(USER_BY_EMAIL_NAMESPACE)),
    );
  },
  rootRoutes: [subsonicRoutes],
  apiRoutes: [appPasswordsRoutes],
};
