import { msg } from '@zema/contracts';
import { backstageReleases as ops } from '@zema/contracts/backstage/backstage-releases.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '#src/http/caller';
import { defineRoute } from '#src/http/define-route';
import { scopeOf } from '#src/modules/workspaces/index';
import { queueIngestion } from './ingest-draft';
import {
  addReleaseTrack,
  createRelease,
  deleteRelease,
  getRelease,
  listReleases,
  publishRelease,
  removeTrackDraft,
  updateRelease,
  updateTrackDraft,
} from './releases.service';

/** The backstage's release drafts. */
export const releasesRoutes: FastifyPluginAsyncZod = async (app) => {
  // The caller with the workspace they act in: a team's releases are its shared artists'.
  const user = (request: Parameters<typeof callerOf>[0]) => {
    const caller = callerOf(request);
    return { ...caller.user, scope: scopeOf(caller) };
  };

  defineRoute(app, ops.list, async (request) => listReleases(app.deps, user(request), request.query));
  defineRoute(app, ops.create, async (request) => ({
    release: await createRelease(app.deps, user(request), request.body),
  }));
  defineRoute(app, ops.get, async (request) => ({
    release: await getRelease(app.deps, user(request), request.params.id),
  }));
  defineRoute(app, ops.update, async (request) => ({
    release: await updateRelease(app.deps, user(request), request.params.id, request.body),
  }));
  defineRoute(app, ops.delete, async (request) => {
    await deleteRelease(app.deps, user(request), request.params.id);
    return { message: msg('Release deleted.') };
  });
  // The analysis takes seconds: it runs after this answers; the draft shows its progress.
  defineRoute(app, ops.addTrack, async (request) => {
    const { release, trackDraftId } = await addReleaseTrack(
      app.deps,
      user(request),
      request.params.id,
      request.body.file_entry_id,
    );
    await queueIngestion(app.deps, trackDraftId);
    return { release };
  });
  defineRoute(app, ops.updateTrack, async (request) => ({
    release: await updateTrackDraft(
      app.deps,
      user(request),
      request.params.id,
      request.params.trackId,
      request.body,
    ),
  }));
  defineRoute(app, ops.removeTrack, async (request) => ({
    release: await removeTrackDraft(app.deps, user(request), request.params.id, request.params.trackId),
  }));
  defineRoute(app, ops.publish, async (request) => ({
    release: await publishRelease(app.deps, user(request), request.params.id, request.body),
  }));
};
