import { createHash, randomBytes } from 'node:crypto';
import { ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import {
  MAX_UNFINISHED_UPLOADS,
  multipartPartSize,
  UPLOAD_TOO_MANY_UNFINISHED_MESSAGE,
} from '@zema/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileEntries, pendingUploads } from '#src/modules/uploads/tables';
import { isS3Storage, type S3FileStorage } from '#src/platform/s3-storage';
import { id3ThenText, mp3ThenNoise } from '#test/catalogue';
import { createUser, request, sessionFor, type TestApp, useApp } from '#test/helpers';
import { startS3 } from '#test/s3';
import { cleanUpAbandonedMultipartUploads, S3_UPLOAD_MESSAGES } from './s3-uploads.service';

let s3: Awaited<ReturnType<typeof startS3>>;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.close();
});

const t = useApp(() => s3.env);
const local = useApp();

beforeAll(async () => {
  await t.deps.settings.set('uploads.direct_upload', true);
  await local.deps.settings.set('uploads.direct_upload', true);
});

const bucket = () => {
  if (!isS3Storage(t.deps.storage)) throw new Error('the app should store files in S3');
  return t.deps.storage as S3FileStorage;
};

async function post(app: TestApp, userId: number, url: string, payload: object) {
  return request(app.app, await sessionFor(app.deps.db, userId), { method: 'POST', url, payload });
}

const MB = 1024 * 1024;
/** A PDF header and filler: allowed by the default settings, checked by its first bytes. */
const pdf = (size: number) => {
  const data = randomBytes(size);
  data.write('%PDF-1.7\n', 0, 'latin1');
  return data;
};

async function multipartUpload(userId: number, size = 1) {
  const res = await post(t, userId, '/api/v1/s3/multipart/create', {
    filename: 'mix.mp3',
    mime: 'audio/mpeg',
    size,
    extension: 'mp3',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { uploadId: string; key: string };
}

const uploadsInBucket = async () =>
  (await bucket().client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket }))).Uploads ?? [];

