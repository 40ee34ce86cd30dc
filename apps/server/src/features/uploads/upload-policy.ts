import {
  PERMISSIONS,
  UPLOAD_QUOTA_MESSAGE,
  UPLOAD_TYPE_NOT_ALLOWED_MESSAGE,
  type UploadSettings,
  uploadFileKind,
  uploadTooLargeMessage,
  uploadTypeAllowed,
} from '@zema/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { fileEntries, pendingUploads } from '#src/db/schema/index';
import type { Deps } from '#src/deps';
import { HttpError, MESSAGES } from '#src/http/errors';

const MB = 1024 * 1024;

/** Longest client file name accepted (most file systems' limit; it is only a label here). */
export const UPLOAD_NAME_MAX_LENGTH = 255;
export const UPLOAD_NAME_INVALID_MESSAGE = 'This file name is not allowed.';
export const UPLOAD_NAME_TOO_LONG_MESSAGE = `The file name may not be greater than ${UPLOAD_NAME_MAX_LENGTH} characters.`;
export const UPLOAD_RELATIVE_PATH_INVALID_MESSAGE = 'This folder path is not allowed.';

/** Why an upload was refused: the tus endpoint answers `size` with 413, the rest with 422. */
export type UploadRefusal = 'name' | 'type' | 'size' | 'quota';

/**
 * An upload refused by the settings or the quota: a 422 in the SPEC §8 shape
 * (`{message, errors: {file: [message]}}`), like `validationError({file: [message]})`, that also
 * says which rule refused it.
 */
export class UploadRefusedError extends HttpError {
  override name = 'UploadRefusedError';
  constructor(
    readonly reason: UploadRefusal,
    message: string,
    readonly field = 'file',
  ) {
    super(422, message, { [field]: [message] });
  }
}

export type UploadUser = {
  id: number;
  permissions: { name: string; restrictions: { name: string; value: number | null }[] }[];
};

export type UploadFile = { name: string; size: number; mime: string; extension: string | null };

// C0 controls and DEL: a NUL cuts a name short in C APIs, the others have no place in a label.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The client's file name is only ever a label (storage keys are generated), but one that could
 * mean something to a file system or a shell is refused outright rather than cleaned: no NUL or
 * other control characters, no path separators, not `.`/`..`, at most 255 characters.
 */
export function fileNameProblem(name: string): string | null {
  if (name.length > UPLOAD_NAME_MAX_LENGTH) return UPLOAD_NAME_TOO_LONG_MESSAGE;
  const trimmed = name.trim();
  if (!trimmed || trimmed === '.' || trimmed === '..') return UPLOAD_NAME_INVALID_MESSAGE;
  if (CONTROL.test(name) || name.includes('/') || name.includes('\\')) return UPLOAD_NAME_INVALID_MESSAGE;
  return null;
}

/**
 * A dropped folder's relative path (`Album/01 Intro.mp3`), kept for display and for grouping a
 * folder of tracks: forward slashes between non-empty segments, none of them `.` or `..`, no
 * control characters or backslashes, not absolute. Null when it is fine.
 */
export function relativePathProblem(path: string): string | null {
  if (path.length > 1000 || CONTROL.test(path) || path.includes('\\') || path.startsWith('/'))
    return UPLOAD_RELATIVE_PATH_INVALID_MESSAGE;
  const segments = path.split('/');
  if (segments.some((s) => !s.trim() || s === '.' || s === '..' || s.length > UPLOAD_NAME_MAX_LENGTH))
    return UPLOAD_RELATIVE_PATH_INVALID_MESSAGE;
  return null;
}

/** The largest file the settings allow for this mime type's kind (audio, image, other). */
export function maxUploadBytes(settings: UploadSettings, mime: string): number {
  return settings.max_size[uploadFileKind(mime)];
}

/** The largest file of any kind: what a request may carry before its type is known. */
export function largestUploadBytes(settings: UploadSettings): number {
  return Math.max(...Object.values(settings.max_size));
}

/**
 * The `space` quota of files.create in bytes; null = unlimited (an admin, no restriction, or a
 * restriction without a value).
 */
export function uploadQuotaBytes(user: UploadUser): number | null {
  if (user.permissions.some((p) => p.name === PERMISSIONS.admin)) return null;
  const space = user.permissions
    .find((p) => p.name === PERMISSIONS.filesCreate)
    ?.restrictions.find((r) => r.name === 'space');
  if (!space || space.value === null) return null;
  return Math.max(0, space.value) * MB;
}

/**
 * Bytes the user fills: their files (live and in the trash, whose bytes are still kept) and the
 * uploads they have started (the full declared size: what is reserved, not what arrived so far).
 * `exceptPendingKey` leaves out the upload being turned into a file, which must not count twice.
 */
export async function usedUploadBytes(
  deps: Pick<Deps, 'db'>,
  userId: number,
  exceptPendingKey?: string,
): Promise<number> {
  const [files] = await deps.db
    .select({ bytes: sql<string | null>`sum(${fileEntries.size})` })
    .from(fileEntries)
    .where(eq(fileEntries.ownerId, userId));
  const [pending] = await deps.db
    .select({ bytes: sql<string | null>`sum(${pendingUploads.size})` })
    .from(pendingUploads)
    .where(
      exceptPendingKey
        ? and(eq(pendingUploads.userId, userId), ne(pendingUploads.key, exceptPendingKey))
        : eq(pendingUploads.userId, userId),
    );
  return Number(files?.bytes ?? 0) + Number(pending?.bytes ?? 0);
}

/**
 * Whether `user` may upload `file` (every upload path asks, before accepting bytes where the
 * protocol allows and again on completion): the name, the allowed types and the size limit of the
 * upload settings, and the `space` quota of files.create. Throws an UploadRefusedError (422,
 * `errors.file`) for the first rule that refuses, 403 without files.create.
 */
export async function assertUploadAllowed(
  deps: Pick<Deps, 'db' | 'settings'>,
  user: UploadUser,
  file: UploadFile,
  opts: { exceptPendingKey?: string } = {},
): Promise<void> {
  const isAdmin = user.permissions.some((p) => p.name === PERMISSIONS.admin);
  if (!isAdmin && !user.permissions.some((p) => p.name === PERMISSIONS.filesCreate))
    throw new HttpError(403, MESSAGES.unauthorized);

  const nameProblem = fileNameProblem(file.name);
  if (nameProblem) throw new UploadRefusedError('name', nameProblem);

  const settings = (await deps.settings.getClientSettings()).uploads;
  if (!uploadTypeAllowed(settings.allowed_types, file))
    throw new UploadRefusedError('type', UPLOAD_TYPE_NOT_ALLOWED_MESSAGE);

  const max = maxUploadBytes(settings, file.mime);
  if (!Number.isSafeInteger(file.size) || file.size < 0 || file.size > max)
    throw new UploadRefusedError('size', uploadTooLargeMessage(max));

  const quota = uploadQuotaBytes(user);
  if (quota !== null) {
    const used = await usedUploadBytes(deps, user.id, opts.exceptPendingKey);
    // SPEC §6: usage at or above the limit is over quota, whatever the new file's size.
    if (used >= quota || used + file.size > quota)
      throw new UploadRefusedError('quota', UPLOAD_QUOTA_MESSAGE);
  }
}
