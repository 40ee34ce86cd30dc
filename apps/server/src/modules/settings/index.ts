/**
 * Settings: the admin's settings (defaults, deep merge, validation, cache) as `deps.settings`, and
 * the admin settings page's routes.
 *
 * This file is the module's one public face (decision 0051): other modules and the composition
 * (app.ts, deps.ts, server-modules.ts) import only what it exports.
 */
import type { ServerModule } from '#src/platform/deps';
import { createSettingsService, type SettingsService } from './settings.service';
import { settingsAdminRoutes } from './settings-admin.routes';

export { defaultFrom } from './mail-from';
export { DEFAULT_LANDING } from './settings.defaults';
export type { SettingsService } from './settings.service';

declare module '#src/platform/deps' {
  interface Deps {
    settings: SettingsService;
  }
}

export const settingsModule: ServerModule = {
  name: 'settings',
  register(deps) {
    deps.settings = createSettingsService(deps.db, deps.config, deps.cache);
  },
  apiRoutes: [settingsAdminRoutes],
};