describe('S3 direct uploads', () => {
  it('presign → PUT without credentials → s3/entries makes a private file entry of the object', async () => {
    const user = await createUser(t.db);
    const data = pdf(300 * 1024);
    const presign = await post(t, user.id, '/api/v1/s3/simple/presign', {
      filename: 'Liner notes.pdf',
      mime: 'application/pdf',
      disk: 's3',
      size: data.length,
      extension: 'pdf',
      metadata: { relativePath: 'Album/Liner notes.pdf' },
    });
    expect(presign.statusCode, presign.body).toBe(200);
    const { url, acl, key } = presign.json();
    expect(acl).toBe('private');
    // A generated key, never the client's name; the URL is for that key only and expires soon.
    expect(key).toMatch(/^private\/uploads\/[0-9a-f]{32}\.pdf$/);
    expect(url).toContain(encodeURI(key));
    expect(url).toMatch(/X-Amz-Expires=600\b/);

    const put = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: data,
    });
    expect(put.status).toBe(200);

    const entry = await post(t, user.id, '/api/v1/s3/entries', {
      clientMime: 'application/pdf',
      clientName: 'Liner notes.pdf',
      filename: key,
      size: data.length,
      clientExtension: 'pdf',
    });
    expect(entry.statusCode, entry.body).toBe(200);
    const { fileEntry } = entry.json();
    expect(fileEntry).toMatchObject({
      name: 'Liner notes.pdf',
      mime: 'application/pdf',
      file_size: data.length,
      disk: 's3',
      public: false,
      owner_id: user.id,
      relative_path: 'Album/Liner notes.pdf',
    });
    expect(fileEntry.url).not.toContain(key);
    const [row] = await t.db.select().from(fileEntries).where(eq(fileEntries.id, fileEntry.id));
    expect(row?.path).toBe(key);
    expect(await t.db.select().from(pendingUploads).where(eq(pendingUploads.key, key))).toEqual([]);
    // Once only: the pending upload is used up.
    const again = await post(t, user.id, '/api/v1/s3/entries', {
      clientMime: 'application/pdf',
      clientName: 'Liner notes.pdf',
      filename: key,
      size: data.length,
    });
    expect(again.statusCode).toBe(404);

    // Read back through the authorised route: a redirect to a URL signed for this key, for minutes.
    const download = await request(t.app, await sessionFor(t.db, user.id), {
      method: 'GET',
      url: fileEntry.url,
    });
    expect(download.statusCode).toBe(302);
    const signed = String(download.headers.location);
    expect(signed).toContain(encodeURI(key));
    expect(signed).toMatch(/X-Amz-Expires=300\b/);
    const fetched = await fetch(signed);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(data)).toBe(true);
    const stranger = await createUser(t.db);
    const refused = await request(t.app, await sessionFor(t.db, stranger.id), {
      method: 'GET',
      url: fileEntry.url,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers.location).toBeUndefined();
  });

  it('multipart: a generated 110 MB file in parts signed by batch, listed, completed and byte-identical', async () => {
    const user = await createUser(t.db);
    const size = 110 * MB;
    const partSize = multipartPartSize(size);
    const count = Math.ceil(size / partSize);
    const { uploadId, key } = await multipartUpload(user.id, size);

    const sign = await post(t, user.id, '/api/v1/s3/multipart/batch-sign-part-urls', {
      key,
      uploadId,
      partNumbers: Array.from({ length: count }, (_, i) => i + 1),
    });
    expect(sign.statusCode, sign.body).toBe(200);
    const urls = sign.json().urls as { partNumber: number; url: string }[];
    expect(urls.map((u) => u.partNumber)).toEqual(Array.from({ length: count }, (_, i) => i + 1));

    // One part in memory at a time; the whole file's hash is kept as it is generated.
    const sha = createHash('sha256');
    const etags: { PartNumber: number; ETag: string }[] = [];
    for (const { partNumber, url } of urls) {
      const length = Math.min(partSize, size - (partNumber - 1) * partSize);
      // The file starts with MP3 frames that decode: audio by its bytes.
      const part = partNumber === 1 ? mp3ThenNoise(length) : randomBytes(length);
      sha.update(part);
      const res = await fetch(url, { method: 'PUT', body: part });
      expect(res.status).toBe(200);
      etags.push({ PartNumber: partNumber, ETag: res.headers.get('etag')! });
    }

    const listed = await post(t, user.id, '/api/v1/s3/multipart/get-uploaded-parts', { key, uploadId });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(
      listed.json().parts.map((p: { PartNumber: number; ETag: string }) => [p.PartNumber, p.ETag]),
    ).toEqual(etags.map((p) => [p.PartNumber, p.ETag]));

    const complete = await post(t, user.id, '/api/v1/s3/multipart/complete', {
      key,
      uploadId,
      parts: [...etags].reverse(),
    });
    expect(complete.statusCode, complete.body).toBe(200);

    const entry = await post(t, user.id, '/api/v1/s3/entries', {
      clientMime: 'audio/mpeg',
      clientName: 'mix.mp3',
      filename: key,
      size,
      clientExtension: 'mp3',
    });
    expect(entry.statusCode, entry.body).toBe(200);
    expect(entry.json().fileEntry).toMatchObject({ mime: 'audio/mpeg', extension: 'mp3', file_size: size });

    const stored = await bucket().get(key);
    const back = createHash('sha256');
    for await (const chunk of stored!.stream) back.update(chunk as Buffer);
    expect(back.digest('hex')).toBe(sha.digest('hex'));
  });

  it('abort drops the parts and forgets the upload', async () => {
    const user = await createUser(t.db);
    const { uploadId, key } = await multipartUpload(user.id, 6 * MB);
    const sign = await post(t, user.id, '/api/v1/s3/multipart/batch-sign-part-urls', {
      key,
      uploadId,
      partNumbers: [1],
    });
    await fetch(sign.json().urls[0].url, { method: 'PUT', body: randomBytes(1024) });
    expect((await uploadsInBucket()).some((u) => u.UploadId === uploadId)).toBe(true);

    const abort = await post(t, user.id, '/api/v1/s3/multipart/abort', { key, uploadId });
    expect(abort.statusCode, abort.body).toBe(200);
    expect((await uploadsInBucket()).some((u) => u.UploadId === uploadId)).toBe(false);
    const listed = await post(t, user.id, '/api/v1/s3/multipart/get-uploaded-parts', { key, uploadId });
    expect(listed.statusCode).toBe(404);
  });

  it('answers 404, not 500, for an upload the store no longer has', async () => {
    const user = await createUser(t.db);
    const { uploadId, key } = await multipartUpload(user.id, 6 * MB);
    await bucket().abortMultipart(key, uploadId);
    const listed = await post(t, user.id, '/api/v1/s3/multipart/get-uploaded-parts', { key, uploadId });
    expect(listed.statusCode).toBe(404);
    expect(listed.json().message).toBe(S3_UPLOAD_MESSAGES.notFound);
  });

  it('signs at most 10 part numbers per call, and none beyond the declared size', async () => {
    const user = await createUser(t.db);
    const { uploadId, key } = await multipartUpload(user.id, 200 * MB);
    const eleven = await post(t, user.id, '/api/v1/s3/multipart/batch-sign-part-urls', {
      key,
      uploadId,
      partNumbers: Array.from({ length: 11 }, (_, i) => i + 1),
    });
    expect(eleven.statusCode).toBe(422);
    expect(eleven.json().errors.partNumbers).toBeDefined();
    const beyond = await post(t, user.id, '/api/v1/s3/multipart/batch-sign-part-urls', {
      key,
      uploadId,
      partNumbers: [41],
    });
    expect(beyond.statusCode).toBe(422);
    expect(beyond.json().errors.partNumbers).toEqual([S3_UPLOAD_MESSAGES.partOutOfRange]);
  });

  it("refuses every call on another user's upload, and a key with another UploadId", async () => {
    const owner = await createUser(t.db);
    const other = await createUser(t.db);
    const { uploadId, key } = await multipartUpload(owner.id, 6 * MB);
    const ref = { key, uploadId };
    for (const [url, body] of [
      ['/api/v1/s3/multipart/batch-sign-part-urls', { ...ref, partNumbers: [1] }],
      ['/api/v1/s3/multipart/get-uploaded-parts', ref],
      ['/api/v1/s3/multipart/complete', { ...ref, parts: [{ PartNumber: 1, ETag: '"x"' }] }],
      ['/api/v1/s3/multipart/abort', ref],
      ['/api/v1/s3/entries', { clientMime: 'audio/mpeg', clientName: 'a.mp3', filename: key, size: 6 * MB }],
    ] as const) {
      const res = await post(t, other.id, url, body);
      expect(res.statusCode, url).toBe(403);
    }
    const wrongId = await post(t, owner.id, '/api/v1/s3/multipart/get-uploaded-parts', {
      key,
      uploadId: 'not-this-upload',
    });
    expect(wrongId.statusCode).toBe(404);
    const unknown = await post(t, owner.id, '/api/v1/s3/multipart/abort', {
      key: 'private/uploads/0123456789abcdef0123456789abcdef.mp3',
      uploadId,
    });
    expect(unknown.statusCode).toBe(404);
    // The owner's upload is untouched.
    expect((await uploadsInBucket()).some((u) => u.UploadId === uploadId)).toBe(true);
  });

  /** Presigns `declared` bytes of a file, PUTs `body` to the URL, then asks for its entry. */
  async function putAndFinish(name: string, mime: string, declared: number, body: Buffer) {
    const user = await createUser(t.db);
    const presign = await post(t, user.id, '/api/v1/s3/simple/presign', {
      filename: name,
      mime,
      size: declared,
      extension: name.split('.').pop(),
    });
    const { url, key } = presign.json();
    await fetch(url, { method: 'PUT', headers: { 'content-type': mime }, body });
    expect(await bucket().head(key)).not.toBeNull();
    const entry = await post(t, user.id, '/api/v1/s3/entries', {
      clientMime: mime,
      clientName: name,
      filename: key,
      size: declared,
    });
    return { key, entry };
  }

  it.each([
    // A store that checks the signed Content-Length refuses this PUT already; s3rver does not, so
    // the entry check is what is tested here.
    [
      'an object whose real size differs from the declared one',
      'a.pdf',
      'application/pdf',
      2048,
      pdf(1024),
      null,
    ],
    ['audio whose bytes are not audio', 'song.mp3', 'audio/mpeg', 4096, pdf(4096), null],
    [
      'audio that does not decode (ID3, then text)',
      'letter.mp3',
      'audio/mpeg',
      id3ThenText().length,
      id3ThenText(),
      'The file could not be decoded as audio.',
    ],
  ] as const)('refuses %s, and deletes it', async (_case, name, mime, declared, body, message) => {
    const { key, entry } = await putAndFinish(name, mime, declared, body);
    expect(entry.statusCode).toBe(422);
    expect(entry.json().errors.file).toEqual([message ?? expect.any(String)]);
    expect(await bucket().head(key)).toBeNull();
    expect(await t.db.select().from(fileEntries).where(eq(fileEntries.path, key))).toEqual([]);
  });

  it('refuses before signing what the settings refuse, and bad input, with 422', async () => {
    const user = await createUser(t.db);
    const exe = await post(t, user.id, '/api/v1/s3/simple/presign', {
      filename: 'setup.exe',
      mime: 'application/x-msdownload',
      size: 10,
      extension: 'exe',
    });
    expect(exe.statusCode).toBe(422);
    expect(exe.json().errors.file).toBeDefined();
    const traversal = await post(t, user.id, '/api/v1/s3/multipart/create', {
      filename: 'a.mp3',
      mime: 'audio/mpeg',
      size: 10,
      metadata: { relativePath: '../../etc/a.mp3' },
    });
    expect(traversal.statusCode).toBe(422);
    const header = await post(t, user.id, '/api/v1/s3/simple/presign', {
      filename: 'a.pdf',
      mime: 'application/pdf\r\nx-amz-acl: public-read',
      size: 10,
    });
    expect(header.statusCode).toBe(422);
    const noBody = await post(t, user.id, '/api/v1/s3/simple/presign', {});
    expect(noBody.statusCode).toBe(422);
  });

  it("refuses a plain listener's 2 GB upload before the bucket is asked, naming the quota", async () => {
    const user = await createUser(t.db);
    const before = (await uploadsInBucket()).length;
    const named = 'This file (2 GB) is larger than your storage quota of 500 MB. Ask for more space.';
    for (const url of ['/api/v1/s3/multipart/create', '/api/v1/s3/simple/presign']) {
      const res = await post(t, user.id, url, {
        filename: 'master.wav',
        mime: 'audio/wav',
        size: 2048 * MB,
        extension: 'wav',
      });
      expect(res.statusCode, url).toBe(422);
      expect(res.json(), url).toEqual({ message: named, errors: { file: [named] } });
    }
    // No multipart upload was started in the bucket (asked through the AWS SDK), none reserved.
    expect(await uploadsInBucket()).toHaveLength(before);
    expect(await t.db.select().from(pendingUploads).where(eq(pendingUploads.userId, user.id))).toEqual([]);
    // Over the size limit for its kind is 413, as on the other upload paths.
    const tooLarge = await post(t, user.id, '/api/v1/s3/simple/presign', {
      filename: 'a.pdf',
      mime: 'application/pdf',
      size: 51 * MB,
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().errors).toEqual({ file: ['The file may not be greater than 50 MB.'] });
  });

  it('signs one of eight presigns asked together for the room left for one', async () => {
    const user = await createUser(t.db, {
      roles: [],
      permissions: [{ name: 'files.create', restrictions: [{ name: 'space', value: 1 }] }],
    });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        post(t, user.id, '/api/v1/s3/simple/presign', {
          filename: `${n}.pdf`,
          mime: 'application/pdf',
          size: 600_000,
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422, 422, 422, 422, 422, 422, 422]);
    expect(await t.db.select().from(pendingUploads).where(eq(pendingUploads.userId, user.id))).toHaveLength(
      1,
    );
  });

  it(`refuses a direct upload past ${MAX_UNFINISHED_UPLOADS} unfinished ones, before the bucket is asked`, async () => {
    const user = await createUser(t.db);
    for (let n = 0; n < MAX_UNFINISHED_UPLOADS; n++) {
      const res = await post(t, user.id, '/api/v1/s3/simple/presign', {
        filename: `${n}.pdf`,
        mime: 'application/pdf',
        size: 1024,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const before = (await uploadsInBucket()).length;
    const refused = await post(t, user.id, '/api/v1/s3/multipart/create', {
      filename: 'mix.mp3',
      mime: 'audio/mpeg',
      size: 6 * MB,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: UPLOAD_TOO_MANY_UNFINISHED_MESSAGE,
      errors: { file: [UPLOAD_TOO_MANY_UNFINISHED_MESSAGE] },
    });
    expect(await uploadsInBucket()).toHaveLength(before);
  });

  it('re-encodes an uploaded image into a new object and deletes the raw upload', async () => {
    const user = await createUser(t.db);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const presign = await post(t, user.id, '/api/v1/s3/simple/presign', {
      filename: 'cover.png',
      mime: 'image/png',
      size: png.length,
      extension: 'png',
    });
    expect(presign.statusCode, presign.body).toBe(200);
    const { url, key } = presign.json();
    await fetch(url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: png });
    const entry = await post(t, user.id, '/api/v1/s3/entries', {
      clientMime: 'image/png',
      clientName: 'cover.png',
      filename: key,
      size: png.length,
    });
    expect(entry.statusCode, entry.body).toBe(200);
    const { fileEntry } = entry.json();
    expect(fileEntry).toMatchObject({ mime: 'image/webp', extension: 'webp', disk: 's3' });
    expect(await bucket().head(key)).toBeNull();
    const [row] = await t.db.select().from(fileEntries).where(eq(fileEntries.id, fileEntry.id));
    const stored = await bucket().get(row!.path);
    const meta = await sharp(Buffer.concat(await stored!.stream.toArray())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 64, height: 48 });
  });

  it('lets the browser reach the bucket: its origin is in the CSP connect-src', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`connect-src 'self' ${s3.endpoint.replace(/[.]/g, '\\.')}`));
  });

  it('answers a clear 409 when direct upload is off', async () => {
    const user = await createUser(t.db);
    await t.deps.settings.set('uploads.direct_upload', false);
    try {
      const res = await post(t, user.id, '/api/v1/s3/multipart/create', {
        filename: 'a.mp3',
        mime: 'audio/mpeg',
        size: 10,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(S3_UPLOAD_MESSAGES.directOff);
    } finally {
      await t.deps.settings.set('uploads.direct_upload', true);
    }
  });

  it('cleans up expired uploads: aborts multipart ones, deletes presigned objects, forgets both', async () => {
    const user = await createUser(t.db);
    const { uploadId, key: multipartKey } = await multipartUpload(user.id, 6 * MB);
    const presign = await post(t, user.id, '/api/v1/s3/simple/presign', {
      filename: 'a.pdf',
      mime: 'application/pdf',
      size: 1024,
    });
    const { url, key: presignKey } = presign.json();
    await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: pdf(1024) });

    // Nothing has expired yet.
    expect(await cleanUpAbandonedMultipartUploads(t.deps, new Date())).toBe(0);
    const later = new Date(Date.now() + 48 * 60 * 60 * 1000);
    expect(await cleanUpAbandonedMultipartUploads(t.deps, later)).toBeGreaterThanOrEqual(2);
    expect((await uploadsInBucket()).some((u) => u.UploadId === uploadId)).toBe(false);
    expect(await bucket().head(presignKey)).toBeNull();
    for (const key of [multipartKey, presignKey]) {
      expect(await t.db.select().from(pendingUploads).where(eq(pendingUploads.key, key))).toEqual([]);
    }
  });
});

describe('S3 direct uploads on the local driver', () => {
  it('every S3 path answers 409 "Direct uploads need S3 storage."', async () => {
    const user = await createUser(local.db);
    expect((await local.deps.settings.getClientSettings()).uploads.disk).toBe('local');
    for (const [url, body] of [
      ['/api/v1/s3/simple/presign', { filename: 'a.pdf', mime: 'application/pdf', size: 10 }],
      ['/api/v1/s3/multipart/create', { filename: 'a.mp3', mime: 'audio/mpeg', size: 10 }],
      ['/api/v1/s3/multipart/abort', { key: 'private/uploads/a.mp3', uploadId: 'x' }],
    ] as const) {
      const res = await post(local, user.id, url, body);
      expect(res.statusCode, url).toBe(409);
      expect(res.json().message).toBe(S3_UPLOAD_MESSAGES.needsS3);
    }
  });

  it('the S3 app says uploads.disk = s3, and a stored row cannot change it', async () => {
    expect((await t.deps.settings.getClientSettings()).uploads.disk).toBe('s3');
    await expect(t.deps.settings.set('uploads.disk', 'local')).rejects.toThrow();
  });
});
