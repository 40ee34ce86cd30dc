/**
 * Appearance: the themes, menus, logos, landing page, cookie notice and custom code an operator
 * changes in the appearance editor (SPEC §1, §4) — drafted per admin, published to every visitor
 * and instance at once, kept as versions to roll back to.
 *
 * This file is the module's one public face (decision 0051): other modules and the composition
 * (app.ts, deps.ts, server-modules.ts) import only what it exports.
 */
import type { ServerModule } from '#src/platform/deps';
import { appearanceAdminRoutes } from './appearance.routes';
import { seedAppearance } from './seed';

export { cachedCustomCode } from './appearance.service';
export { sanitizeCustomCss, sanitizeCustomHtml } from './custom-code';
export { saveAppearanceImage } from './images';

export const appearanceModule: ServerModule = {
  name: 'appearance',
  // The Light and Dark themes and the menus of a fresh install.
  seed: (tx) => seedAppearance(tx).then(() => ({})),
  apiRoutes: [appearanceAdminRoutes],
};
