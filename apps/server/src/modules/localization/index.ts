/**
 * Localization: the site's languages and their lines (SPEC §3 Localization), keyed by the English
 * source. It owns the `localizations` table and seeds English and Amharic; the bootstrap, the value
 * lists, mails and invoices read the lines through its data face (`tables.ts`).
 *
 * This file is the module's one public face (decision 0051): other modules and the composition
 * (app.ts, deps.ts, server-modules.ts) import only what it exports.
 */
import type { ServerModule } from '#src/platform/deps';
import { localizationAdminRoutes } from './localization-admin.routes';
import { seedLocalizations } from './seed';

export { AMHARIC_LOCALIZATION } from './amharic';

export const localizationModule: ServerModule = {
  name: 'localization',
  seed: seedLocalizations,
  apiRoutes: [localizationAdminRoutes],
};
