import { uploads } from '@zema/contracts/operations/uploads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '#src/http/caller';
import { defineRoute } from '#src/http/define-route';
import {
  abortMultipartUpload,
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

  defineRoute(app, uploads.s3Presign, async (request) =>
    presignUpload(app.deps, user(request), request.body),
  );
  defineRoute(app, uploads.s3Entry, async (request) =>
    createEntryFromUpload(app.deps, user(request), request.body),
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
