/**
 * Site: what a page starts with (bootstrap data, value lists), the SPA shell with its first paint,
 * the landing page's data, the API documentation, robots.txt and the sitemap.
 *
 * This file is the module's one public face (decision 0051): other modules and the composition
 * (app.ts, deps.ts, server-modules.ts) import only what it exports.
 */

import type { ServerModule } from '#src/platform/deps';
import { apiDocsRoutes } from './api-docs.routes';
import { bootstrapRoutes } from './bootstrap.routes';
import { embedPageRoutes, oembedRoutes } from './embed.routes';
import { landingRoutes } from './landing.routes';
import { localizedAnswers } from './localized-answers';
import { sitemapRoutes } from './sitemap.routes';
import { spaRoutes } from './spa.routes';
import { valueListsRoutes } from './value-lists.routes';

export {
  BOOTSTRAP_CACHE_KEYS,
  type BootstrapDeps,
  buildBootstrapData,
  cachedLocalizations,
} from './bootstrap.service';

export { registerOpenApi } from './openapi';

export const siteModule: ServerModule = {
  name: 'site',
  hooks: localizedAnswers,
  apiRoutes: [bootstrapRoutes, valueListsRoutes, apiDocsRoutes, landingRoutes, oembedRoutes],
  // Last of all: the SPA answers what no other route does (robots.txt, the sitemap and the embeds come first).
  rootRoutes: [sitemapRoutes, embedPageRoutes, spaRoutes],
};
