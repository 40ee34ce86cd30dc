/**
 * Uploads: file entries and the upload policy (types, sizes, quotas), resumable tus uploads and
 * direct S3 uploads, and their clean-up.
 *
 * This file is the module's one public face (decision 0051): other modules and the composition
 * (app.ts, deps.ts, server-modules.ts) import only what it exports.
 */
import type { ServerModule } from '#src/platform/deps';
import { returnUploadsOfOwners, returnUploadsToUploaders, takeFileEntry } from './file-entries.writes';
import { s3UploadsRoutes } from './s3-uploads.routes';
import { cleanUpAbandonedMultipartUploads } from './s3-uploads.service';
import { cleanUpAbandonedUploads } from './tus.service';
import { closeTusStore } from './tus-store';
import { uploadsRoutes } from './uploads.routes';

export { UploadRefusedError, uploadQuotaBytes } from './upload-policy';

const MINUTE = 60_000;

export {
  type FileEntryRef,
  recordFileAnalysis,
  takeFileEntry,
  trashFileEntries,
} from './file-entries.writes';

export const uploadsModule: ServerModule = {
  name: 'uploads',
  register(deps) {
    deps.claimUpload = async (db, ref) => (await takeFileEntry(db, ref)) !== null;
    // Deleting a workspace or its owner's account hands the uploads made there back.
    deps.writeEvents.on('workspace.closing', (db, { workspaceIds }) =>
      returnUploadsToUploaders(db, workspaceIds),
    );
    deps.writeEvents.on('users.deleting', (db, { userIds }) => returnUploadsOfOwners(db, userIds));
  },
  apiRoutes: [s3UploadsRoutes, uploadsRoutes],
  async close(deps) {
    closeTusStore(deps);
  },
  // Uploads a browser started and never finished: staged tus files, S3 multipart parts and
  // presigned objects that never became a file entry (each expires a day after it started).
  tasks: (deps) => [
    {
      name: 'clean-up-tus-uploads',
      everyMs: 15 * MINUTE,
      run: () => cleanUpAbandonedUploads(deps, new Date()),
    },
    {
      name: 'clean-up-s3-uploads',
      everyMs: 15 * MINUTE,
      run: async () =>
        deps.storage.driver === 's3' ? cleanUpAbandonedMultipartUploads(deps, new Date()) : 0,
    },
  ],
};
