import { z } from 'zod';
import { messageResponseSchema } from '../common';
import { defineOperations } from '../operation';
import {
  deleteFileEntriesRequestSchema,
  fileEntryResponseSchema,
  restoreFileEntriesRequestSchema,
  s3CompleteRequestSchema,
  s3CompleteResponseSchema,
  s3EntryRequestSchema,
  s3MultipartCreateRequestSchema,
  s3MultipartCreateResponseSchema,
  s3MultipartRefSchema,
  s3PresignRequestSchema,
  s3PresignResponseSchema,
  s3SignPartsRequestSchema,
  s3SignPartsResponseSchema,
  s3UploadedPartsResponseSchema,
  tusEntryRequestSchema,
} from './uploads';

/** The tus endpoint; the tus server answers its requests (PROTOCOLS tus 1.0). */
export const TUS_UPLOAD_PATH = '/api/v1/tus/upload';

const files = { permission: 'files.create' } as const;

const tusUpload = z.object({ id: z.string().min(1).max(200) });

/** SPEC §7 upload calls, exactly. */
export const uploads = defineOperations('Uploads', {
  /**
   * The tus 1.0 endpoint (PROTOCOLS): the tus server answers these, with the tus headers
   * (Tus-Resumable, Upload-Length, Upload-Metadata, Upload-Offset) rather than JSON bodies.
   * HEAD `/api/v1/tus/upload/:id` answers the offset of an upload.
   */
  tusCreate: {
    method: 'POST',
    path: TUS_UPLOAD_PATH,
    access: files,
    summary: 'Start a resumable (tus) upload; Upload-Length and Upload-Metadata are checked first',
  },
  tusPatch: {
    method: 'PATCH',
    path: `${TUS_UPLOAD_PATH}/:id`,
    access: files,
    params: tusUpload,
    summary: 'Send the next bytes of your tus upload from Upload-Offset',
  },
  tusTerminate: {
    method: 'DELETE',
    path: `${TUS_UPLOAD_PATH}/:id`,
    access: files,
    params: tusUpload,
    summary: 'End your tus upload and drop its bytes',
  },
  tusEntry: {
    method: 'POST',
    path: '/api/v1/tus/entries',
    access: files,
    body: tusEntryRequestSchema,
    response: fileEntryResponseSchema,
    summary: 'Turn a finished tus upload into a file entry',
  },
  /** The caller's storage use and quota (the larger of their roles' and their plan's `space`). */
  usage: {
    method: 'GET',
    path: '/api/v1/uploads/usage',
    access: files,
    response: z.object({
      used_bytes: z.number().int(),
      /** Null = unlimited. */
      quota_bytes: z.number().int().nullable(),
    }),
    summary: 'Your upload storage: bytes used and your quota',
  },
  /** Body: multipart {file, clientMime, clientExtension, metadata (JSON)}. */
  createEntry: {
    method: 'POST',
    path: '/api/v1/file-entries',
    access: files,
    response: fileEntryResponseSchema,
    summary: 'Upload a file in one request',
  },
  deleteEntries: {
    method: 'POST',
    path: '/api/v1/file-entries/delete',
    access: 'user',
    body: deleteFileEntriesRequestSchema,
    response: messageResponseSchema,
    summary: 'Move your files to the trash, or delete them forever',
  },
  restoreEntries: {
    method: 'POST',
    path: '/api/v1/file-entries/restore',
    access: 'user',
    body: restoreFileEntriesRequestSchema,
    response: messageResponseSchema,
    summary: 'Restore your files from the trash',
  },
  /** The bytes of a file entry the caller may read (private files; public ones have a plain URL). */
  download: {
    method: 'GET',
    path: '/api/v1/file-entries/:id/download',
    access: 'user',
    params: z.object({ id: z.coerce.number().int().positive() }),
    summary: 'Read a file you may see',
  },
  s3Presign: {
    method: 'POST',
    path: '/api/v1/s3/simple/presign',
    access: files,
    body: s3PresignRequestSchema,
    response: s3PresignResponseSchema,
    summary: 'Presign a direct PUT to the storage bucket',
  },
  s3Entry: {
    method: 'POST',
    path: '/api/v1/s3/entries',
    access: files,
    body: s3EntryRequestSchema,
    response: fileEntryResponseSchema,
    summary: 'Turn a direct upload into a file entry',
  },
  s3MultipartCreate: {
    method: 'POST',
    path: '/api/v1/s3/multipart/create',
    access: files,
    body: s3MultipartCreateRequestSchema,
    response: s3MultipartCreateResponseSchema,
    summary: 'Start an S3 multipart upload',
  },
  s3MultipartSignParts: {
    method: 'POST',
    path: '/api/v1/s3/multipart/batch-sign-part-urls',
    access: files,
    body: s3SignPartsRequestSchema,
    response: s3SignPartsResponseSchema,
    summary: 'Sign up to 10 part URLs of a multipart upload',
  },
  s3MultipartParts: {
    method: 'POST',
    path: '/api/v1/s3/multipart/get-uploaded-parts',
    access: files,
    body: s3MultipartRefSchema,
    response: s3UploadedPartsResponseSchema,
    summary: 'List the parts of a multipart upload stored so far',
  },
  s3MultipartComplete: {
    method: 'POST',
    path: '/api/v1/s3/multipart/complete',
    access: files,
    body: s3CompleteRequestSchema,
    response: s3CompleteResponseSchema,
    summary: 'Complete a multipart upload',
  },
  s3MultipartAbort: {
    method: 'POST',
    path: '/api/v1/s3/multipart/abort',
    access: files,
    body: s3MultipartRefSchema,
    response: messageResponseSchema,
    summary: 'Abort a multipart upload and drop its parts',
  },
});
