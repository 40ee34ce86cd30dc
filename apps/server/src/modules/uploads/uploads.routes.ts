import { rm } from 'node:fs/promises';
import fastifyMultipart from '@fastify/multipart';
import {
  fileExtension,
  hasPermission,
  PERMISSIONS,
  uploadMetadataSchema,
  uploadTooLargeMessage,
} from '@zema/contracts';
import { TUS_UPLOAD_PATH, uploads } from '@zema/contracts/uploads/uploads.operations';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineRoute } from '#src/http/define-route';
import { answerOf } from '#src/http/errors';
import { ifRangeMatches, notModified, parseRange, type Validators } from '#src/http/ranges';
import { DomainError, invalidInput, NotFoundError } from '#src/lib/errors';
import { uploadWorkspaceId } from '#src/modules/workspaces/index';
import type { FileStorage } from '#src/platform/storage';
import {
  deleteFileEntries,
  FILE_ENTRY_MESSAGES,
  type FileActor,
  fileEntryJson,
  findReadableFileEntry,
  PLAIN_UPLOAD_MESSAGES,
  receiveToWorkFile,
  restoreFileEntries,
  storeUploadedFile,
} from './file-entries.service';
import {
  assertParentFolder,
  checkTusCreation,
  createTusUploads,
  finishTusUpload,
  type TusFile,
} from './tus.service';
import {
  assertFitsLocked,
  assertUploadAllowed,
  PLAIN_UPLOAD_FIELD_BYTES,
  PLAIN_UPLOAD_MAX_FIELDS,
  plainUploadLimit,
  relativePathProblem,
  UploadRefusedError,
  uploadQuotaBytes,
  usedUploadBytes,
} from './upload-policy';

const actorOf = (request: FastifyRequest): FileActor => {
  const user = request.user!;
  return {
    id: user.id,
    isAdmin: hasPermission(user, PERMISSIONS.admin),
    workspace: { id: request.workspaceId, role: request.workspaceRole },
  };
};
const workspaceOf = (request: FastifyRequest) =>
  uploadWorkspaceId({ id: request.workspaceId, role: request.workspaceRole });

/** `attachment; filename="…"; filename*=UTF-8''…` with a plain-ASCII fallback name. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

type PlainUpload = {
  path: string;
  bytes: number;
  name: string;
  partMime: string;
  fields: Record<string, string>;
};

/**
 * The parts of a plain upload (SPEC §7 `{file, clientMime, clientExtension, metadata}`): the file
 * is streamed to a work file as it arrives (it comes first, before the fields that describe it),
 * refused past `limit` (plainUploadLimit: the largest size any kind may have, or the room the
 * quota leaves); the exact limit for its kind follows once the fields are read.
 */
async function readPlainUpload(
  request: FastifyRequest,
  limit: { maxBytes: number; refuse?: (bytes: number) => UploadRefusedError },
): Promise<PlainUpload> {
  const { maxBytes } = limit;
  const tooLarge = limit.refuse ?? (() => new UploadRefusedError('size', uploadTooLargeMessage(maxBytes)));
  let file: Omit<PlainUpload, 'fields'> | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({
      // The name as sent, so one with a path in it is refused rather than quietly cut to its end.
      preservePath: true,
      // The backstop; receiveToWorkFile refuses at exactly maxBytes with the SPEC message.
      limits: {
        fileSize: maxBytes + 1,
        files: 1,
        fields: PLAIN_UPLOAD_MAX_FIELDS,
        fieldSize: PLAIN_UPLOAD_FIELD_BYTES,
        parts: PLAIN_UPLOAD_MAX_FIELDS + 2,
      },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          continue;
        }
        const received = await receiveToWorkFile(request.server.deps, part.file, maxBytes, tooLarge);
        file = { ...received, name: part.filename ?? '', partMime: part.mimetype ?? '' };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (file) await rm(file.path, { force: true });
    if (err instanceof DomainError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes + 1);
    // Too many parts or fields, a malformed body: the client's mistake, never a 500.
    if (code?.startsWith('FST_')) throw invalidInput({ file: [PLAIN_UPLOAD_MESSAGES.badUpload] });
    throw err;
  }
  if (!file) throw invalidInput({ file: [PLAIN_UPLOAD_MESSAGES.selectFile] });
  return { ...file, fields };
}

