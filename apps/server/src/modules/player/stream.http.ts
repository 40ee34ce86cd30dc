import { createReadStream } from 'node:fs';
import { type FileHandle, open, stat } from 'node:fs/promises';
import { msg } from '@zema/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ifRangeMatches, notModified, parseRange, type Validators } from '#src/http/ranges';
import { audioContentType } from '#src/lib/audio';
import { RateLimitedError } from '#src/lib/errors';
import { tracks } from '#src/modules/catalogue/tables';
import type { Deps } from '#src/platform/deps';
import { isS3Storage } from '#src/platform/s3-storage';

/**
 * GET/HEAD tracks/{id}/stream. The hot path of the player: range reads of a few hundred KB,
 * many per track. To stay close to a static file server it avoids a database round trip per
 * request (a short-lived in-process cache of the track's file facts) and answers a range up to
 * 1 MB with one positional read into one buffer; larger bodies are streamed. Access (music.view)
 * is checked before this by the access plugin, from the cached guest role or the signed-in user.
 */

/** Ranges up to this size are read into one buffer; larger answers are streamed. */
export const BUFFERED_READ_MAX = 1024 * 1024;
const CACHE_TTL_MS = 10_000;
/**
 * Open files at most (one per track being listened to): far below the process's descriptor limit
 * (often 1024), which sockets, the database and uploads share.
 */
export const TRACK_FILE_CACHE_MAX = 256;

export type TrackFile = {
  key: string;
  format: string | null;
  /** Local path; null when the storage driver keeps files elsewhere. */
  path: string | null;
  size: number;
  validators: Validators;
  /** The open file, shared by concurrent reads; closed once the entry is dropped and idle. */
  handle?: Promise<FileHandle>;
  readers: number;
  retired: boolean;
  /** X-Accel mode on S3: the signed target handed to nginx, made once per entry (it outlives it). */
  accelTarget?: Promise<string>;
};

export type TrackFileCacheOptions = {
  /** How long an entry (and its open file) lives after it was loaded. */
  ttlMs?: number;
  /** Entries (and so open files) at most; the least recently used is dropped first. */
  max?: number;
  /** The clock expiry is measured on (tests move it by hand). */
  now?: () => number;
};

/**
 * Track id → file facts, least recently used dropped first. A replaced audio file gets a new
 * storage key, so a stale entry either expires within seconds or fails to open and is reloaded.
 * Expired entries are swept every `ttlMs` even without traffic, so a file nobody plays any more
 * does not stay open; a dropped entry's file is closed once no read in flight uses it.
 */
export class TrackFileCache {
  private readonly entries = new Map<number, TrackFile | null>();
  private readonly expiry = new Map<number, number>();
  private readonly ttlMs: number;
  private readonly max: number;
  private readonly now: () => number;
  private sweeper: ReturnType<typeof setInterval> | undefined;
  private readonly closing = new Set<Promise<void>>();

  constructor(
    private readonly deps: Deps,
    opts: TrackFileCacheOptions = {},
  ) {
    this.ttlMs = opts.ttlMs ?? CACHE_TTL_MS;
    this.max = opts.max ?? TRACK_FILE_CACHE_MAX;
    this.now = opts.now ?? Date.now;
  }

  /** Entries held now (each may hold one open file). */
  get size() {
    return this.entries.size;
  }

  async get(trackId: number): Promise<TrackFile | null> {
    if (this.entries.has(trackId) && (this.expiry.get(trackId) ?? 0) > this.now()) {
      const hit = this.entries.get(trackId)!;
      // Refresh recency: Map keeps insertion order, so re-inserting moves it to the end.
      this.entries.delete(trackId);
      this.entries.set(trackId, hit);
      return hit;
    }
    const loaded = await this.load(trackId);
    this.drop(trackId);
    this.entries.set(trackId, loaded);
    this.expiry.set(trackId, this.now() + this.ttlMs);
    while (this.entries.size > this.max) this.drop(this.entries.keys().next().value as number);
    this.startSweeper();
    return loaded;
  }

  forget(trackId: number) {
    this.drop(trackId);
  }

  /** Drops every expired entry, closing its file unless a read is still using it. */
  sweep() {
    const now = this.now();
    for (const [id, at] of this.expiry) if (at <= now) this.drop(id);
    if (this.entries.size === 0) this.stopSweeper();
  }

  /** Forgets every entry and closes idle files (app shutdown). */
  clear() {
    for (const id of [...this.entries.keys()]) this.drop(id);
    this.stopSweeper();
  }

  /** Resolves once every close started so far has finished. */
  async settled(): Promise<void> {
    await Promise.all([...this.closing]);
  }

