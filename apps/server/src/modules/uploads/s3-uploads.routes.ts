import { uploads } from '@zema/contracts/uploads/uploads.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '#src/http/caller';
import { defineRoute } from '#src/http/define-route';
import { uploadWorkspaceId } from '#src/modules/workspaces/index';
import { isS3Storage } from '#src/platform/s3-storage';
import {
  abortMultipartUpload,
  cleanUpAbandonedMultipartUploads,
  completeMultipartUpload,
  createEntryFromUpload,
  createMultipartUpload,
  presignUpload,
  signPartUrls,
  uploadedParts,
} from './s3-uploads.service';

/** Direct-to-storage uploads (SPEC §7 `s3/*`): the browser sends the bytes to the bucket. */
export const s3UploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const user = (request: Parameters<typeof callerOf>[0]) => callerOf(request).user;
  // What expired while no server ran goes once at start-up (on the task runner, not delaying it);
  // a schedule runs the same function afterwards.
  if (isS3Storage(app.deps.storage)) {
    app.addHook('onReady', (done) => {
      app.deps.background.run('uploads.s3-cleanup', () =>
        cleanUpAbandonedMultipartUploads(app.deps, new Date()),
      );
      done();
    });
  }

  defineRoute(app, uploads.s3Presign, async (request) =>
    presignUpload(app.deps, user(request), request.body),
  );
  defineRoute(app, uploads.s3Entry, async (request) =>
    createEntryFromUpload(
      app.deps,
      user(request),
      request.body,
      uploadWorkspaceId({ id: request.workspaceId, role: request.workspaceRole }),
    ),
  );
  defineRoute(app, uploads.s3MultipartCreate, async (request) =>
    createMultipartUpload(app.deps, user(request), request.body),
  );
  defineRoute(app, uploads.s3MultipartSignParts, async (request) =>
    signPartUrls(app.deps, user(request), request.body),
  );
  defineRoute(app, uploads.s3MultipartParts, async (request) =>
    uploadedParts(app.deps, user(request), request.body),
  );
  defineRoute(app, uploads.s3MultipartComplete, async (request) =>
    completeMultipartUpload(app.deps, user(request), request.body),
  );
  defineRoute(app, uploads.s3MultipartAbort, async (request) =>
    abortMultipartUpload(app.deps, user(request), request.body),
  );
};
