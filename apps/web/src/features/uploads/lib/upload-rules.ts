import {
  CHUNKED_UPLOAD_MIN_BYTES,
  formatUploadBytes,
  IGNORED_UPLOAD_NAMES,
  MULTIPART_UPLOAD_MIN_BYTES,
  UPLOAD_TYPE_NOT_ALLOWED_MESSAGE,
  type UploadSettings,
  uploadFileKind,
  uploadTypeAllowed,
} from '@zema/contracts';
import { type TransFn, transNow } from '#src/lib/i18n';
import type { UploadItem, UploadPath } from './upload-types';

/**
 * SPEC §9: direct to storage when the driver is s3 and direct upload is on (multipart from
 * 100 MB, one presigned PUT below); otherwise tus from 4 MB unless chunking is off; else one plain
 * request.
 */
export function chooseUploadPath(size: number, settings: UploadSettings): UploadPath {
  if (settings.disk === 's3' && settings.direct_upload) {
    return size >= MULTIPART_UPLOAD_MIN_BYTES ? 's3-multipart' : 's3-simple';
  }
  if (settings.chunked && size >= CHUNKED_UPLOAD_MIN_BYTES) return 'tus';
  return 'plain';
}

/**
 * SPEC §4: while one of these runs, nothing else does (a folder keeps its files in order, a direct
 * or many-chunk upload wants the whole connection).
 */
export function runsAlone(
  item: Pick<UploadItem, 'relativePath' | 'path' | 'size'>,
  settings: UploadSettings,
): boolean {
  if (item.relativePath?.includes('/')) return true;
  if (item.path === 's3-simple' || item.path === 's3-multipart') return true;
  return item.path === 'tus' && item.size > settings.chunk_size;
}

/**
 * Browsers leave `File.type` empty for types the OS does not know (often FLAC, Opus, M4A on
 * Windows and Linux): the name then tells the kind, so a 300 MB FLAC is held to the audio limit,
 * not the 'other' one. The server reads the real type from the bytes either way.
 */
const MIME_BY_EXTENSION: Record<string, string> = {
  mp3: 'audio/mpeg',
  flac: 'audio/flac',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/opus',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  webm: 'audio/webm',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  pdf: 'application/pdf',
};

export function uploadMime(type: string, extension: string | null): string {
  if (type) return type;
  return (extension && MIME_BY_EXTENSION[extension]) || 'application/octet-stream';
}

/** SPEC §5: macOS folder metadata is never uploaded. */
export function isIgnoredUpload(name: string): boolean {
  const base = name.split('/').pop() ?? name;
  return (IGNORED_UPLOAD_NAMES as readonly string[]).includes(base);
}

/**
 * The client-side check (the server checks again): the admin's allowed types, the caller's own
 * `accept` list (e.g. images only for a cover), and the size limit of the file's kind. Returns the
 * SPEC message to show (the server's words, contracts `uploadTooLargeMessage`), translated with
 * `trans`, or null when the file may go.
 */
export function uploadRestrictionError(
  file: { size: number; mime: string; extension: string | null },
  settings: UploadSettings,
  accept?: readonly string[],
  trans: TransFn = transNow,
): string | null {
  if (!uploadTypeAllowed(settings.allowed_types, file)) return trans(UPLOAD_TYPE_NOT_ALLOWED_MESSAGE);
  if (accept?.length && !uploadTypeAllowed(accept, file)) return trans(UPLOAD_TYPE_NOT_ALLOWED_MESSAGE);
  const max = settings.max_size[uploadFileKind(file.mime)];
  if (file.size > max)
    return trans('The file may not be greater than {max}.', { max: formatUploadBytes(max) });
  return null;
}