  /**
   * Reads `length` bytes at `start` with one positional read into one buffer. The file stays open
   * while its entry lives, so a range read costs one read, not an open + read + close.
   */
  async read(file: TrackFile, start: number, length: number): Promise<Buffer> {
    if (!file.path) throw new Error('not a local file');
    if (file.retired) return readOnce(file.path, start, length);
    if (!file.handle) {
      file.handle = open(file.path, 'r');
      file.handle.catch(() => {
        file.handle = undefined;
      });
    }
    file.readers++;
    try {
      return await readInto(await file.handle, start, length);
    } finally {
      file.readers--;
      if (file.retired) this.closeIdle(file);
    }
  }

  private drop(trackId: number) {
    const old = this.entries.get(trackId);
    this.entries.delete(trackId);
    this.expiry.delete(trackId);
    if (old) {
      old.retired = true;
      this.closeIdle(old);
    }
  }

  /** Closes a retired entry's file when no read uses it; the last reader calls this again. */
  private closeIdle(file: TrackFile) {
    if (file.readers > 0 || !file.handle) return;
    const handle = file.handle;
    file.handle = undefined;
    const closed = handle.then((h) => h.close()).catch(() => {});
    this.closing.add(closed);
    void closed.then(() => this.closing.delete(closed));
  }

  private startSweeper() {
    if (this.sweeper) return;
    this.sweeper = setInterval(() => this.sweep(), this.ttlMs);
    // Never what keeps the process alive.
    this.sweeper.unref?.();
  }

