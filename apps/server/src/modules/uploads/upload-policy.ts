import {
  AVATAR_MAX_BYTES,
  MAX_UNFINISHED_UPLOADS,
  msg,
  PERMISSIONS,
  UPLOAD_TOO_MANY_UNFINISHED_MESSAGE,
  UPLOAD_TYPE_NOT_ALLOWED_MESSAGE,
  type UploadSettings,
  uploadFileKind,
  uploadQuotaMessage,
  uploadTooLargeMessage,
  uploadTypeAllowed,
} from '@zema/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '#src/db/client';
import { ForbiddenError, InvalidInputError } from '#src/lib/errors';
import { fileEntries, pendingUploads } from '#src/modules/uploads/tables';
import { users } from '#src/modules/users/tables';
import type { Deps } from '#src/platform/deps';

const MB = 1024 * 1024;

/** Longest client file name accepted (most file systems' limit; it is only a label here). */
export const UPLOAD_NAME_MAX_LENGTH = 255;
export const UPLOAD_NAME_INVALID_MESSAGE = msg('This file name is not allowed.');
export const UPLOAD_NAME_TOO_LONG_MESSAGE = msg('The file name may not be greater than 255 characters.');
export const UPLOAD_RELATIVE_PATH_INVALID_MESSAGE = msg('This folder path is not allowed.');

/**
 * Why an upload was refused: `size` (one file over the limit for its kind) answers 413 on every
 * upload path, the others (the storage quota, too many unfinished uploads included) 422.
 */
export type UploadRefusal = 'name' | 'type' | 'size' | 'quota' | 'unfinished';

/**
 * An upload refused by the settings or the quota, with its message on `field`
 * (`{file: [message]}`, like `invalidInput({file: [message]})`), that also says which rule refused
 * it. A refusal for size alone is `tooLarge` (answered 413 Content Too Large), the others 422.
 */
export class UploadRefusedError extends InvalidInputError {
  override name = 'UploadRefusedError';
  constructor(
    readonly reason: UploadRefusal,
    message: string,
    readonly field = 'file',
  ) {
    super(message, { [field]: [message] });
  }
  override get tooLarge(): boolean {
    return this.reason === 'size';
  }
}

export type UploadUser = {
  id: number;
  permissions: { name: string; restrictions: { name: string; value: number | null }[] }[];
};

export type UploadFile = {
  name: string;
  size: number;
  mime: string;
  extension: string | null;
  /** What the client says the file is for (the upload metadata's `uploadType`, e.g. `avatar`). */
  purpose?: string | null;
};

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
 * What the user fills: their files (live and in the trash, whose bytes are still kept) and the
 * uploads they have started (`pending`: the full declared size, what is reserved, not what arrived
 * so far), in bytes; and how many of those uploads are unfinished (not yet expired: an expired one
 * can no longer be resumed and waits for the cleanup). `exceptPendingKey` leaves out the upload
 * being turned into a file, which must not count twice.
 */
export async function uploadUsage(
  deps: Pick<Deps, 'db'>,
  userId: number,
  exceptPendingKey?: string,
): Promise<{ used: number; pending: number; unfinished: number }> {
  const [files] = await deps.db
    .select({ bytes: sql<string | null>`sum(${fileEntries.size})` })
    .from(fileEntries)
    .where(eq(fileEntries.ownerId, userId));
  const [pending] = await deps.db
    .select({
      bytes: sql<string | null>`sum(${pendingUploads.size})`,
      unfinished: sql<number>`(count(*) filter (where ${pendingUploads.expiresAt} > now()))::int`,
    })
    .from(pendingUploads)
    .where(
      exceptPendingKey
        ? and(eq(pendingUploads.userId, userId), ne(pendingUploads.key, exceptPendingKey))
        : eq(pendingUploads.userId, userId),
    );
  const pendingBytes = Number(pending?.bytes ?? 0);
  return {
    used: Number(files?.bytes ?? 0) + pendingBytes,
    pending: pendingBytes,
    unfinished: Number(pending?.unfinished ?? 0),
  };
}

