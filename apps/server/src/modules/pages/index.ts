/**
 * Pages: the custom pages an operator writes (SPEC §1, §3 Custom page) — privacy policy, terms,
 * about — each with its address, translations, SEO tags and readers, read at `/pages/{slug}`.
 *
 * This file is the module's one public face (decision 0051): other modules and the composition
 * (app.ts, deps.ts, server-modules.ts) import only what it exports.
 */
import type { ServerModule } from '#src/platform/deps';
import { pagesRoutes } from './pages.routes';
import { seedPages } from './seed';

export { readCustomPage } from './pages.service';
export { sanitizePageHtml } from './sanitize';

export const pagesModule: ServerModule = {
  name: 'pages',
  // Privacy policy, terms of service and about, in English and Amharic, on a fresh install.
  seed: (tx) => seedPages(tx).then(() => ({})),
  apiRoutes: [pagesRoutes],
};
