import {
  type AccountUser,
  AVATAR_MAX_BYTES,
  AVATAR_TOO_LARGE_MESSAGE,
  AVATAR_TYPE_NOT_ALLOWED_MESSAGE,
  IMAGE_MAX_PIXELS,
  IMAGE_TOO_MANY_PIXELS_MESSAGE,
  msg,
  RELEASE_MESSAGES,
} from '@zema/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { invalidInput } from '#src/lib/errors';
import { RASTER_IMAGE_FORMATS, readImageHeader } from '#src/lib/image-header';
import { takeFileEntry } from '#src/modules/uploads/index';
import { fileEntries } from '#src/modules/uploads/tables';
import { updateUser } from '#src/modules/users/index';
import { users } from '#src/modules/users/tables';
import type { Deps } from '#src/platform/deps';
import {
  isBlockedAddressError,
  publicRequestFollowing,
  ResponseTooLargeError,
  readLimitedBody,
} from '#src/platform/public-http';
import { generateStorageKey } from '#src/platform/storage';
import { getAccount } from './account.service';

export const AVATAR_SIZE = 256;
const REMOTE_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;

export const AVATAR_MESSAGES = {
  tooLarge: AVATAR_TOO_LARGE_MESSAGE,
  typeNotAllowed: AVATAR_TYPE_NOT_ALLOWED_MESSAGE,
  tooManyPixels: IMAGE_TOO_MANY_PIXELS_MESSAGE,
  selectImage: msg('Please select an image.'),
  urlNotAllowed: msg('This URL is not allowed.'),
  urlFailed: msg('Could not download an image from this URL.'),
  entryNotYours: RELEASE_MESSAGES.entryNotYours,
} as const;

/** Thrown for a bad image; `field` is the form field the message belongs to. */
export class AvatarInputError extends Error {
  constructor(
    readonly field: 'file' | 'url',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Re-encodes an uploaded picture: the format is read from the bytes (never the client's name or
 * type), rotated by its EXIF orientation, cropped to 256×256 and written as WebP without metadata.
 */
export async function encodeAvatar(input: Buffer, field: 'file' | 'url' = 'file'): Promise<Buffer> {
  if (input.length > AVATAR_MAX_BYTES) throw new AvatarInputError(field, AVATAR_MESSAGES.tooLarge);
  // Decoding bombs: a picture over the pixel limit is refused, as such, before it is decoded.
  const header = await readImageHeader(input);
  if (header?.tooManyPixels) throw new AvatarInputError(field, AVATAR_MESSAGES.tooManyPixels);
  if (!header?.format || !RASTER_IMAGE_FORMATS.has(header.format))
    throw new AvatarInputError(field, AVATAR_MESSAGES.typeNotAllowed);
  try {
    return await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // Truncated or corrupt data that passed the header check.
    throw new AvatarInputError(field, AVATAR_MESSAGES.typeNotAllowed);
  }
}

export type RemoteFetchOptions = {
  /** Tests only: let the fetch reach loopback/private addresses (a local test server). */
  allowPrivateAddresses?: boolean;
  timeoutMs?: number;
};

/**
 * Downloads a picture for the URL variant: http(s) only, public addresses only (checked for every
 * resolved address and every redirect), at most 2 MB, within 10 s.
 */
export async function fetchRemoteImage(raw: string, opts: RemoteFetchOptions = {}): Promise<Buffer> {
  const allowPrivate = opts.allowPrivateAddresses === true;
  const signal = AbortSignal.timeout(opts.timeoutMs ?? REMOTE_TIMEOUT_MS);
  try {
    const { res } = await publicRequestFollowing(raw, {
      allowPrivate,
      signal,
      maxRedirects: MAX_REDIRECTS,
      headers: { accept: 'image/*', 'user-agent': 'Zema avatar fetcher' },
    });
    if (res.statusCode !== 200) {
      res.resume();
      throw new AvatarInputError('url', AVATAR_MESSAGES.urlFailed);
    }
    return await readLimitedBody(res, AVATAR_MAX_BYTES);
  } catch (err) {
    if (err instanceof AvatarInputError) throw err;
    if (isBlockedAddressError(err)) throw new AvatarInputError('url', AVATAR_MESSAGES.urlNotAllowed);
    if (err instanceof ResponseTooLargeError) throw new AvatarInputError('url', AVATAR_MESSAGES.tooLarge);
    throw new AvatarInputError('url', AVATAR_MESSAGES.urlFailed);
  }
}

/** Swaps users.avatar under a row lock and returns the previous value; undefined = no such user. */
async function swapAvatar(deps: Deps, userId: number, url: string | null) {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ avatar: users.avatar })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!row) return undefined;
    await updateUser(tx, userId, { avatar: url, updatedAt: new Date() });
    return row.avatar;
  });
}