/** Bytes the user fills (files and started uploads): see `uploadUsage`. */
export async function usedUploadBytes(
  deps: Pick<Deps, 'db'>,
  userId: number,
  exceptPendingKey?: string,
): Promise<number> {
  return (await uploadUsage(deps, userId, exceptPendingKey)).used;
}

/**
 * Room beyond the quota for a picture on its way to becoming the avatar (the upload queue sends it
 * as a file first). Its entry is deleted as soon as the avatar is made of it, so a full storage
 * never stops anyone changing their picture, and the room is used up by one such upload left
 * lying: at most one avatar's worth past the quota.
 */
export function quotaAllowance(file: Pick<UploadFile, 'purpose' | 'mime' | 'size'>): number {
  return file.purpose === 'avatar' && uploadFileKind(file.mime) === 'image' && file.size <= AVATAR_MAX_BYTES
    ? AVATAR_MAX_BYTES
    : 0;
}

/**
 * Whether `user` may upload `file` (every upload path asks, before accepting bytes where the
 * protocol allows and again on completion): the name, the allowed types and the size limit of the
 * upload settings (413 over it), the `space` quota of files.create, counting unfinished uploads
 * (422, naming the quota), and with `startsUpload` the cap on unfinished uploads (422). Throws an
 * UploadRefusedError for the first rule that refuses, 403 without files.create.
 */
export async function assertUploadAllowed(
  deps: Pick<Deps, 'db' | 'settings'>,
  user: UploadUser,
  file: UploadFile,
  opts: { exceptPendingKey?: string; startsUpload?: boolean } = {},
): Promise<void> {
  const isAdmin = user.permissions.some((p) => p.name === PERMISSIONS.admin);
  if (!isAdmin && !user.permissions.some((p) => p.name === PERMISSIONS.filesCreate))
    throw new ForbiddenError();

  const nameProblem = fileNameProblem(file.name);
  if (nameProblem) throw new UploadRefusedError('name', nameProblem);

  const settings = (await deps.settings.getClientSettings()).uploads;
  if (!uploadTypeAllowed(settings.allowed_types, file))
    throw new UploadRefusedError('type', UPLOAD_TYPE_NOT_ALLOWED_MESSAGE);

  const max = maxUploadBytes(settings, file.mime);
  if (!Number.isSafeInteger(file.size) || file.size < 0 || file.size > max)
    throw new UploadRefusedError('size', uploadTooLargeMessage(max));

  if (isAdmin) return;
  const quota = uploadQuotaBytes(user);
  if (quota === null && !opts.startsUpload) return;
  const usage = await uploadUsage(deps, user.id, opts.exceptPendingKey);
  if (quota !== null) assertFits(usage, quota, file.size, quotaAllowance(file));
  if (opts.startsUpload && usage.unfinished >= MAX_UNFINISHED_UPLOADS)
    throw new UploadRefusedError('unfinished', UPLOAD_TOO_MANY_UNFINISHED_MESSAGE);
}

/**
 * The quota rule. SPEC §6: usage at or above the limit is over quota, whatever the new file's
 * size; `allowance` is room past it (an avatar on its way, `quotaAllowance`).
 */
export function assertFits(
  usage: { used: number; pending: number },
  quota: number,
  size: number,
  allowance = 0,
  /** The size the message names, when `size` is only a bound (a body's Content-Length). */
  shownSize = size,
): void {
  const { used, pending } = usage;
  const over = allowance > 0 ? used + size > quota + allowance : used >= quota || used + size > quota;
  if (over)
    throw new UploadRefusedError('quota', uploadQuotaMessage({ size: shownSize, used, pending, quota }));
}

/**
 * In the transaction that stores an upload nothing was reserved for (the plain upload): the
 * uploader's lock, then the quota on the bytes about to be stored.
 */
