import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DEFAULT_WORKSPACE_ID,
  type FileEntry,
  fileExtension,
  IMAGE_MAX_PIXELS,
  IMAGE_TOO_MANY_PIXELS_MESSAGE,
  msg,
  UPLOAD_TYPE_NOT_ALLOWED_MESSAGE,
  uploadFileKind,
  uploadTooLargeMessage,
  uploadTypeAllowed,
  type WorkspaceRole,
} from '@zema/contracts';
import { and, eq, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import sharp from 'sharp';
import type { Tx } from '#src/db/client';
import { AUDIO_CONTENT_TYPES, sniffAudioFormat } from '#src/lib/audio';
import { invalidInput, NotFoundError } from '#src/lib/errors';
import { RASTER_IMAGE_FORMATS, readImageHeader } from '#src/lib/image-header';
import { firstAudioDecodes, UNDECODABLE_AUDIO_MESSAGE } from '#src/modules/catalogue/index';
import { fileEntries } from '#src/modules/uploads/tables';
import { roleAllows } from '#src/modules/workspaces/index';
import type { Deps } from '#src/platform/deps';
import { generateStorageKey, PRIVATE_UPLOADS_PREFIX } from '#src/platform/storage';
import { maxUploadBytes, UploadRefusedError } from './upload-policy';

export type FileEntryRow = typeof fileEntries.$inferSelect;
export type NewFileEntry = typeof fileEntries.$inferInsert;

/** Who acts on file entries: their own, or any when an admin. */
/**
 * Who acts on file entries: their own always; in a team workspace (`workspace`), also the
 * entries uploaded in it — to read with `workspace_catalogue.view`, to trash, restore or delete
 * with `workspace_catalogue.update`.
 */
export type FileActor = {
  id: number;
  isAdmin: boolean;
  workspace?: { id: number; role: WorkspaceRole | null };
};

export const FILE_ENTRY_MESSAGES = {
  sizeMismatch: msg('The file does not match the size it was announced with.'),
  trashed: (n: number) => `Moved ${n} ${n === 1 ? 'file' : 'files'} to the trash.`,
  deleted: (n: number) => `Deleted ${n} ${n === 1 ? 'file' : 'files'}.`,
  restored: (n: number) => `Restored ${n} ${n === 1 ? 'file' : 'files'}.`,
} as const;

/** Where a private entry's bytes are read: the authorised download route (operations/uploads). */
export const fileEntryDownloadUrl = (id: number) => `/api/v1/file-entries/${id}/download`;

/** Inserts a file entry (in `tx` when given) and returns the row. */
export async function createFileEntry(
  deps: Pick<Deps, 'db'>,
  input: NewFileEntry,
  tx?: Tx,
): Promise<FileEntryRow> {
  const [row] = await (tx ?? deps.db).insert(fileEntries).values(input).returning();
  return row!;
}

/** SPEC §3 file entry as the API answers it: public files by their storage URL, private ones by the download route. */
export function fileEntryJson(deps: Pick<Deps, 'storage'>, row: FileEntryRow): FileEntry {
  return {
    id: row.id,
    name: row.name,
    file_name: row.fileName,
    mime: row.mime,
    file_size: row.size,
    extension: row.extension,
    disk: row.disk,
    parent_id: row.parentId,
    relative_path: row.relativePath,
    public: row.public,
    checksum: row.checksum,
    url: row.public ? deps.storage.publicUrl(row.path) : fileEntryDownloadUrl(row.id),
    owner_id: row.ownerId,
    workspace_id: row.workspaceId,
    deleted_at: row.deletedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

// ---- storing uploaded bytes ----

/** Enough for every magic number sniffed here (an Opus head names its codec within 128 bytes). */
const HEAD_BYTES = 4096;
const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** Folder (under DATA_DIR) for the bytes of an upload being checked, before it reaches storage. */
export const uploadWorkDir = (dataDir: string) => join(dataDir, 'uploads', 'work');

export type StoreUploadInput = {
  ownerId: number;
  /** The client's file name: a label only (the storage key is generated). */
  name: string;
  /** The client's type claim; the bytes decide where it matters (audio, images, PDF). */
  mime: string;
  extension: string | null;
  /** The size announced before the bytes came; the bytes must match it. */
  size?: number;
  /** A stream is refused past this many bytes (the plain upload's limit). */
  maxBytes?: number;
  parentId?: number | null;
  relativePath?: string | null;
  workspaceId?: number;
  /** Served by the public storage URL (default false: only through the authorised download). */
  public?: boolean;
  /**
   * Runs first in the transaction that inserts the entry, with the size that will be stored (an
   * image's re-encoded copy): the quota check of an upload that reserved nothing beforehand (the
   * plain upload), under the uploader's lock. A throw stores nothing.
   */
  beforeInsert?: (tx: Tx, stored: { size: number }) => Promise<void>;
  /**
   * Runs in the transaction that inserts the entry (e.g. removing the pending upload it came
   * from); a throw rolls the entry back and removes the stored bytes.
   */
  alongside?: (tx: Tx, entry: FileEntryRow) => Promise<void>;
} & ({ sourcePath: string; stream?: undefined } | { stream: Readable; sourcePath?: undefined });

type Received = { path: string; bytes: number; checksum: string; head: Buffer };

/** Streams the bytes to `out` (or just reads them) while hashing them and keeping the first few. */
async function receive(
  source: Readable,
  out: string | null,
  maxBytes: number | undefined,
  tooLarge: () => Error,
): Promise<Omit<Received, 'path'>> {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headBytes = 0;
  let bytes = 0;
  const inspect = async function* (input: AsyncIterable<Buffer>) {
    for await (const chunk of input) {
      bytes += chunk.length;
      if (maxBytes !== undefined && bytes > maxBytes) throw tooLarge();
      hash.update(chunk);
      if (headBytes < HEAD_BYTES) {
        head.push(chunk.subarray(0, HEAD_BYTES - headBytes));
        headBytes += Math.min(chunk.length, HEAD_BYTES - headBytes);
      }
      yield chunk;
    }
  };
  // A file already on this disk is only read (hashed); a stream is written to `out` as it comes.
  const sink = out
    ? createWriteStream(out, { mode: 0o600 })
    : new Writable({ write: (_c, _e, next) => next() });
  await pipeline(source, inspect, sink);
  return { bytes, checksum: hash.digest('hex'), head: Buffer.concat(head) };
}

type Checked = { path: string; mime: string; extension: string | null; keyExtension: string; size: number };

/** The real type from the bytes where it matters; images come back re-encoded (a new file). */
async function checkBytes(
  input: { mime: string; extension: string | null },
  received: Received,
  workPath: (suffix: string) => string,
): Promise<Checked> {
  const notAllowed = () => new UploadRefusedError('type', UPLOAD_TYPE_NOT_ALLOWED_MESSAGE);
  const claimed = input.mime.trim().toLowerCase();
  const kind = uploadFileKind(claimed);
  if (kind === 'audio') {
    // Audio is stored as it came (byte-identical), but only when its bytes are audio: the magic
    // bytes name a format and its first second decodes with that format's decoder.
    const format = sniffAudioFormat(received.head);
    if (!format) throw notAllowed();
    if (!(await firstAudioDecodes(createReadStream(received.path), format)))
      throw new UploadRefusedError('type', UNDECODABLE_AUDIO_MESSAGE);
    return {
      path: received.path,
      mime: AUDIO_CONTENT_TYPES[format],
      extension: format,
      keyExtension: format,
      size: received.bytes,
    };
  }
  if (kind === 'image') {
    // Served pictures are always our own encoding: no scripts, no EXIF (location) metadata, no
    // polyglot files. The format comes from the bytes, never the name.
    // Raster formats only (SVG and PDF are not images here: scripts, external references), and
    // decoding bombs refused, as such, before they are decoded.
    const header = await readImageHeader(received.path);
    if (header?.tooManyPixels) throw new UploadRefusedError('type', IMAGE_TOO_MANY_PIXELS_MESSAGE);
    if (!header?.format || !RASTER_IMAGE_FORMATS.has(header.format)) throw notAllowed();
    const encoded = workPath('.webp');
    try {
      await sharp(received.path, { limitInputPixels: IMAGE_MAX_PIXELS })
        .rotate()
        .webp({ quality: 85 })
        .toFile(encoded);
    } catch {
      // Truncated or corrupt data behind a valid header.
      throw notAllowed();
    }
    return {
      path: encoded,
      mime: 'image/webp',
      extension: 'webp',
      keyExtension: 'webp',
      size: (await stat(encoded)).size,
    };
  }
  if (claimed === 'application/pdf' && received.head.subarray(0, 5).toString('latin1') !== '%PDF-')
    throw notAllowed();
  // Anything else is only ever served as a download (attachment, nosniff), under a generated name.
  const extension = input.extension ? fileExtension(`f.${input.extension.replace(/^\./, '')}`) : null;
  return {
    path: received.path,
    mime: MIME.test(claimed) ? claimed : 'application/octet-stream',
    extension,
    keyExtension: extension ?? 'bin',
    size: received.bytes,
  };
}

/**
 * Turns uploaded bytes (a finished file on this disk, or a stream) into a file entry: the bytes
 * are hashed (SHA-256) as they stream, their real type is read from them (audio by its magic
 * bytes, images decoded and re-encoded, PDFs by their header) and checked against the upload
 * settings again, they move into storage under a generated key (never the client's name), and the
 * entry is inserted. On any failure there is no entry and nothing stored; a `sourcePath` is left
 * for the caller to remove, a stream's temporary copy is removed here.
 */
export async function storeUploadedFile(
  deps: Pick<Deps, 'db' | 'storage' | 'settings' | 'config'>,
  input: StoreUploadInput,
): Promise<FileEntryRow> {
  const settings = (await deps.settings.getClientSettings()).uploads;
  const workDir = uploadWorkDir(deps.config.dataDir);
  await mkdir(workDir, { recursive: true });
  const base = join(workDir, randomBytes(16).toString('hex'));
  const temporary: string[] = [];
  const workPath = (suffix: string) => {
    temporary.push(base + suffix);
    return base + suffix;
  };
  let key: string | null = null;
  try {
    const tooLarge = () => new UploadRefusedError('size', uploadTooLargeMessage(input.maxBytes ?? 0));
    let received: Received;
    if (input.stream) {
      const path = workPath('.upload');
      received = { path, ...(await receive(input.stream, path, input.maxBytes, tooLarge)) };
    } else {
      const path = input.sourcePath;
      received = { path, ...(await receive(createReadStream(path), null, undefined, tooLarge)) };
    }
    if (input.size !== undefined && received.bytes !== input.size)
      throw invalidInput({ file: [FILE_ENTRY_MESSAGES.sizeMismatch] });

    const checked = await checkBytes(input, received, workPath);
    // The settings again, on what the bytes turned out to be.
    if (!uploadTypeAllowed(settings.allowed_types, { mime: checked.mime, extension: checked.extension }))
      throw new UploadRefusedError('type', UPLOAD_TYPE_NOT_ALLOWED_MESSAGE);
    const max = maxUploadBytes(settings, checked.mime);
    if (received.bytes > max) throw new UploadRefusedError('size', uploadTooLargeMessage(max));

    const isPublic = input.public === true;
    const storedKey = generateStorageKey(
      isPublic ? 'uploads' : `${PRIVATE_UPLOADS_PREFIX}uploads`,
      checked.keyExtension,
    );
    key = storedKey;
    await deps.storage.putFile(storedKey, checked.path, checked.mime);
    return await deps.db.transaction(async (tx) => {
      await input.beforeInsert?.(tx, { size: checked.size });
      const entry = await createFileEntry(
        deps,
        {
          type: 'file',
          name: input.name,
          fileName: storedKey.slice(storedKey.lastIndexOf('/') + 1),
          mime: checked.mime,
          size: checked.size,
          extension: checked.extension,
          disk: settings.disk,
          path: storedKey,
          parentId: input.parentId ?? null,
          relativePath: input.relativePath ?? null,
          ownerId: input.ownerId,
          workspaceId: input.workspaceId ?? 0,
          public: isPublic,
          checksum: received.checksum,
        },
        tx,
      );
      await input.alongside?.(tx, entry);
      return entry;
    });
  } catch (err) {
    if (key) await deps.storage.delete(key).catch(() => {});
    throw err;
  } finally {
    await Promise.all(temporary.map((path) => rm(path, { force: true })));
  }
}

// ---- trash, restore, delete forever, download ----

function mayTouch(actor: FileActor, need: 'view' | 'update' = 'update'): SQL | undefined {
  if (actor.isAdmin) return undefined;
  const own = eq(fileEntries.ownerId, actor.id);
  const ws = actor.workspace;
  const permission = need === 'view' ? 'workspace_catalogue.view' : 'workspace_catalogue.update';
  if (!ws || ws.id === DEFAULT_WORKSPACE_ID || !roleAllows(ws.role, permission)) return own;
  return or(own, eq(fileEntries.workspaceId, ws.id));
}

/** The entries `actor` may act on among these ids and storage paths (others' are left out, unsaid). */
async function entriesOf(
  deps: Pick<Deps, 'db'>,
  actor: FileActor,
  ref: { entryIds?: number[]; paths?: string[] },
  state?: SQL,
): Promise<FileEntryRow[]> {
  const ids = ref.entryIds ?? [];
  const paths = ref.paths ?? [];
  if (!ids.length && !paths.length) return [];
  const which = or(
    ids.length ? inArray(fileEntries.id, ids) : undefined,
    paths.length ? inArray(fileEntries.path, paths) : undefined,
  );
  return deps.db
    .select()
    .from(fileEntries)
    .where(and(which, mayTouch(actor), state));
}

/** Folder entries take what is inside them along (at any depth). */
async function withDescendants(deps: Pick<Deps, 'db'>, rows: FileEntryRow[]): Promise<FileEntryRow[]> {
  const all = new Map(rows.map((r) => [r.id, r]));
  let folders = rows.filter((r) => r.type === 'folder').map((r) => r.id);
  while (folders.length) {
    const children = await deps.db.select().from(fileEntries).where(inArray(fileEntries.parentId, folders));
    folders = [];
    for (const child of children) {
      if (all.has(child.id)) continue;
      all.set(child.id, child);
      if (child.type === 'folder') folders.push(child.id);
    }
  }
  return [...all.values()];
}

/** Moves entries to the trash (restorable; their bytes stay and still count toward the quota). */
export async function trashFileEntries(
  deps: Pick<Deps, 'db'>,
  actor: FileActor,
  ref: { entryIds?: number[]; paths?: string[] },
): Promise<number> {
  const rows = await withDescendants(deps, await entriesOf(deps, actor, ref, isNull(fileEntries.deletedAt)));
  const live = rows.filter((r) => r.deletedAt === null).map((r) => r.id);
  if (!live.length) return 0;
  const now = new Date();
  const updated = await deps.db
    .update(fileEntries)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(inArray(fileEntries.id, live), isNull(fileEntries.deletedAt)))
    .returning({ id: fileEntries.id });
  return updated.length;
}

/** Brings trashed entries back. */
export async function restoreFileEntries(
  deps: Pick<Deps, 'db'>,
  actor: FileActor,
  entryIds: number[],
): Promise<number> {
  const rows = await withDescendants(
    deps,
    await entriesOf(deps, actor, { entryIds }, isNotNull(fileEntries.deletedAt)),
  );
  const trashed = rows.filter((r) => r.deletedAt !== null).map((r) => r.id);
  if (!trashed.length) return 0;
  const updated = await deps.db
    .update(fileEntries)
    .set({ deletedAt: null, updatedAt: new Date() })
    .where(and(inArray(fileEntries.id, trashed), isNotNull(fileEntries.deletedAt)))
    .returning({ id: fileEntries.id });
  return updated.length;
}

/**
 * Removes entries and their bytes for good. The rows go first (in one statement), then the bytes:
 * a crash in between leaves unreferenced bytes, never an entry whose bytes are gone.
 */
export async function deleteFileEntriesForever(
  deps: Pick<Deps, 'db' | 'storage' | 'log'>,
  actor: FileActor,
  ref: { entryIds?: number[]; paths?: string[] },
): Promise<number> {
  const rows = await withDescendants(deps, await entriesOf(deps, actor, ref));
  if (!rows.length) return 0;
  const deleted = await deps.db
    .delete(fileEntries)
    .where(
      inArray(
        fileEntries.id,
        rows.map((r) => r.id),
      ),
    )
    .returning({ path: fileEntries.path, type: fileEntries.type });
  for (const row of deleted) {
    if (row.type !== 'file') continue;
    await deps.storage.delete(row.path).catch((err: unknown) => {
      deps.log.warn({ err, key: row.path }, 'could not remove the bytes of a deleted file entry');
    });
  }
  return deleted.length;
}

/** The SPEC §7 `file-entries/delete` call: to the trash, or forever. */
export async function deleteFileEntries(
  deps: Pick<Deps, 'db' | 'storage' | 'log'>,
  actor: FileActor,
  input: { paths: string[]; entryIds: number[]; deleteForever: boolean },
): Promise<{ message: string }> {
  const ref = { paths: input.paths, entryIds: input.entryIds };
  if (input.deleteForever)
    return { message: FILE_ENTRY_MESSAGES.deleted(await deleteFileEntriesForever(deps, actor, ref)) };
  return { message: FILE_ENTRY_MESSAGES.trashed(await trashFileEntries(deps, actor, ref)) };
}

/**
 * The bytes of a live file entry its owner, an admin or (for an upload made in a workspace) a
 * member of that workspace asks for. Anyone else gets the same 404 as for an entry that does not
 * exist: whether someone's private file exists is not told.
 */
/** The live file entry `id` when `actor` may read it; 404 otherwise (never "forbidden": no hint it exists). */
export async function findReadableFileEntry(
  deps: Pick<Deps, 'db'>,
  actor: FileActor,
  id: number,
): Promise<FileEntryRow> {
  const [entry] = await deps.db
    .select()
    .from(fileEntries)
    .where(
      and(
        eq(fileEntries.id, id),
        eq(fileEntries.type, 'file'),
        isNull(fileEntries.deletedAt),
        mayTouch(actor, 'view'),
      ),
    );
  if (!entry) throw new NotFoundError();
  return entry;
}

// ---- the plain (one request) upload ----

export const PLAIN_UPLOAD_MESSAGES = {
  selectFile: msg('Please select a file.'),
  badMetadata: msg('The upload metadata is not valid.'),
  badUpload: msg('The upload is not valid.'),
} as const;

/**
 * Streams a request's file part into a work file (never into memory), refusing it past
 * `maxBytes` (with `refuse`'s error when given: the quota's, when the room left is the limit).
 * The caller removes the file (`rm(path, { force: true })`) whatever happens next.
 */
export async function receiveToWorkFile(
  deps: Pick<Deps, 'config'>,
  stream: Readable,
  maxBytes: number,
  refuse: (bytes: number) => Error = () => new UploadRefusedError('size', uploadTooLargeMessage(maxBytes)),
): Promise<{ path: string; bytes: number }> {
  const workDir = uploadWorkDir(deps.config.dataDir);
  await mkdir(workDir, { recursive: true });
  const path = join(workDir, `${randomBytes(16).toString('hex')}.part`);
  let bytes = 0;
  try {
    await pipeline(
      stream,
      async function* limit(source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          bytes += chunk.length;
          if (bytes > maxBytes) throw refuse(bytes);
          yield chunk;
        }
      },
      createWriteStream(path, { mode: 0o600 }),
    );
  } catch (err) {
    await rm(path, { force: true });
    throw err;
  }
  return { path, bytes };
}
