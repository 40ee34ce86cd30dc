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
import { SITEMAP_TTL_MS } from './sitemap.service';
import { generateSitemap, requestSitemap, SITEMAP_QUEUE, sitemapChanged } from './sitemap-store';
import { spaRoutes } from './spa.routes';
import { valueListsRoutes } from './value-lists.routes';

export {
  BOOTSTRAP_CACHE_KEYS,
  type BootstrapDeps,
  buildBootstrapData,
  cachedLocalizations,
} from './bootstrap.service';

export { registerOpenApi } from './openapi';

declare module '#src/platform/deps' {
  interface ModuleTuning {
    /** The sitemap job's wait after a catalogue change (default 15 s; tests 0 to flush it). */
    sitemapCoalesceMs?: number;
  }
}

export const siteModule: ServerModule = {
  name: 'site',
  register(deps, events) {
    // The sitemap lists the catalogue and public playlists: a write to them asks for a new one.
    events.on('catalogue.changed', () => sitemapChanged(deps));
    events.on('playlist.changed', () => sitemapChanged(deps));
  },
  // Within the hour for what changes without an event (custom pages), as the cached one was.
  tasks: (deps) => [{ name: 'generate-sitemap', everyMs: SITEMAP_TTL_MS, run: () => requestSitemap(deps) }],
  // One run at a time across instances; a failed run is tried again, then the next change's is.
  queues: (deps) => [
    { name: SITEMAP_QUEUE, concurrency: 1, attempts: 3, backoffMs: 60_000, run: () => generateSitemap(deps) },
  ],
  hooks: localizedAnswers,
  apiRoutes: [bootstrapRoutes, valueListsRoutes, apiDocsRoutes, landingRoutes, oembedRoutes],
  // Last of all: the SPA answers what no other route does (robots.txt, the sitemap and the embeds come first).
  rootRoutes: [sitemapRoutes, embedPageRoutes, spaRoutes],
};