export async function assertFitsLocked(
  tx: Tx,
  user: UploadUser,
  file: Pick<UploadFile, 'size' | 'mime' | 'purpose'>,
): Promise<void> {
  await lockUploader(tx, user.id);
  const quota = uploadQuotaBytes(user);
  if (quota === null) return;
  assertFits(await uploadUsage({ db: tx }, user.id), quota, file.size, quotaAllowance(file));
}

/** What a plain upload's body may hold besides the file: its fields and the multipart framing. */
export const PLAIN_UPLOAD_FIELD_BYTES = 64 * 1024;
export const PLAIN_UPLOAD_MAX_FIELDS = 10;
export const PLAIN_UPLOAD_FRAMING_BYTES = (PLAIN_UPLOAD_MAX_FIELDS + 2) * PLAIN_UPLOAD_FIELD_BYTES;

/**
 * How many file bytes a plain upload (one multipart request) may stream to disk, decided before a
 * byte is read. Its type and purpose come in fields after the file, so this is what any file
 * could be allowed: the largest size of any kind, and the room the quota leaves (an avatar's
 * allowance included). A Content-Length that says the file is larger is refused at once (413 over
 * the size limit, 422 over the quota); a body without one is cut off where it passes. The exact
 * rules apply once the fields are read.
 */
export async function plainUploadLimit(
  deps: Pick<Deps, 'db' | 'settings'>,
  user: UploadUser,
  contentLength: number | null,
): Promise<{ maxBytes: number; refuse?: (bytes: number) => UploadRefusedError }> {
  const largest = largestUploadBytes((await deps.settings.getClientSettings()).uploads);
  // The file is at least the body less what else it may hold, and at most the body.
  const atLeast = contentLength === null ? 0 : Math.max(0, contentLength - PLAIN_UPLOAD_FRAMING_BYTES);
  if (atLeast > largest) throw new UploadRefusedError('size', uploadTooLargeMessage(largest));
  const quota = uploadQuotaBytes(user);
  if (quota === null) return { maxBytes: largest };
  const usage = await uploadUsage(deps, user.id);
  const avatarRoom = atLeast <= AVATAR_MAX_BYTES ? AVATAR_MAX_BYTES : 0;
  assertFits(usage, quota, atLeast, avatarRoom, contentLength ?? atLeast);
  const room = Math.max(
    quota - usage.used,
    Math.min(AVATAR_MAX_BYTES, quota + AVATAR_MAX_BYTES - usage.used),
  );
  if (room >= largest) return { maxBytes: largest };
  return {
    maxBytes: Math.max(0, room),
    refuse: (bytes) =>
      new UploadRefusedError(
        'quota',
        uploadQuotaMessage({ size: Math.max(bytes, contentLength ?? 0), ...usage, quota }),
      ),
  };
}

/**
 * Takes the uploader's row lock for the rest of the transaction: quota checks and what they let
 * in (a reservation, a file entry) happen one at a time per user, so two uploads started together
 * cannot both fit in the space left for one. Taken before any insert that references the user.
 */
export async function lockUploader(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** A pending upload to record (its user is the uploader). */
export type PendingUploadInput = Omit<typeof pendingUploads.$inferInsert, 'createdAt' | 'userId'>;

/**
 * Starts an upload: under the uploader's lock, checks it again (quota and the cap on unfinished
 * uploads included) and records it in `pending_uploads`, so its declared size counts at once.
 */
export async function reserveUpload(
  deps: Pick<Deps, 'db' | 'settings'>,
  user: UploadUser,
  file: UploadFile,
  row: PendingUploadInput,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await lockUploader(tx, user.id);
    await assertUploadAllowed({ db: tx, settings: deps.settings }, user, file, { startsUpload: true });
    await tx.insert(pendingUploads).values({ ...row, userId: user.id });
  });
}
