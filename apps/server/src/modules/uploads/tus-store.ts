import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ListObjectsV2CommandOutput } from '@aws-sdk/client-s3';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { type DataStore, ERRORS, type KvStore, Upload } from '@tus/server';
import type { S3Config } from '#src/config';
import type { Deps } from '#src/platform/deps';
import { isS3NotFound, isS3Storage } from '#src/platform/s3-storage';
import { PRIVATE_UPLOADS_PREFIX } from '#src/platform/storage';

/** tus uploads not finished (turned into a file entry) within this time are removed (Upload-Expires). */
export const TUS_EXPIRY_MS = 24 * 60 * 60 * 1000;

/** The tus extensions spoken here (PROTOCOLS, RELIABILITY). */
export const TUS_EXTENSIONS = ['creation', 'termination', 'expiration'] as const;

/** The tus server's upload ids (its default naming: 16 random bytes, hex). */
export const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** Where unfinished tus uploads are staged without S3 (DATA_DIR/uploads/tus): `<id>` and `<id>.json`. */
export const tusStagingDir = (dataDir: string) => join(dataDir, 'uploads', 'tus');

/**
 * Where tus uploads live in the bucket: `<prefix><id>` (the multipart upload, then the finished
 * object), `<id>.info` (what the upload is) and `<id>.part` (a tail shorter than a part). Under
 * `private/`, so the public storage route never serves bytes that were not checked yet.
 */
export const TUS_S3_PREFIX = `${PRIVATE_UPLOADS_PREFIX}tus/`;

/**
 * The S3 part size. Each PATCH's bytes go to S3 as parts of this size; a tail under S3's 5 MiB
 * minimum waits in `<id>.part` for the next PATCH. The web app's 5 MB chunks make one part each.
 */
const TUS_S3_PART_BYTES = 8 * 1024 * 1024;

/**
 * Where a tus upload's bytes are kept: `@tus/file-store` in DATA_DIR/uploads/tus, or, with S3
 * storage, `@tus/s3-store` in the bucket, so every instance sees every upload and a PATCH may land
 * on any of them (decision 0060).
 */
export type TusStore = {
  readonly kind: 'file' | 's3';
  /** What the tus server writes to. */
  readonly datastore: DataStore;
  /** Before the first request (the staging folder). */
  prepare(): Promise<void>;
  /** A finished upload's bytes (`size` of them), as storeUploadedFile takes them. */
  bytes(id: string, size: number): Promise<{ sourcePath: string } | { stream: Readable }>;
  /** Removes everything kept for an upload, finished or not; one already gone is fine. */
  discard(id: string): Promise<void>;
  /** The ids of the uploads kept here that were started (or last written, on disk) before `before`. */
  startedBefore(before: Date): Promise<string[]>;
  close(): void;
};

/**
 * A metadata cache of a bounded size for the S3 store. What it caches (the multipart UploadId, the
 * size, the metadata) never changes after creation, so a copy per instance is right; the default
 * MemoryKvStore only forgets an upload on the instance that completed or removed it, so it would
 * grow for ever on the others. The oldest entry goes first.
 */
export class BoundedKvStore<T> implements KvStore<T> {
  private readonly data = new Map<string, T>();
  constructor(private readonly maxEntries = 5_000) {}
  async get(key: string) {
    return this.data.get(key);
  }
  async set(key: string, value: T) {
    this.data.delete(key);
    this.data.set(key, value);
    while (this.data.size > this.maxEntries) this.data.delete(this.data.keys().next().value as string);
  }
  async delete(key: string) {
    this.data.delete(key);
  }
}

type S3StoreOptions = ConstructorParameters<typeof S3Store>[0];