function plainMetadata(raw: string | undefined) {
  if (!raw) return { parentId: null, relativePath: null, uploadType: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw invalidInput({ metadata: [PLAIN_UPLOAD_MESSAGES.badMetadata] });
  }
  const result = uploadMetadataSchema.safeParse(parsed);
  if (!result.success) throw invalidInput({ metadata: [PLAIN_UPLOAD_MESSAGES.badMetadata] });
  const relativePath = result.data.relativePath?.trim() || null;
  if (relativePath) {
    const problem = relativePathProblem(relativePath);
    if (problem) throw new UploadRefusedError('name', problem, 'relativePath');
  }
  return {
    parentId: result.data.parentId ?? null,
    relativePath,
    uploadType: result.data.uploadType ?? null,
  };
}

/** A request's Content-Length, when it has a usable one. */
function contentLength(request: FastifyRequest): number | null {
  const raw = request.headers['content-length'];
  if (typeof raw !== 'string' || !/^[0-9]{1,16}$/.test(raw)) return null;
  return Number(raw);
}

/** The only tus version spoken here (PROTOCOLS). */
const TUS_VERSION = '1.0.0';

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tus = createTusUploads(app.deps, answerOf);
  app.addHook('onClose', () => tus.close());
  // What a stopped server left behind goes with the schedule's first run, seconds after start-up
  // (scheduled-tasks.ts), like every later one.
  // Scoped to these routes: the per-request limits come from the upload settings (readPlainUpload).
  await app.register(fastifyMultipart);
  // tus PATCH bodies are left unread for the tus server, which streams them to its store.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  /**
   * Hands a request to the tus server on the raw Node objects, after the app's hooks ran (access,
   * CSRF, method override: the tus server sees the overridden method). Headers the app's hooks set
   * (request id, security headers) go along, as Fastify will not send this reply itself.
   */
  const toTus = async (request: FastifyRequest, reply: FastifyReply, file?: TusFile) => {
    // PROTOCOLS tus: a missing or other version is 412. Answered here rather than by the tus
    // server, whose answer is plain text: every refusal of the API is SPEC §8 JSON.
    if (request.headers['tus-resumable'] !== TUS_VERSION) {
      return reply
        .code(412)
        .header('tus-version', TUS_VERSION)
        .header('tus-resumable', TUS_VERSION)
        .send({ message: 'Tus-Resumable Required' });
    }
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    reply.hijack();
    try {
      await tus.handle(request.raw, reply.raw, request.user!, file);
    } catch (err) {
      request.log.error({ err }, 'tus request failed');
      if (!reply.raw.headersSent) reply.raw.writeHead(500).end();
      else reply.raw.destroy();
    }
  };
  // Creation: the file is checked (name, type, size for its kind, quota) before a byte is taken.
  defineRoute(app, uploads.tusCreate, async (request, reply) => {
    let file: TusFile | null;
    try {
      file = await checkTusCreation(app.deps, request.user!, request.headers);
    } catch (err) {
      reply.header('tus-resumable', '1.0.0');
      throw err;
    }
    return toTus(request, reply, file ?? undefined);
  });
  defineRoute(app, uploads.tusPatch, (request, reply) => toTus(request, reply));
  defineRoute(app, uploads.tusTerminate, (request, reply) => toTus(request, reply));
  // PROTOCOLS tus: OPTIONS tells a client the version, the extensions and the largest upload it may
  // send. Open to anyone and without Tus-Resumable, as the protocol asks (a browser's preflight
  // carries no cookies); it reveals only what the upload settings already publish. Not an
  // operation of the contracts (their methods are the API's), like the HEAD below.
  app.options(
    TUS_UPLOAD_PATH.slice(app.prefix.length),
    { config: { access: 'guest' } },
    async (request, reply) => {
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.hijack();
      try {
        await tus.discover(request.raw, reply.raw);
      } catch (err) {
        request.log.error({ err }, 'tus OPTIONS failed');
        if (!reply.raw.headersSent) reply.raw.writeHead(500).end();
      }
    },
  );
  // HEAD (the offset of an upload) answers for no GET, so it is a route of its own.
  app.head(
    `${TUS_UPLOAD_PATH.slice(app.prefix.length)}/:id`,
    { config: { access: uploads.tusPatch.access } },
    (request, reply) => toTus(request, reply),
  );

  defineRoute(app, uploads.tusEntry, async (request) => {
    const entry = await finishTusUpload(
      app.deps,
      tus,
      request.user!,
      request.body.uploadKey,
      workspaceOf(request),
    );
    return { fileEntry: fileEntryJson(app.deps, entry) };
  });

  defineRoute(app, uploads.usage, async (request) => ({
    used_bytes: await usedUploadBytes(app.deps, request.user!.id),
    quota_bytes: uploadQuotaBytes(request.user!),
  }));
  defineRoute(app, uploads.createEntry, async (request, reply) => {
    if (!request.isMultipart()) throw invalidInput({ file: [PLAIN_UPLOAD_MESSAGES.selectFile] });
    const user = request.user!;
    // Before a byte is read: a body whose Content-Length is over the size limit or the quota is
    // refused at once, and none is written past what could be let in.
    const limit = await plainUploadLimit(app.deps, user, contentLength(request));
    let upload: PlainUpload;
    try {
      upload = await readPlainUpload(request, limit);
    } catch (err) {
      // A body refused before its end is read no further: it stays paused, and would hold the
      // connection open, so the connection closes after the answer.
      if (!request.raw.readableEnded) reply.header('connection', 'close');
      throw err;
    }
    try {
      const mime = (upload.fields.clientMime || upload.partMime || 'application/octet-stream')
        .trim()
        .toLowerCase();
      const clientExtension = upload.fields.clientExtension?.trim().replace(/^\./, '');
      const extension = clientExtension ? fileExtension(`f.${clientExtension}`) : fileExtension(upload.name);
      const { uploadType, ...placement } = plainMetadata(upload.fields.metadata);
      const file = { name: upload.name, size: upload.bytes, mime, extension, purpose: uploadType };
      await assertUploadAllowed(app.deps, user, file);
      await assertParentFolder(app.deps, user.id, placement.parentId);
      const entry = await storeUploadedFile(app.deps, {
        ownerId: user.id,
        workspaceId: workspaceOf(request),
        sourcePath: upload.path,
        ...file,
        ...placement,
        // Nothing was reserved for a plain upload: the quota again, under the uploader's lock, on
        // what is stored, so two sent together cannot both fit in the room left for one.
        beforeInsert: (tx, stored) => assertFitsLocked(tx, user, { ...file, size: stored.size }),
      });
      return { fileEntry: fileEntryJson(app.deps, entry) };
    } finally {
      await rm(upload.path, { force: true });
    }
  });

  defineRoute(app, uploads.deleteEntries, async (request) =>
    deleteFileEntries(app.deps, actorOf(request), request.body),
  );

  defineRoute(app, uploads.restoreEntries, async (request) => {
    const restored = await restoreFileEntries(app.deps, actorOf(request), request.body.entryIds);
    return { message: FILE_ENTRY_MESSAGES.restored(restored) };
  });

  defineRoute(app, uploads.download, async (request, reply) => {
    const entry = await findReadableFileEntry(app.deps, actorOf(request), request.params.id);
    return sendStoredFile(app.deps.storage, request, reply, entry);
  });
};

