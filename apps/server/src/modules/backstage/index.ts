/**
 * Backstage: an artist's own area — their catalogue, releases (drafts, scheduled), ingestion of
 * uploads, insights — and the admin's review of artist requests.
 *
 * This file is the module's one public face (decision 0051): other modules and the composition
 * (app.ts, deps.ts, server-modules.ts) import only what it exports.
 */
import type { ServerModule } from '#src/platform/deps';
import { backstageRoutes } from './backstage.routes';
import { resumeIngestion } from './ingest-draft';
import { releasesRoutes } from './releases.routes';
import { publishDueReleases } from './releases.service';

const MINUTE = 60_000;

export const backstageModule: ServerModule = {
  name: 'backstage',
  apiRoutes: [backstageRoutes, releasesRoutes],
  // A release scheduled for a date goes live within a minute of it.
  tasks: (deps) => [{ name: 'publish-due-releases', everyMs: MINUTE, run: () => publishDueReleases(deps) }],
  async resume(deps) {
    const resumed = await resumeIngestion(deps);
    if (resumed) deps.log.info({ resumed }, 'resuming track analyses left unfinished');
  },
};
