import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { type Readable, Transform } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  type ListPartsCommandOutput,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '#src/config';
import { type FileStorage, isValidStorageKey, STORAGE_URL_PREFIX } from './storage';

/**
 * Origins the browser talks to for this bucket: where direct uploads PUT (the endpoint, or the
 * bucket's virtual-hosted name), and the public URL files may be loaded from. The app's CSP lets
 * the browser reach them (connect-src, img-src, media-src).
 */
export function s3BrowserOrigins(config: S3Config): { upload: string[]; files: string[] } {
  const origin = (url: string) => new URL(url).origin;
  let upload: string;
  if (config.endpoint) {
    const endpoint = new URL(config.endpoint);
    upload = config.forcePathStyle
      ? endpoint.origin
      : `${endpoint.protocol}//${config.bucket}.${endpoint.host}`;
  } else {
    upload = `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
  }
  return { upload: [upload], files: config.publicUrl ? [origin(config.publicUrl)] : [] };
}

/** A part of a multipart upload as S3 lists it and CompleteMultipartUpload takes it. */
export type UploadedPart = { PartNumber: number; ETag: string; Size?: number };

/** What the direct-upload routes need beyond FileStorage: presigned PUTs and multipart calls. */
export interface S3FileStorage extends FileStorage {
  readonly driver: 's3';
  readonly client: S3Client;
  readonly bucket: string;
  signedUrl(key: string, opts: { expiresIn: number; disposition?: string }): Promise<string>;
  /**
   * A URL a browser PUTs the file to without credentials, valid `expiresIn` seconds, for this key
   * only. Content-Type and Content-Length are signed headers: a body of another size or type is
   * refused by the store (signature mismatch).
   */
  presignPut(key: string, opts: { contentType: string; size: number; expiresIn: number }): Promise<string>;
  /** Size, type and ETag of a stored object; null when there is none. */
  head(
    key: string,
  ): Promise<{ size: number; contentType: string | undefined; etag: string | undefined } | null>;
  /** The first `length` bytes of an object (fewer when it is shorter). */
  readStart(key: string, length: number): Promise<Buffer>;
  createMultipart(key: string, contentType: string): Promise<string>;
  signPart(key: string, uploadId: string, partNumber: number, expiresIn: number): Promise<string>;
  /** Every part stored so far, following ListParts' pages (1 000 parts each). */
  listParts(key: string, uploadId: string): Promise<UploadedPart[]>;
  completeMultipart(key: string, uploadId: string, parts: UploadedPart[]): Promise<string | null>;
  /** Drops the upload and its parts; an upload already gone is not an error. */
  abortMultipart(key: string, uploadId: string): Promise<void>;
}

export function isS3Storage(storage: FileStorage): storage is S3FileStorage {
  return storage.driver === 's3';
}

/** 404 / NoSuchKey / NoSuchUpload: the thing asked about is not there. */
export function isS3NotFound(err: unknown): boolean {
  if (!(err instanceof S3ServiceException)) return false;
  return (
    err.$metadata.httpStatusCode === 404 ||
    err.name === 'NotFound' ||
    err.name === 'NoSuchKey' ||
    err.name === 'NoSuchUpload'
  );
}

/** Parts of a put of unknown length, uploaded as they fill (S3's smallest part is 5 MiB). */
const STREAM_PART_BYTES = 8 * 1024 * 1024;

export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // The SDK's default CRC32 checksums land in presigned URLs as a checksum of an empty body and
    // are not understood by many S3-compatible stores (MinIO before 2024, R2, s3rver): only when
    // an operation requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, R2). Keys are the same generated keys as on
 * the local driver. Public files (images) are served by the app's storage route from the bucket,
 * or from S3_PUBLIC_URL (a CDN) when set; private ones (audio, uploads) only through authorised
 * routes, which stream them or hand out a short-lived signed URL.
 */
export function createS3Storage(config: S3Config, client: S3Client = createS3Client(config)): S3FileStorage {
  const Bucket = config.bucket;
  const checked = (key: string) => {
    if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return key;
  };

  return {
    driver: 's3',
    client,
    bucket: Bucket,

    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: checked(key), Body: data, ContentType: contentType }),
      );
    },

    async putFile(key, localPath, contentType) {
      const { size } = await stat(localPath);
      // One PUT takes up to 5 GB; larger files need multipart, which Upload does from a stream.
      if (size <= STREAM_PART_BYTES) {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: checked(key),
            Body: createReadStream(localPath),
            ContentLength: size,
            ContentType: contentType,
          }),
        );
        return;
      }
      await this.putStream(key, createReadStream(localPath), contentType);
    },

    async putStream(key, stream, contentType) {
      let bytes = 0;
      const counted = stream.pipe(
        new Transform({
          transform(chunk: Buffer, _encoding, done) {
            bytes += chunk.length;
            done(null, chunk);
          },
        }),
      );
      // pipe() does not pass a source error on: fail the upload with it.
      stream.once('error', (err) => counted.destroy(err));
      // Upload buffers one part at a time per slot (4 slots × 8 MiB): memory stays bounded whatever
      // the length, and a failed upload is aborted, so no parts are left behind.
      const upload = new Upload({
        client,
        params: { Bucket, Key: checked(key), Body: counted, ContentType: contentType },
        partSize: STREAM_PART_BYTES,
        queueSize: 4,
        leavePartsOnError: false,
      });
      await upload.done();
      return bytes;
    },

    async get(key, range) {
      if (!isValidStorageKey(key)) return null;
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        const total = range
          ? Number(/\/(\d+)$/.exec(res.ContentRange ?? '')?.[1] ?? Number.NaN)
          : (res.ContentLength ?? Number.NaN);
        return { stream: res.Body as Readable, size: total };
      } catch (err) {
        if (isS3NotFound(err)) return null;
        throw err;
      }
    },

    async stat(key) {
      if (!isValidStorageKey(key)) return null;
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: res.ContentLength ?? 0, modifiedAt: res.LastModified ?? new Date(0) };
      } catch (err) {
        if (isS3NotFound(err)) return null;
        throw err;
      }
    },

    async head(key) {
      if (!isValidStorageKey(key)) return null;
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: res.ContentLength ?? 0, contentType: res.ContentType, etag: res.ETag };
      } catch (err) {
        if (isS3NotFound(err)) return null;
        throw err;
      }
    },

    async readStart(key, length) {
      if (length <= 0) return Buffer.alloc(0);
      const res = await client.send(
        new GetObjectCommand({ Bucket, Key: checked(key), Range: `bytes=0-${length - 1}` }),
      );
      const bytes = await res.Body!.transformToByteArray();
      return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, length));
    },

    async delete(key) {
      if (!isValidStorageKey(key)) return;
      // DeleteObject succeeds for a missing key.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    publicUrl(key) {
      return config.publicUrl ? `${config.publicUrl}/${key}` : `${STORAGE_URL_PREFIX}${key}`;
    },

    keyFromUrl(url) {
      if (!url) return null;
      let key: string | null = null;
      if (url.startsWith(STORAGE_URL_PREFIX)) key = url.slice(STORAGE_URL_PREFIX.length);
      else if (config.publicUrl && url.startsWith(`${config.publicUrl}/`)) {
        key = url.slice(config.publicUrl.length + 1);
      }
      return key && isValidStorageKey(key) ? key : null;
    },

    async signedUrl(key, { expiresIn, disposition }) {
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: checked(key),
          ResponseContentDisposition: disposition,
        }),
        { expiresIn },
      );
    },

    async presignPut(key, { contentType, size, expiresIn }) {
      return getSignedUrl(
        client,
        new PutObjectCommand({
          Bucket,
          Key: checked(key),
          ContentType: contentType,
          ContentLength: size,
        }),
        // Signed as headers (not hoisted to the query): the browser must send exactly these.
        { expiresIn, signableHeaders: new Set(['content-type', 'content-length']) },
      );
    },

    async createMultipart(key, contentType) {
      const res = await client.send(
        new CreateMultipartUploadCommand({ Bucket, Key: checked(key), ContentType: contentType }),
      );
      if (!res.UploadId) throw new Error('The store returned no UploadId');
      return res.UploadId;
    },

    async signPart(key, uploadId, partNumber, expiresIn) {
      return getSignedUrl(
        client,
        new UploadPartCommand({ Bucket, Key: checked(key), UploadId: uploadId, PartNumber: partNumber }),
        { expiresIn },
      );
    },

    async listParts(key, uploadId) {
      const parts: UploadedPart[] = [];
      let marker: string | undefined;
      for (;;) {
        const res: ListPartsCommandOutput = await client.send(
          new ListPartsCommand({
            Bucket,
            Key: checked(key),
            UploadId: uploadId,
            PartNumberMarker: marker,
          }),
        );
        for (const p of res.Parts ?? []) {
          if (p.PartNumber && p.ETag) parts.push({ PartNumber: p.PartNumber, ETag: p.ETag, Size: p.Size });
        }
        if (!res.IsTruncated || !res.NextPartNumberMarker || res.NextPartNumberMarker === marker) break;
        marker = res.NextPartNumberMarker;
      }
      return parts;
    },

    async completeMultipart(key, uploadId, parts) {
      const res = await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key: checked(key),
          UploadId: uploadId,
          MultipartUpload: {
            Parts: [...parts]
              .sort((a, b) => a.PartNumber - b.PartNumber)
              .map((p) => ({ PartNumber: p.PartNumber, ETag: p.ETag })),
          },
        }),
      );
      return res.Location ?? null;
    },

    async abortMultipart(key, uploadId) {
      try {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: checked(key), UploadId: uploadId }));
      } catch (err) {
        if (!isS3NotFound(err)) throw err;
      }
    },
  };
}