/** Stores a new avatar for `userId` and removes the file of the one it replaces. */
export async function saveAvatar(deps: Deps, userId: number, encoded: Buffer): Promise<AccountUser> {
  const key = generateStorageKey('avatars', 'webp');
  await deps.storage.put(key, encoded, 'image/webp');
  const previous = await swapAvatar(deps, userId, deps.storage.publicUrl(key)).catch(async (err) => {
    await deps.storage.delete(key);
    throw err;
  });
  if (previous === undefined) await deps.storage.delete(key);
  else {
    await deps.events.emit('user.changed', { userId });
    await removeStoredFile(deps, previous);
  }
  return getAccount(deps, userId);
}

export async function removeAvatar(deps: Deps, userId: number): Promise<AccountUser> {
  const previous = await swapAvatar(deps, userId, null);
  if (previous !== undefined) await deps.events.emit('user.changed', { userId });
  await removeStoredFile(deps, previous);
  return getAccount(deps, userId);
}

async function removeStoredFile(deps: Deps, url: string | null | undefined) {
  const key = deps.storage.keyFromUrl(url);
  if (!key) return; // e.g. a social provider's picture URL: nothing of ours to delete.
  await deps.storage.delete(key).catch((err) => deps.log.warn({ err, key }, 'old avatar not removed'));
}

/** 422 on the field the bad input came from. */
type AvatarEntryRef = { fileEntryId: number; ownerId: number };

const ownImageEntry = ({ fileEntryId, ownerId }: AvatarEntryRef) =>
  and(
    eq(fileEntries.id, fileEntryId),
    eq(fileEntries.ownerId, ownerId),
    eq(fileEntries.type, 'file'),
    isNull(fileEntries.deletedAt),
  );

/**
 * The bytes of a picture the caller uploaded through the upload queue (a file entry of theirs,
 * live, at most 2 MB), for `encodeAvatar`: what is served is always the re-encoded copy.
 */
export async function readAvatarEntry(
  deps: Pick<Deps, 'db' | 'storage'>,
  ref: AvatarEntryRef,
): Promise<Buffer> {
  const [entry] = await deps.db
    .select({ path: fileEntries.path, size: fileEntries.size })
    .from(fileEntries)
    .where(ownImageEntry(ref));
  if (!entry) throw new AvatarInputError('file', AVATAR_MESSAGES.entryNotYours);
  if (entry.size > AVATAR_MAX_BYTES) throw new AvatarInputError('file', AVATAR_MESSAGES.tooLarge);
  const stored = await deps.storage.get(entry.path);
  if (!stored) throw new AvatarInputError('file', AVATAR_MESSAGES.selectImage);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stored.stream) {
    total += (chunk as Buffer).length;
    if (total > AVATAR_MAX_BYTES) {
      stored.stream.destroy();
      throw new AvatarInputError('file', AVATAR_MESSAGES.tooLarge);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Once the avatar is saved, the upload it came from has served its purpose: its row and bytes go,
 * so it does not linger among the user's files. A failure here leaves the entry, never the avatar.
 */
export async function discardAvatarEntry(deps: Pick<Deps, 'db' | 'storage' | 'log'>, ref: AvatarEntryRef) {
  const path = await takeFileEntry(deps.db, ref);
  if (path)
    await deps.storage.delete(path).catch((err: unknown) => {
      deps.log.warn({ err, key: path }, 'could not remove the bytes of a used avatar upload');
    });
}

/** The refusal the routes throw for an {@link AvatarInputError}: its message on its field. */
export function invalidAvatarInput(err: AvatarInputError) {
  return invalidInput({ [err.field]: [err.message] });
}