  private stopSweeper() {
    clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  private async load(trackId: number): Promise<TrackFile | null> {
    const [row] = await this.deps.db
      .select({
        src: tracks.src,
        format: tracks.format,
        fileSize: tracks.fileSize,
        updatedAt: tracks.updatedAt,
      })
      .from(tracks)
      .where(eq(tracks.id, trackId));
    if (!row?.src) return null;
    const path = this.deps.storage.localPath?.(row.src) ?? null;
    let size = row.fileSize ?? 0;
    let mtime = row.updatedAt;
    if (path) {
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
        size = info.size;
        mtime = info.mtime;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    } else {
      // A remote driver (S3): its size and time, so ranges and validators work the same.
      const info = await this.deps.storage.stat(row.src);
      if (!info) return null;
      size = info.size;
      mtime = info.modifiedAt;
    }
    return {
      key: row.src,
      format: row.format,
      path,
      size,
      validators: {
        etag: `"${mtime.getTime().toString(16)}-${size.toString(16)}"`,
        lastModified: new Date(Math.floor(mtime.getTime() / 1000) * 1000),
      },
      readers: 0,
      retired: false,
    };
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

async function readInto(handle: FileHandle, start: number, length: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await handle.read(buffer, done, length - done, start + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return done === length ? buffer : buffer.subarray(0, done);
}

/** Open, read, close: for an entry already dropped from the cache. */
async function readOnce(path: string, start: number, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    return await readInto(handle, start, length);
  } finally {
    await handle.close();
  }
}

const NOT_FOUND = JSON.stringify({ message: msg('Not found.') });

/**
 * How long the presigned URL handed to nginx is valid. nginx asks the store at once; the margin
 * covers a cached entry's life (seconds) and clocks a little apart.
 */
export const ACCEL_SIGNED_SECONDS = 300;

/**
 * Where nginx fetches a file of a remote driver in X-Accel mode: `<prefix>` + the path and query of
 * a presigned GET (`/protected-s3/<bucket>/<key>?X-Amz-…`), which nginx's internal location proxies
 * to the store with the store's Host (docs/operations.md, "Cluster"). Without S3, the key, as for
 * local files (what the prefix always meant).
 */
function accelTargetOf(deps: Deps, file: TrackFile, prefix: string): Promise<string> {
  const storage = deps.storage;
  if (!isS3Storage(storage)) return Promise.resolve(`${prefix}${file.key}`);
  if (!file.accelTarget) {
    file.accelTarget = storage.signedUrl(file.key, { expiresIn: ACCEL_SIGNED_SECONDS }).then((signed) => {
      const url = new URL(signed);
      return `${prefix}${url.pathname.replace(/^\/+/, '')}${url.search}`;
    });
    // A failed signing is not kept: the next request tries again.
    file.accelTarget.catch(() => {
      file.accelTarget = undefined;
    });
  }
  return file.accelTarget;
}

/**
 * The validators, conditional and range part of a file's answer: sends 304 or 416 itself (and
 * returns null), else sets the status and length headers and returns the bytes to send.
 */
export function answerRange(
  request: FastifyRequest,
  reply: FastifyReply,
  size: number,
  validators: Validators,
  contentType: string,
): { start: number; end: number; length: number } | null {
  const { etag, lastModified } = validators;
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('last-modified', lastModified.toUTCString())
    .type(contentType);

  if (notModified(header(request, 'if-none-match'), header(request, 'if-modified-since'), validators)) {
    void reply.code(304).send();
    return null;
  }

  let decision = parseRange(header(request, 'range'), size);
  if (decision.kind !== 'full' && !ifRangeMatches(header(request, 'if-range'), validators)) {
    decision = { kind: 'full' };
  }
  if (decision.kind === 'unsatisfiable') {
    void reply.code(416).header('content-range', `bytes */${size}`).send();
    return null;
  }

  const start = decision.kind === 'partial' ? decision.start : 0;
  const end = decision.kind === 'partial' ? decision.end : size - 1;
  const length = Math.max(0, end - start + 1);
  reply.code(decision.kind === 'partial' ? 206 : 200).header('content-length', length);
  if (decision.kind === 'partial') reply.header('content-range', `bytes ${start}-${end}/${size}`);
  return { start, end, length };
}

/**
 * Streamed audio answers open at once per client address on this instance (STREAMS_PER_IP): the
 * answers that hold a connection while they send (a file over the buffered-read size, a store's
 * stream, a transcode). A slot is taken as the body starts and given back when the response
 * closes (sent, or the client gone). Ranges read into memory and X-Accel answers end at once and
 * take none (nginx caps those streams itself: deploy/nginx/zema.conf).
 */
class StreamSlots {
  private readonly open = new Map<string, number>();
  /** Answers holding a slot: one each, however many paths they went through. */
  private readonly holding = new WeakSet<FastifyReply>();
  constructor(private readonly perIp: number) {}

  /** Takes a slot for this answer, or throws 429 when the address holds them all. */
  take(request: FastifyRequest, reply: FastifyReply): void {
    if (this.holding.has(reply)) return;
    const ip = request.ip;
    const held = this.open.get(ip) ?? 0;
    if (held >= this.perIp) {
      throw new RateLimitedError(
        msg('Too many streams are open from your address. Close one and try again.'),
        {
          retryAfterS: 5,
        },
      );
    }
    this.open.set(ip, held + 1);
    this.holding.add(reply);
    reply.raw.once('close', () => {
      const left = (this.open.get(ip) ?? 1) - 1;
      if (left <= 0) this.open.delete(ip);
      else this.open.set(ip, left);
    });
  }
}

const slotsOf = new WeakMap<Deps, StreamSlots>();
/** Takes one of the address's stream slots for this answer (see StreamSlots); throws 429 if none. */
export function takeStreamSlot(deps: Deps, request: FastifyRequest, reply: FastifyReply): void {
  let slots = slotsOf.get(deps);
  if (!slots) {
    slots = new StreamSlots(deps.config.streamsPerIp);
    slotsOf.set(deps, slots);
  }
  slots.take(request, reply);
}

/** The stored file, whole or a range, or nginx's X-Accel-Redirect to it. */
export async function sendTrackStream(
  deps: Deps,
  cache: TrackFileCache,
  request: FastifyRequest,
  reply: FastifyReply,
  trackId: number,
): Promise<FastifyReply> {
  const file = await cache.get(trackId);
  if (!file) return reply.code(404).type('application/json; charset=utf-8').send(NOT_FOUND);
  const contentType = audioContentType(file.format);
  // Helmet is skipped on this route (its per-request CSP nonces cost more than the read); these two
  // of its headers matter for a media file: never sniffed, never embedded by other sites.
  reply
    .header('cache-control', 'private, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .header('cross-origin-resource-policy', 'same-origin');

  // Behind nginx: the request was authorised above; nginx serves the bytes, ranges and validators.
  // From S3, a HEAD is answered here (the size and validators are at hand; a presigned GET does
  // not cover HEAD).
  const accel = deps.config.streamXAccelPrefix;
  if (accel && (file.path !== null || !isS3Storage(deps.storage) || request.method !== 'HEAD')) {
    const target = file.path !== null ? `${accel}${file.key}` : await accelTargetOf(deps, file, accel);
    return reply.code(200).header('x-accel-redirect', target).type(contentType).send();
  }

  const range = answerRange(request, reply, file.size, file.validators, contentType);
  if (!range) return reply;
  const { start, end, length } = range;
  if (request.method === 'HEAD' || length === 0) return reply.send();

  if (!file.path) {
    // A remote driver: the store answers the range itself (S3 GetObject with Range).
    takeStreamSlot(deps, request, reply);
    const remote = await deps.storage.get(file.key, { start, end });
    if (!remote) {
      cache.forget(trackId);
      reply.removeHeader('content-length').removeHeader('content-range');
      return reply.code(404).type('application/json; charset=utf-8').send(NOT_FOUND);
    }
    return reply.send(remote.stream);
  }

  if (length <= BUFFERED_READ_MAX) {
    try {
      return reply.send(await cache.read(file, start, length));
    } catch (err) {
      // Replaced or removed since it was cached: forget it and let the client ask again.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      cache.forget(trackId);
      reply.removeHeader('content-length').removeHeader('content-range');
      return reply.code(404).type('application/json; charset=utf-8').send(NOT_FOUND);
    }
  }
  // Fastify destroys the stream (and so closes the file) when the client goes away mid-download.
  takeStreamSlot(deps, request, reply);
  return reply.send(createReadStream(file.path, { start, end }));
}