/**
 * `@tus/s3-store` under a key prefix (it has no such option: its object keys are the upload ids).
 * The tus server and the app keep the plain ids; only the keys in the bucket carry the prefix.
 * It also fixes two cases of the store for uploads that several instances share:
 * - an upload removed (or finished and removed) elsewhere: the store, finding no multipart upload
 *   for an id it still has cached, reports it complete; here it is not found once its `.info`
 *   object is gone;
 * - terminating a completed upload: the store fails to abort the finished multipart upload and
 *   leaves the object; here it removes the object.
 */
export class PrefixedS3Store extends S3Store {
  constructor(
    private readonly prefix: string,
    options: S3StoreOptions,
  ) {
    super(options);
  }

  keyOf(id: string) {
    return `${this.prefix}${id}`;
  }

  override async create(upload: Upload): Promise<Upload> {
    const created = await super.create(new Upload({ ...upload, id: this.keyOf(upload.id) }));
    upload.creation_date = created.creation_date;
    upload.storage = created.storage;
    return upload;
  }

  override write(src: Readable, id: string, offset: number): Promise<number> {
    return super.write(src, this.keyOf(id), offset);
  }

  override async getUpload(id: string): Promise<Upload> {
    const key = this.keyOf(id);
    const upload = await super.getUpload(key);
    if (upload.size !== undefined && upload.offset === upload.size) {
      // Complete, or gone (no multipart upload any more, its metadata cached here): the `.info`
      // object, removed with the rest, tells which.
      try {
        await this.client.headObject({ Bucket: this.bucket, Key: this.infoKey(key) });
      } catch (err) {
        if (!isS3NotFound(err)) throw err;
        await this.clearCache(key);
        throw ERRORS.FILE_NOT_FOUND;
      }
    }
    return new Upload({ ...upload, id });
  }

  override declareUploadLength(id: string, length: number): Promise<void> {
    return super.declareUploadLength(this.keyOf(id), length);
  }

  override read(id: string): Promise<Readable> {
    return super.read(this.keyOf(id));
  }

  override async remove(id: string): Promise<void> {
    if (!(await this.discard(id))) throw ERRORS.FILE_NOT_FOUND;
  }

