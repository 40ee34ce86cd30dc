import { readdir, rm, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { ERRORS, EVENTS, type Locker, Metadata, Server, type Upload } from '@tus/server';
import { fileExtension, msg } from '@zema/contracts';
import { TUS_UPLOAD_PATH } from '@zema/contracts/uploads/uploads.operations';
import { and, eq, inArray, lt } from 'drizzle-orm';
import { invalidInput, NotFoundError } from '#src/lib/errors';
import { fileEntries, pendingUploads } from '#src/modules/uploads/tables';
import type { Deps } from '#src/platform/deps';
import { type FileEntryRow, storeUploadedFile, uploadWorkDir } from './file-entries.service';
import { createTusLocker, RedisLocker, TUS_LOCK_BUSY } from './tus-locker';
import { TUS_EXPIRY_MS, type TusStore, tusStoreOf, UPLOAD_ID } from './tus-store';
import {
  assertUploadAllowed,
  fileNameProblem,
  largestUploadBytes,
  relativePathProblem,
  reserveUpload,
  type UploadFile,
  UploadRefusedError,
  type UploadUser,
} from './upload-policy';

export { TUS_EXPIRY_MS, tusStagingDir } from './tus-store';

export const TUS_MESSAGES = {
  notFound: msg('This upload does not exist.'),
  incomplete: msg('The upload is not complete yet.'),
  lengthRequired: msg('Upload-Length is required.'),
  parentNotFound: msg('This folder does not exist.'),
} as const;

/** What a tus upload's metadata says about the file (SPEC §7 keys), checked. */
export type TusFile = UploadFile & {
  relativePath: string | null;
  parentId: number | null;
  metadata: Record<string, string>;
};

const text = (value: string | null | undefined) =>
  value === null || value === undefined ? undefined : value;

/**
 * Reads the SPEC §7 metadata keys (name, clientName, clientExtension, clientMime, clientSize, disk,
 * parentId, relativePath; tus-js-client's own `filename`/`filetype` too). Names and folder paths
 * that could mean something to a file system are refused here, before any byte is accepted.
 */
export function tusFileOf(raw: Record<string, string | null>, size: number): TusFile {
  const name = text(raw.name) ?? text(raw.clientName) ?? text(raw.filename) ?? '';
  const nameProblem = fileNameProblem(name);
  if (nameProblem) throw new UploadRefusedError('name', nameProblem);
  const relativePath = text(raw.relativePath)?.trim() || null;
  if (relativePath) {
    const problem = relativePathProblem(relativePath);
    if (problem) throw new UploadRefusedError('name', problem, 'relativePath');
  }
  let parentId: number | null = null;
  const parent = text(raw.parentId)?.trim();
  if (parent && parent !== 'null') {
    if (!/^[1-9][0-9]{0,9}$/.test(parent)) throw invalidInput({ parentId: [TUS_MESSAGES.parentNotFound] });
    parentId = Number(parent);
  }
  const mime =
    (text(raw.clientMime) ?? text(raw.filetype) ?? '').trim().toLowerCase() || 'application/octet-stream';
  const ext = text(raw.clientExtension)?.trim().replace(/^\./, '');
  const extension = ext ? fileExtension(`f.${ext}`) : fileExtension(name);
  const metadata: Record<string, string> = {};
  for (const key of ['clientSize', 'disk', 'uploadType'] as const) {
    const value = text(raw[key]);
    if (value !== undefined) metadata[key] = value.slice(0, 100);
  }
  return {
    name,
    size,
    mime,
    extension,
    purpose: metadata.uploadType ?? null,
    relativePath,
    parentId,
    metadata,
  };
}

/** A parent folder must be the uploader's own folder. */
export async function assertParentFolder(deps: Pick<Deps, 'db'>, userId: number, parentId: number | null) {
  if (parentId === null) return;
  const [folder] = await deps.db
    .select({ id: fileEntries.id })
    .from(fileEntries)
    .where(
      and(eq(fileEntries.id, parentId), eq(fileEntries.ownerId, userId), eq(fileEntries.type, 'folder')),
    );
  if (!folder) throw invalidInput({ parentId: [TUS_MESSAGES.parentNotFound] });
}

/**
 * How long an instance trusts what it read of an upload's owner. The owner never changes; the
 * entry is dropped (on every instance) when the upload is finished, ended or cleaned up, and the
 * TTL only bounds how long a lost drop could leave it.
 */
export const TUS_OWNER_TTL_MS = 60_000;

/** The cache key of a tus upload's owner (in `deps.userCache`). */
export const tusOwnerKey = (id: string) => `tus-owner:${id}`;

/**
 * Who started the tus upload `id` (null: no such upload), read on every HEAD and PATCH: from the
 * per-user cache, so a chunk costs no database query. Kept in `userCache` (sized for entries per
 * user and per request) rather than `cache`, whose install-wide values must never be pushed out.
 * "No such upload" is not kept: anyone could ask for endless made-up ids.
 */
export function tusUploadOwner(deps: Pick<Deps, 'db' | 'userCache'>, id: string): Promise<number | null> {
  return deps.userCache.get(
    tusOwnerKey(id),
    async () => {
      const [row] = await deps.db
        .select({ userId: pendingUploads.userId })
        .from(pendingUploads)
        .where(and(eq(pendingUploads.key, id), eq(pendingUploads.kind, 'tus')));
      return row?.userId ?? null;
    },
    { ttlMs: TUS_OWNER_TTL_MS, keepIf: (owner) => owner !== null },
  );
}

/** Drops uploads' owners from the cache on every instance, once their rows are gone. */
async function forgetTusOwners(deps: Pick<Deps, 'userCache' | 'log'>, ids: readonly string[]) {
  if (!ids.length) return;
  await deps.userCache
    .invalidate(...ids.map(tusOwnerKey))
    .catch((err: unknown) => deps.log.warn({ err }, 'could not drop cached upload owners'));
}

/**
 * How the app answers a refusal of ours (a domain error): its status and SPEC §8 body, or null for
 * anything else. The routes pass the HTTP layer's own mapping (`answerOf`, http/errors.ts), so a
 * refusal inside the tus server reads as it does everywhere else (413 for a size refusal).
 */
export type RefusalAnswer = (err: unknown) => { status: number; body: unknown } | null;

/** The request the tus server hands its hooks carries the Node request it came from. */
type HookRequest = { runtime?: { node?: { req: IncomingMessage } } };
const nodeRequestOf = (req: unknown) => (req as HookRequest).runtime?.node?.req;

export type TusUploads = {
  server: Server;
  store: TusStore;
  /** On Redis when the app has it, so a lock holds across instances (tus-locker.ts). */
  locker: Locker;
  /**
   * Answers a tus request (already past the app's access and CSRF checks) for `user`; a creation
   * request's file was checked by `checkCreation` first.
   */
  handle(req: IncomingMessage, res: ServerResponse, user: UploadUser, file?: TusFile): Promise<void>;
  /** Answers OPTIONS: Tus-Version, Tus-Extension and Tus-Max-Size, for anyone. */
  discover(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** When the app closes: the locker's subscription. */
  close(): Promise<void>;
};

/**
 * The tus 1.0 endpoint (PROTOCOLS): creation, termination and expiration, on the bucket when files
 * are stored in S3 (any instance may take any request of an upload) or in DATA_DIR/uploads/tus
 * (tus-store.ts). Every upload is recorded in pending_uploads for its user, so only they can
 * resume, finish or end it, and its declared size counts toward their quota while it runs.
 */
export function createTusUploads(
  deps: Pick<
    Deps,
    'db' | 'settings' | 'config' | 'log' | 'storage' | 'userCache' | 'redis' | 'pubsub' | 'busNamespace'
  >,
  answerOf: RefusalAnswer,
): TusUploads {
  const store = tusStoreOf(deps);
  const locker = createTusLocker(deps);
  const callers = new WeakMap<IncomingMessage, { user: UploadUser; file?: TusFile }>();
  const callerOf = (req: unknown) => {
    const node = nodeRequestOf(req);
    const caller = node && callers.get(node);
    if (!caller) throw { status_code: 401, body: 'Unauthenticated.\n' };
    return caller;
  };
  const notFound = { status_code: 404, body: `${TUS_MESSAGES.notFound}\n` };

  const server = new Server({
    path: TUS_UPLOAD_PATH,
    datastore: store.datastore,
    locker,
    // Relative, so the Location is right behind any proxy; no CORS headers: the app is same-origin.
    relativeLocation: true,
    allowedOrigins: [],
    // A bound for every request; the size for the file's kind was checked before creation.
    maxSize: async () => largestUploadBytes((await deps.settings.getClientSettings()).uploads),
    async onIncomingRequest(req, id) {
      const { user } = callerOf(req);
      if (req.method === 'POST') return;
      if (!UPLOAD_ID.test(id)) throw notFound;
      // Someone else's upload answers like one that does not exist: its id tells nothing.
      if ((await tusUploadOwner(deps, id)) !== user.id) throw notFound;
    },
    async onUploadCreate(req, upload: Upload) {
      const { user, file } = callerOf(req);
      if (!file || upload.size === undefined || upload.size !== file.size)
        throw { status_code: 400, body: `${TUS_MESSAGES.lengthRequired}\n` };
      // Under the uploader's lock from the quota check to the reservation: two uploads started
      // together cannot both fit in the space left for one, nor pass the cap on unfinished ones.
      await reserveUpload(deps, user, file, {
        key: upload.id,
        kind: 'tus',
        size: file.size,
        name: file.name,
        mime: file.mime,
        extension: file.extension,
        metadata: { ...file.metadata, parentId: file.parentId, relativePath: file.relativePath },
        expiresAt: new Date(Date.now() + TUS_EXPIRY_MS),
      });
      // The first PATCH (usually on this instance) finds its owner known: the one just reserved.
      void deps.userCache
        .get(tusOwnerKey(upload.id), async () => user.id, { ttlMs: TUS_OWNER_TTL_MS })
        .catch(() => {});
      return {};
    },
    onResponseError(_req, thrown) {
      // The in-process locker's timeout is a 500 of the tus server's: it is a busy upload (423).
      const err = thrown === ERRORS.ERR_LOCK_TIMEOUT ? TUS_LOCK_BUSY : thrown;
      const answer = answerOf(err);
      if (answer) return { status_code: answer.status, body: JSON.stringify(answer.body) };
      const { status_code: status, body } = err as { status_code?: number; body?: unknown };
      if (status === undefined || status >= 500) {
        deps.log.error({ err }, 'tus upload request failed');
        return { status_code: 500, body: JSON.stringify({ message: 'Server Error' }) };
      }
      // The tus server's own refusals (offset mismatch, unknown upload…) in the SPEC §8 shape too.
      const message = typeof body === 'string' && body.trim() ? body.trim() : msg('The upload was refused.');
      return { status_code: status, body: JSON.stringify({ message }) };
    },
  });
  // Termination (DELETE) ends the reservation too, and the owner cached for it.
  server.on(EVENTS.POST_TERMINATE, (_req, _res, id: string) => {
    deps.db
      .delete(pendingUploads)
      .where(and(eq(pendingUploads.key, id), eq(pendingUploads.kind, 'tus')))
      .then(() => forgetTusOwners(deps, [id]))
      .catch((err: unknown) => deps.log.error({ err }, 'could not remove a terminated upload'));
  });

  return {
    server,
    store,
    locker,
    async handle(req, res, user, file) {
      await store.prepare();
      callers.set(req, { user, file });
      await server.handle(req, res);
    },
    // The tus server's OPTIONS handler reads only the store's extensions and `maxSize`: no caller.
    discover: (req, res) => server.handle(req, res),
    close: async () => {
      if (locker instanceof RedisLocker) await locker.close();
    },
  };
}

/**
 * Checks a tus creation request before the tus server sees it: the metadata's name, type and
 * folder path, the declared Upload-Length against the size limit and the quota. Null when it is
 * not a creation the app can read (the tus server then answers it: 412 without Tus-Resumable, 400
 * for bad headers).
 */
export async function checkTusCreation(
  deps: Pick<Deps, 'db' | 'settings'>,
  user: UploadUser,
  headers: Record<string, string | string[] | undefined>,
): Promise<TusFile | null> {
  if (typeof headers['tus-resumable'] !== 'string') return null;
  const length = headers['upload-length'];
  if (typeof length !== 'string') {
    if (headers['upload-defer-length'] !== undefined)
      throw invalidInput({ file: [TUS_MESSAGES.lengthRequired] });
    return null;
  }
  if (!/^[0-9]{1,16}$/.test(length)) return null;
  let raw: Record<string, string | null> = {};
  const metadata = headers['upload-metadata'];
  if (typeof metadata === 'string' && metadata) {
    try {
      raw = Metadata.parse(metadata);
    } catch {
      return null;
    }
  }
  const file = tusFileOf(raw, Number(length));
  await assertUploadAllowed(deps, user, file, { startsUpload: true });
  await assertParentFolder(deps, user.id, file.parentId);
  return file;
}

/**
 * SPEC §7 `tus/entries {uploadKey}`: turns the caller's finished tus upload into a file entry.
 * Only its owner may; it must be complete; its name, type, size and the quota are checked again,
 * then the bytes themselves (storeUploadedFile: from the staged file, or streamed from the bucket
 * through a work file). The pending row goes in the entry's transaction, so two calls for one
 * upload make one entry; the staged bytes (the tus objects on S3) go afterwards.
 */
export async function finishTusUpload(
  deps: Pick<Deps, 'db' | 'settings' | 'storage' | 'config' | 'log' | 'userCache'>,
  tus: Pick<TusUploads, 'store' | 'locker'>,
  user: UploadUser,
  uploadKey: string,
  /** The workspace the entry belongs to (0: the uploader's personal space). */
  workspaceId = 0,
): Promise<FileEntryRow> {
  const notFound = () => new NotFoundError(TUS_MESSAGES.notFound);
  if (!UPLOAD_ID.test(uploadKey)) throw notFound();
  const [row] = await deps.db
    .select()
    .from(pendingUploads)
    .where(and(eq(pendingUploads.key, uploadKey), eq(pendingUploads.kind, 'tus')));
  if (!row || row.userId !== user.id) throw notFound();

  // No PATCH may write while the bytes are being checked and moved.
  const lock = tus.locker.newLock(uploadKey);
  await lock.lock(AbortSignal.timeout(30_000), () => {});
  const { store } = tus;
  try {
    let upload: Upload;
    try {
      upload = await store.datastore.getUpload(uploadKey);
    } catch {
      throw notFound();
    }
    if (upload.size === undefined || upload.offset !== upload.size || upload.size !== row.size)
      throw invalidInput({ uploadKey: [TUS_MESSAGES.incomplete] });
    const meta = row.metadata as {
      parentId?: number | null;
      relativePath?: string | null;
      uploadType?: string;
    };
    const file = {
      name: row.name,
      size: row.size,
      mime: row.mime,
      extension: row.extension,
      purpose: meta.uploadType ?? null,
    };
    let entry: FileEntryRow;
    try {
      await assertUploadAllowed(deps, user, file, { exceptPendingKey: uploadKey });
      const source = await store.bytes(uploadKey, row.size);
      try {
        entry = await storeUploadedFile(deps, {
          ownerId: user.id,
          workspaceId,
          ...source,
          // A stream is refused past the declared size (a file on disk was counted already).
          maxBytes: row.size,
          ...file,
          parentId: meta.parentId ?? null,
          relativePath: meta.relativePath ?? null,
          alongside: async (tx) => {
            const claimed = await tx
              .delete(pendingUploads)
              .where(and(eq(pendingUploads.key, uploadKey), eq(pendingUploads.userId, user.id)))
              .returning({ key: pendingUploads.key });
            if (!claimed.length) throw notFound();
          },
        });
      } finally {
        // A download from the bucket not read to its end (a refusal before it) lets go of its socket.
        if ('stream' in source) source.stream.destroy();
      }
    } catch (err) {
      // Bytes the rules refuse can never become a file: the upload ends here, reservation and all.
      if (err instanceof UploadRefusedError) {
        await deps.db.delete(pendingUploads).where(eq(pendingUploads.key, uploadKey));
        await forgetTusOwners(deps, [uploadKey]);
        await store
          .discard(uploadKey)
          .catch((e: unknown) => deps.log.warn({ err: e }, 'could not remove a refused upload'));
      }
      throw err;
    }
    await forgetTusOwners(deps, [uploadKey]);
    // Left behind, they are removed by the clean-up a day later (no pending row refers to them).
    await store
      .discard(uploadKey)
      .catch((err: unknown) =>
        deps.log.warn({ err }, 'could not remove a finished upload from its staging place'),
      );
    return entry;
  } finally {
    await lock.unlock();
  }
}

/** Staged uploads nothing refers to, and work files, are removed once they are this old. */
const ORPHAN_AGE_MS = TUS_EXPIRY_MS;

/**
 * Removes abandoned tus uploads: those past their expiry (the pending row and the staged bytes, on
 * disk or in the bucket), staged uploads without a pending row (a crash between the two, or a
 * removal that failed) and leftover work files, both once older than the expiry. Resolves with the
 * number of uploads removed. Safe on several instances at once (a row is deleted once; removing
 * staged bytes twice is harmless). The S3 direct-upload half is its own function.
 */
export async function cleanUpAbandonedUploads(
  deps: Pick<Deps, 'db' | 'config' | 'log' | 'storage' | 'userCache'>,
  now: Date,
): Promise<number> {
  const store = tusStoreOf(deps);
  const expired = (
    await deps.db
      .delete(pendingUploads)
      .where(and(eq(pendingUploads.kind, 'tus'), lt(pendingUploads.expiresAt, now)))
      .returning({ key: pendingUploads.key })
  ).map((r) => r.key);
  await forgetTusOwners(deps, expired);
  for (const key of expired) {
    // One that cannot be removed now has no row any more: the sweep below takes it.
    await store
      .discard(key)
      .catch((err: unknown) => deps.log.warn({ err }, 'could not remove an expired upload'));
  }
  let removed = expired.length;

  const old = await store.startedBefore(new Date(now.getTime() - ORPHAN_AGE_MS));
  for (let i = 0; i < old.length; i += 500) {
    const batch = old.slice(i, i + 500);
    const known = new Set(
      (
        await deps.db
          .select({ key: pendingUploads.key })
          .from(pendingUploads)
          .where(inArray(pendingUploads.key, batch))
      ).map((r) => r.key),
    );
    for (const id of batch) {
      if (known.has(id) || expired.includes(id)) continue;
      try {
        await store.discard(id);
        removed++;
      } catch (err) {
        deps.log.warn({ err }, 'could not remove an abandoned upload');
      }
    }
  }

  const workDir = uploadWorkDir(deps.config.dataDir);
  for (const name of await readdir(workDir).catch(() => [] as string[])) {
    const path = join(workDir, name);
    const info = await stat(path).catch(() => null);
    if (info?.isFile() && now.getTime() - info.mtimeMs > ORPHAN_AGE_MS) await rm(path, { force: true });
  }
  if (removed > 0) deps.log.info({ removed }, 'removed abandoned uploads');
  return removed;
}