/** How long a signed download URL for a private file on S3 stays valid. */
export const DOWNLOAD_URL_SECONDS = 300;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * A file entry's bytes for a caller already authorised. On S3 a redirect to a signed URL for this
 * one key, valid for minutes, so the bytes never pass through Zema; on local disk the file itself,
 * with validators and a single Range (a video or a large master resumes, a player seeks).
 */
async function sendStoredFile(
  storage: FileStorage,
  request: FastifyRequest,
  reply: FastifyReply,
  entry: { path: string; name: string; mime: string },
): Promise<FastifyReply> {
  const notFound = () => new NotFoundError();
  reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff');
  if (storage.signedUrl) {
    const url = await storage.signedUrl(entry.path, {
      expiresIn: DOWNLOAD_URL_SECONDS,
      disposition: attachment(entry.name),
    });
    return reply.redirect(url, 302);
  }
  const info = await storage.stat(entry.path);
  if (!info) throw notFound();
  const validators: Validators = {
    etag: `"${info.modifiedAt.getTime().toString(16)}-${info.size.toString(16)}"`,
    lastModified: new Date(Math.floor(info.modifiedAt.getTime() / 1000) * 1000),
  };
  reply
    .header('content-type', entry.mime)
    .header('content-disposition', attachment(entry.name))
    .header('accept-ranges', 'bytes')
    .header('etag', validators.etag)
    .header('last-modified', validators.lastModified.toUTCString());
  if (notModified(header(request, 'if-none-match'), header(request, 'if-modified-since'), validators)) {
    return reply.code(304).send();
  }
  let decision = parseRange(header(request, 'range'), info.size);
  if (decision.kind !== 'full' && !ifRangeMatches(header(request, 'if-range'), validators)) {
    decision = { kind: 'full' };
  }
  if (decision.kind === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${info.size}`).send();
  }
  const range = decision.kind === 'partial' ? { start: decision.start, end: decision.end } : undefined;
  const file = info.size === 0 ? null : await storage.get(entry.path, range);
  if (info.size > 0 && !file) throw notFound();
  const length = range ? range.end - range.start + 1 : info.size;
  reply.code(range ? 206 : 200).header('content-length', length);
  if (range) reply.header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
  return reply.send(file ? file.stream : '');
}