  /** Aborts the multipart upload and deletes the objects; false when there was no such upload. */
  async discard(id: string): Promise<boolean> {
    const key = this.keyOf(id);
    let uploadId: string | undefined;
    try {
      uploadId = (await this.getMetadata(key))['upload-id'];
    } catch (err) {
      if (!isS3NotFound(err)) throw err;
    }
    if (uploadId) {
      try {
        await this.client.abortMultipartUpload({ Bucket: this.bucket, Key: key, UploadId: uploadId });
      } catch (err) {
        // Completed (or already aborted): the object below is what is left.
        if (!isS3NotFound(err)) throw err;
      }
    }
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: { Objects: [{ Key: key }, { Key: this.infoKey(key) }, { Key: this.partKey(key, true) }] },
    });
    await this.clearCache(key);
    return uploadId !== undefined;
  }

  /** Closes the store's S3 connections. */
  destroy() {
    this.client.destroy();
  }

  /**
   * Not used: the store's own lists every multipart upload of the bucket, the direct uploads' too.
   * Expired tus uploads go with the uploads clean-up job (cleanUpAbandonedUploads).
   */
  override async deleteExpired(): Promise<number> {
    return 0;
  }

  /** Upload ids whose `.info` object was written before `before` (at creation). */
  async startedBefore(before: Date): Promise<string[]> {
    const ids: string[] = [];
    const info = new RegExp(`^${this.prefix.replace(/[/.]/g, '\\$&')}([0-9a-f]{32})\\.info$`);
    let token: string | undefined;
    do {
      const page: ListObjectsV2CommandOutput = await this.client.listObjectsV2({
        Bucket: this.bucket,
        Prefix: this.prefix,
        ContinuationToken: token,
      });
      for (const object of page.Contents ?? []) {
        const id = info.exec(object.Key ?? '')?.[1];
        if (id && object.LastModified && object.LastModified < before) ids.push(id);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return ids;
  }
}

/** The AWS SDK settings of the app's own S3 client (createS3Client), for the store's client. */
function s3ClientConfig(s3: S3Config) {
  return {
    bucket: s3.bucket,
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials: s3.credentials,
    // As in createS3Client: checksums only where an operation requires one (many S3-compatible
    // stores do not understand the SDK's default CRC32 trailers on streamed parts).
    requestChecksumCalculation: 'WHEN_REQUIRED' as const,
    responseChecksumValidation: 'WHEN_REQUIRED' as const,
  };
}

function createS3TusStore(s3: S3Config): TusStore {
  const store = new PrefixedS3Store(TUS_S3_PREFIX, {
    s3ClientConfig: s3ClientConfig(s3),
    partSize: TUS_S3_PART_BYTES,
    expirationPeriodInMilliseconds: TUS_EXPIRY_MS,
    // Tags only feed bucket lifecycle rules, which the clean-up job makes unneeded; several
    // S3-compatible stores do not support them.
    useTags: false,
    cache: new BoundedKvStore(),
  });
  // What OPTIONS announces (Tus-Extension) and the tus server allows: no deferred length, which
  // the creation check refuses (the quota needs the size up front).
  store.extensions = [...TUS_EXTENSIONS];
  return {
    kind: 's3',
    datastore: store,
    prepare: async () => {},
    // An empty upload is complete at creation and never becomes an object.
    bytes: async (id, size) => ({ stream: size === 0 ? Readable.from([]) : await store.read(id) }),
    discard: async (id) => {
      if (UPLOAD_ID.test(id)) await store.discard(id);
    },
    startedBefore: (before) => store.startedBefore(before),
    close: () => store.destroy(),
  };
}

function createFileTusStore(dataDir: string): TusStore {
  const directory = tusStagingDir(dataDir);
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: TUS_EXPIRY_MS });
  store.extensions = [...TUS_EXTENSIONS];
  let ready: Promise<unknown> | undefined;
  return {
    kind: 'file',
    datastore: store,
    prepare() {
      // Once per process, not once per PATCH; a failure is tried again by the next request.
      ready ??= mkdir(directory, { recursive: true }).catch((err: unknown) => {
        ready = undefined;
        throw err;
      });
      return ready.then(() => {});
    },
    bytes: async (id) => ({ sourcePath: join(directory, id) }),
    async discard(id) {
      if (!UPLOAD_ID.test(id)) return;
      await rm(join(directory, id), { force: true });
      await rm(join(directory, `${id}.json`), { force: true });
    },
    async startedBefore(before) {
      const ids = new Set(
        (await readdir(directory).catch(() => [] as string[]))
          .map((name) => name.replace(/\.json$/, ''))
          .filter((id) => UPLOAD_ID.test(id)),
      );
      const old: string[] = [];
      for (const id of ids) {
        const info = await stat(join(directory, `${id}.json`)).catch(() =>
          stat(join(directory, id)).catch(() => null),
        );
        if (info && info.mtimeMs < before.getTime()) old.push(id);
      }
      return old;
    },
    close: () => {},
  };
}

const stores = new WeakMap<object, TusStore>();

/**
 * The app's tus store, built once per app (the routes and the clean-up job share it): on S3 when
 * the files are stored there, else on this disk.
 */
export function tusStoreOf(deps: Pick<Deps, 'config' | 'storage'>): TusStore {
  let store = stores.get(deps.storage);
  if (!store) {
    const { s3 } = deps.config;
    store = s3 && isS3Storage(deps.storage) ? createS3TusStore(s3) : createFileTusStore(deps.config.dataDir);
    stores.set(deps.storage, store);
  }
  return store;
}

/** Closes the app's tus store, if it was built (its S3 connections). */
export function closeTusStore(deps: Pick<Deps, 'storage'>) {
  stores.get(deps.storage)?.close();
  stores.delete(deps.storage);
}
