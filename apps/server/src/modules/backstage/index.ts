/**
 * Backstage: an artist's own area — their catalogue, releases (drafts, scheduled), ingestion of
 * uploads, insights — and the admin's review of artist requests.
 *
 * This file is the module's one public face (decision 0051): other modules and the composition
 * (app.ts, deps.ts, server-modules.ts) import only what it exports.
 */
import type { ServerModule } from '#src/platform/deps';
import { backstageRoutes } from './backstage.routes';
import { INGEST_QUEUE, ingestTrackDraft, resumeIngestion } from './ingest-draft';
import { releasesRoutes } from './releases.routes';
import { publishDueReleases } from './releases.service';

const MINUTE = 60_000;

export const backstageModule: ServerModule = {
  name: 'backstage',
  apiRoutes: [backstageRoutes, releasesRoutes],
  // A release scheduled for a date goes live within a minute of it.
  tasks: (deps) => [{ name: 'publish-due-releases', everyMs: MINUTE, run: () => publishDueReleases(deps) }],
  // Each uploaded track's analysis (tags, waveform, loudness), off the request that added it.
  queues: (deps) => [
    {
      name: INGEST_QUEUE,
      concurrency: 2,
      attempts: 3,
      backoffMs: 5_000,
      run: (data) => ingestTrackDraft(deps, (data as { draftId: number }).draftId),
    },
  ],
  async resume(deps) {
    const resumed = await resumeIngestion(deps);
    if (resumed) deps.log.info({ resumed }, 'resuming track analyses left unfinished');
  },
};
