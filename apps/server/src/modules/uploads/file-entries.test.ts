import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readdir } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { DEFAULT_UPLOAD_SETTINGS, UPLOAD_TYPE_NOT_ALLOWED_MESSAGE } from '@zema/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '#src/lib/errors';
import { fileEntries } from '#src/modules/uploads/tables';
import { id3ThenText, mp3ThenNoise } from '#test/catalogue';
import { adminUserId, createUser, guest, request, sessionFor, useApp } from '#test/helpers';
import { pngClaiming } from '#test/images';
import { multipartBody, type Part } from '#test/multipart';
import { storeUploadedFile } from './file-entries.service';

const t = useApp();
const MB = 1024 * 1024;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const mp3Bytes = mp3ThenNoise;
const pdfBytes = () => Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function plainUpload(userId: number, parts: Part[]) {
  const actor = await sessionFor(t.db, userId);
  const body = multipartBody(parts);
  return request(t.app, actor, {
    method: 'POST',
    url: '/api/v1/file-entries',
    payload: body.payload,
    headers: body.headers,
  });
}

const filePart = (filename: string, contentType: string, data: Buffer): Part => ({
  name: 'file',
  filename,
  contentType,
  data,
});

const storedFiles = async () =>
  (await readdir(join(t.config.dataDir, 'storage'), { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(join(t.config.dataDir, 'storage').length + 1))
    .sort();

describe('POST file-entries (plain upload)', () => {
  it('stores a file under a generated key and answers its entry', async () => {
    const user = await createUser(t.db);
    const pdf = pdfBytes();
    const res = await plainUpload(user.id, [
      filePart('My Press Kit.pdf', 'application/pdf', pdf),
      { name: 'clientMime', data: 'application/pdf' },
      { name: 'clientExtension', data: 'pdf' },
      { name: 'metadata', data: JSON.stringify({ relativePath: 'Press/My Press Kit.pdf' }) },
    ]);
    expect(res.statusCode).toBe(200);
    const entry = res.json().fileEntry;
    expect(entry).toMatchObject({
      name: 'My Press Kit.pdf',
      mime: 'application/pdf',
      extension: 'pdf',
      file_size: pdf.length,
      relative_path: 'Press/My Press Kit.pdf',
      public: false,
      owner_id: user.id,
      checksum: sha256(pdf),
    });
    expect(entry.file_name).toMatch(/^[0-9a-f]{32}\.pdf$/);
    const [row] = await t.db.select().from(fileEntries).where(eq(fileEntries.id, entry.id));
    expect(row!.path).toBe(`private/uploads/${entry.file_name}`);
    // Private: never through the public storage route.
    expect((await t.app.inject({ url: `/storage/${row!.path}` })).statusCode).toBe(404);
  });

  it('re-encodes an image before it is stored', async () => {
    const user = await createUser(t.db);
    const png = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#0c0' } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret place' } } })
      .toBuffer();
    const res = await plainUpload(user.id, [filePart('cover.png', 'image/png', png)]);
    expect(res.statusCode).toBe(200);
    const entry = res.json().fileEntry;
    expect(entry).toMatchObject({ mime: 'image/webp', extension: 'webp', checksum: sha256(png) });
    const owner = await sessionFor(t.db, user.id);
    const served = await request(t.app, owner, { method: 'GET', url: entry.url });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 64, height: 32 });
    expect(meta.exif).toBeUndefined();
  });

  it('refuses a file over the limit for its kind, a type not allowed and bytes that lie, storing nothing', async () => {
    await t.app.deps.settings.set('uploads.max_size', { ...DEFAULT_UPLOAD_SETTINGS.max_size, other: MB });
    try {
      const user = await createUser(t.db);
      const before = await storedFiles();
      const big = await plainUpload(user.id, [
        filePart('big.pdf', 'application/pdf', Buffer.alloc(MB + 1, 0x25)),
      ]);
      // 413 (Content Too Large) for a file over its kind's limit, as on the tus and S3 paths.
      expect(big.statusCode).toBe(413);
      expect(big.json().errors).toEqual({ file: ['The file may not be greater than 1 MB.'] });

      const exe = await plainUpload(user.id, [
        filePart('setup.exe', 'application/x-msdownload', Buffer.from('MZ')),
      ]);
      expect(exe.statusCode).toBe(422);
      expect(exe.json().errors).toEqual({ file: [UPLOAD_TYPE_NOT_ALLOWED_MESSAGE] });

      const fakeSong = await plainUpload(user.id, [
        filePart('song.mp3', 'audio/mpeg', Buffer.from('<html><script>alert(1)</script></html>'.repeat(10))),
      ]);
      expect(fakeSong.statusCode).toBe(422);
      expect(fakeSong.json().errors).toEqual({ file: [UPLOAD_TYPE_NOT_ALLOWED_MESSAGE] });
      // Audio only if it decodes: an MP3's three magic letters followed by text is refused.
      const letter = await plainUpload(user.id, [filePart('letter.mp3', 'audio/mpeg', id3ThenText())]);
      expect(letter.statusCode).toBe(422);
      expect(letter.json().errors).toEqual({ file: ['The file could not be decoded as audio.'] });
      // And noise behind the same header: chance frames, most of them damaged.
      const noise = Buffer.concat([
        Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'),
        randomBytes(300_000),
      ]);
      const noisy = await plainUpload(user.id, [filePart('noise.mp3', 'audio/mpeg', noise)]);
      expect(noisy.json().errors).toEqual({ file: ['The file could not be decoded as audio.'] });

      const fakeImage = await plainUpload(user.id, [
        filePart('x.png', 'image/png', Buffer.from('not a picture')),
      ]);
      expect(fakeImage.statusCode).toBe(422);
      const hugeImage = await plainUpload(user.id, [
        filePart('huge.png', 'image/png', await pngClaiming(7000, 7000)),
      ]);
      expect(hugeImage.json().errors).toEqual({
        file: ['The image is too large: at most 6400 × 6400 pixels.'],
      });

      const sneaky = await plainUpload(user.id, [filePart('../../x.pdf', 'application/pdf', pdfBytes())]);
      expect(sneaky.statusCode).toBe(422);

      const nothing = await plainUpload(user.id, [{ name: 'clientMime', data: 'audio/mpeg' }]);
      expect(nothing.statusCode).toBe(422);
      expect(nothing.json().errors).toEqual({ file: ['Please select a file.'] });

      expect(await t.db.select().from(fileEntries).where(eq(fileEntries.ownerId, user.id))).toEqual([]);
      expect(await storedFiles()).toEqual(before);
      expect(await readdir(join(t.config.dataDir, 'uploads/work')).catch(() => [])).toEqual([]);
    } finally {
      await t.app.deps.settings.set('uploads.max_size', DEFAULT_UPLOAD_SETTINGS.max_size);
    }
  });

  it('needs files.create', async () => {
    const user = await createUser(t.db, { roles: [] });
    expect((await plainUpload(user.id, [filePart('a.pdf', 'application/pdf', pdfBytes())])).statusCode).toBe(
      403,
    );
    const visitor = multipartBody([filePart('a.pdf', 'application/pdf', pdfBytes())]);
    const res = await request(t.app, guest(), {
      method: 'POST',
      url: '/api/v1/file-entries',
      payload: visitor.payload,
      headers: visitor.headers,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('the plain upload and the quota', () => {
  const workFiles = async () => readdir(join(t.config.dataDir, 'uploads/work')).catch(() => [] as string[]);
  /** The app on a real port: these requests are sent over HTTP, their bodies unsent when answered. */
  const listening = async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    return (t.app.server.address() as AddressInfo).port;
  };
  const fillStorage = async (ownerId: number, size: number) =>
    t.db.insert(fileEntries).values({
      name: 'old.pdf',
      fileName: `${randomBytes(8).toString('hex')}.pdf`,
      path: `private/uploads/${randomBytes(16).toString('hex')}.pdf`,
      size,
      ownerId,
    });

  it('refuses a body whose Content-Length is over the quota or the size limit before reading a byte', async () => {
    const port = await listening();
    // A plain listener: the default role.
    const user = await createUser(t.db);
    const { headers } = await sessionFor(t.db, user.id);
    const before = await workFiles();
    const send = async (declared: number) => {
      const boundary = 'zema-quota-test';
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/file-entries',
        headers: {
          ...headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(declared),
        },
      });
      req.on('error', () => {});
      // Only the head of the file part: the answer must come without the rest.
      req.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="master.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
      );
      req.write(Buffer.alloc(64 * 1024));
      const [res] = (await once(req, 'response')) as [IncomingMessage];
      const chunks: Buffer[] = [];
      for await (const chunk of res) chunks.push(chunk as Buffer);
      req.destroy();
      return { status: res.statusCode, body: JSON.parse(Buffer.concat(chunks).toString()) };
    };

    const overQuota = await send(2048 * MB);
    expect(overQuota.status).toBe(422);
    const named = 'This file (2 GB) is larger than your storage quota of 500 MB. Ask for more space.';
    expect(overQuota.body).toEqual({ message: named, errors: { file: [named] } });

    const overLimit = await send(3 * 1024 * MB);
    expect(overLimit.status).toBe(413);
    expect(overLimit.body.errors).toEqual({ file: ['The file may not be greater than 2 GB.'] });

    expect(await workFiles()).toEqual(before);
    expect(await t.db.select().from(fileEntries).where(eq(fileEntries.ownerId, user.id))).toEqual([]);
  });

  it('stops reading a body without Content-Length once it passes the room left', async () => {
    const user = await createUser(t.db, {
      roles: [],
      permissions: [{ name: 'files.create', restrictions: [{ name: 'space', value: 4 }] }],
    });
    const { headers } = await sessionFor(t.db, user.id);
    const boundary = 'zema-quota-test';
    // No Content-Length: sent in chunks (Transfer-Encoding: chunked), as long as no answer came,
    // up to a 48 MB file (within the 50 MB limit for its kind).
    const req = httpRequest({
      host: '127.0.0.1',
      port: await listening(),
      method: 'POST',
      path: '/api/v1/file-entries',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    req.on('error', () => {});
    let answer: IncomingMessage | null = null;
    const answered = once(req, 'response').then(([res]) => {
      answer = res as IncomingMessage;
    });
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="long.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    let sent = 0;
    const chunk = Buffer.alloc(64 * 1024, 0x25);
    while (!answer && sent < 48 * MB) {
      sent += chunk.length;
      if (!req.write(chunk)) await Promise.race([once(req, 'drain'), answered]);
    }
    if (!answer) req.end(`\r\n--${boundary}--\r\n`);
    await answered;
    const res = answer as unknown as IncomingMessage;
    const chunks: Buffer[] = [];
    for await (const part of res) chunks.push(part as Buffer);
    req.destroy();
    expect(res.statusCode).toBe(422);
    expect(JSON.parse(Buffer.concat(chunks).toString()).message).toMatch(
      /^This file \(.+\) is larger than your storage quota of 4 MB\./,
    );
    // Answered once past the 4 MB of room (give or take what the sockets buffer), not at 48 MB.
    expect(sent).toBeLessThan(24 * MB);
    expect(await workFiles()).toEqual([]);
    expect(await t.db.select().from(fileEntries).where(eq(fileEntries.ownerId, user.id))).toEqual([]);
  });

  it('lets only one of two uploads sent together into the room left for one', async () => {
    const user = await createUser(t.db, {
      roles: [],
      permissions: [{ name: 'files.create', restrictions: [{ name: 'space', value: 1 }] }],
    });
    const pdf = () => {
      const data = randomBytes(600_000);
      data.write('%PDF-1.7\n', 0, 'latin1');
      return data;
    };
    const answers = await Promise.all(
      ['a.pdf', 'b.pdf'].map((name) => plainUpload(user.id, [filePart(name, 'application/pdf', pdf())])),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((r) => r.statusCode === 422)!.json().message).toBe(
      'This file (585.9 KB) does not fit in your storage: 585.9 KB of 1 MB used. Delete files or ask for more space.',
    );
    expect(await t.db.select().from(fileEntries).where(eq(fileEntries.ownerId, user.id))).toHaveLength(1);
  });

  it('still lets a full storage change the avatar through the upload queue, and nothing else', async () => {
    const user = await createUser(t.db, {
      roles: [],
      permissions: [{ name: 'files.create', restrictions: [{ name: 'space', value: 1 }] }],
    });
    await fillStorage(user.id, MB);
    const picture = await sharp({
      create: { width: 300, height: 300, channels: 3, background: { r: 200, g: 40, b: 90 } },
    })
      .png()
      .toBuffer();
    const full = 'Your storage is full: 1 MB of 1 MB used. Delete files or ask for more space.';

    const cover = await plainUpload(user.id, [filePart('cover.png', 'image/png', picture)]);
    expect(cover.statusCode).toBe(422);
    expect(cover.json().errors).toEqual({ file: [full] });

    // What the avatar form sends: the picture with uploadType 'avatar', then its entry.
    const upload = await plainUpload(user.id, [
      filePart('me.png', 'image/png', picture),
      { name: 'metadata', data: JSON.stringify({ uploadType: 'avatar' }) },
    ]);
    expect(upload.statusCode, upload.body).toBe(200);
    const entryId = upload.json().fileEntry.id as number;
    const avatar = await request(t.app, await sessionFor(t.db, user.id), {
      method: 'POST',
      url: `/api/v1/users/${user.id}/avatar`,
      payload: { file_entry_id: entryId },
    });
    expect(avatar.statusCode, avatar.body).toBe(200);
    expect(avatar.json().user.avatar).toMatch(/\.webp$/);
    // The upload has served its purpose: the storage is as full as before, not fuller.
    expect(await t.db.select().from(fileEntries).where(eq(fileEntries.id, entryId))).toEqual([]);
  });
});

describe('storeUploadedFile', () => {
  it('a failure after the bytes were stored leaves no entry and no bytes', async () => {
    const user = await createUser(t.db);
    const before = await storedFiles();
    await expect(
      storeUploadedFile(t.deps, {
        ownerId: user.id,
        stream: Readable.from([mp3Bytes(200_000)]),
        name: 'a.mp3',
        mime: 'audio/mpeg',
        extension: 'mp3',
        alongside: async () => {
          throw new Error('the database went away');
        },
      }),
    ).rejects.toThrow('the database went away');
    expect(await t.db.select().from(fileEntries).where(eq(fileEntries.ownerId, user.id))).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it('a stream that breaks mid-way leaves no entry and no bytes', async () => {
    const user = await createUser(t.db);
    const before = await storedFiles();
    const broken = Readable.from(
      (async function* () {
        yield mp3Bytes(100_000);
        throw new Error('connection reset');
      })(),
    );
    await expect(
      storeUploadedFile(t.deps, {
        ownerId: user.id,
        stream: broken,
        name: 'a.mp3',
        mime: 'audio/mpeg',
        extension: 'mp3',
      }),
    ).rejects.toThrow('connection reset');
    expect(await t.db.select().from(fileEntries).where(eq(fileEntries.ownerId, user.id))).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses bytes that do not match the announced size', async () => {
    const user = await createUser(t.db);
    await expect(
      storeUploadedFile(t.deps, {
        ownerId: user.id,
        stream: Readable.from([mp3Bytes(1000)]),
        name: 'a.mp3',
        mime: 'audio/mpeg',
        extension: 'mp3',
        size: 999,
      }),
    ).rejects.toBeInstanceOf(InvalidInputError);
  });
});

async function uploadPdf(userId: number) {
  const res = await plainUpload(userId, [filePart('doc.pdf', 'application/pdf', pdfBytes())]);
  expect(res.statusCode).toBe(200);
  const entry = res.json().fileEntry as { id: number; url: string };
  const [row] = await t.db.select().from(fileEntries).where(eq(fileEntries.id, entry.id));
  return { ...entry, path: row!.path };
}

describe('trash, restore and delete forever', () => {
  it('moves to the trash, restores, and deletes forever with the bytes', async () => {
    const user = await createUser(t.db);
    const owner = await sessionFor(t.db, user.id);
    const a = await uploadPdf(user.id);
    const b = await uploadPdf(user.id);

    const trashed = await request(t.app, owner, {
      method: 'POST',
      url: '/api/v1/file-entries/delete',
      payload: { entryIds: [a.id], paths: [b.path] },
    });
    expect(trashed.statusCode).toBe(200);
    expect(trashed.json().message).toBe('Moved 2 files to the trash.');
    const rows = await t.db.select().from(fileEntries).where(eq(fileEntries.ownerId, user.id));
    expect(rows.every((r) => r.deletedAt !== null)).toBe(true);
    // Trashed files keep their bytes but are not served.
    expect(await storedFiles()).toEqual(expect.arrayContaining([a.path, b.path]));
    expect((await request(t.app, owner, { method: 'GET', url: a.url })).statusCode).toBe(404);

    const restored = await request(t.app, owner, {
      method: 'POST',
      url: '/api/v1/file-entries/restore',
      payload: { entryIds: [a.id] },
    });
    expect(restored.json().message).toBe('Restored 1 file.');
    expect((await request(t.app, owner, { method: 'GET', url: a.url })).statusCode).toBe(200);

    const forever = await request(t.app, owner, {
      method: 'POST',
      url: '/api/v1/file-entries/delete',
      payload: { entryIds: [a.id, b.id], deleteForever: true },
    });
    expect(forever.json().message).toBe('Deleted 2 files.');
    expect(await t.db.select().from(fileEntries).where(eq(fileEntries.ownerId, user.id))).toEqual([]);
    const left = await storedFiles();
    expect(left).not.toContain(a.path);
    expect(left).not.toContain(b.path);
  });

  it("never touches another user's files; an admin may delete any", async () => {
    const owner = await createUser(t.db);
    const other = await createUser(t.db);
    const file = await uploadPdf(owner.id);
    const intruder = await sessionFor(t.db, other.id);
    for (const payload of [
      { entryIds: [file.id], deleteForever: true },
      { paths: [file.path], deleteForever: true },
      { entryIds: [file.id] },
    ]) {
      const res = await request(t.app, intruder, {
        method: 'POST',
        url: '/api/v1/file-entries/delete',
        payload,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toMatch(/^(Deleted|Moved) 0 files/);
    }
    const [row] = await t.db.select().from(fileEntries).where(eq(fileEntries.id, file.id));
    expect(row!.deletedAt).toBeNull();
    expect(await storedFiles()).toContain(file.path);

    const admin = await sessionFor(t.db, await adminUserId(t.db));
    const res = await request(t.app, admin, {
      method: 'POST',
      url: '/api/v1/file-entries/delete',
      payload: { entryIds: [file.id], deleteForever: true },
    });
    expect(res.json().message).toBe('Deleted 1 file.');
    expect(await storedFiles()).not.toContain(file.path);
  });

  it('validates the body', async () => {
    const user = await createUser(t.db);
    const owner = await sessionFor(t.db, user.id);
    const res = await request(t.app, owner, {
      method: 'POST',
      url: '/api/v1/file-entries/restore',
      payload: { entryIds: ['x'] },
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('GET file-entries/:id/download', () => {
  it('serves the owner and an admin as an attachment; others get 404, visitors 401', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const pdf = pdfBytes();
    const res = await plainUpload(user.id, [filePart('Ünïcode report.pdf', 'application/pdf', pdf)]);
    const entry = res.json().fileEntry as { id: number; url: string };

    const mine = await request(t.app, await sessionFor(t.db, user.id), { method: 'GET', url: entry.url });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(mine.headers['content-disposition']).toMatch(/^attachment; filename="/);
    expect(mine.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Ünïcode report.pdf')}`,
    );
    expect(mine.rawPayload.equals(pdf)).toBe(true);

    const admin = await request(t.app, await sessionFor(t.db, await adminUserId(t.db)), {
      method: 'GET',
      url: entry.url,
    });
    expect(admin.statusCode).toBe(200);
    const theirs = await request(t.app, await sessionFor(t.db, other.id), { method: 'GET', url: entry.url });
    expect(theirs.statusCode).toBe(404);
    const missing = await request(t.app, await sessionFor(t.db, other.id), {
      method: 'GET',
      url: '/api/v1/file-entries/999999999/download',
    });
    expect(missing.statusCode).toBe(404);
    expect((await request(t.app, guest(), { method: 'GET', url: entry.url })).statusCode).toBe(401);
  });

  it('answers one Range with 206, 416 past the end, 304 when unchanged', async () => {
    const user = await createUser(t.db);
    const owner = await sessionFor(t.db, user.id);
    const pdf = pdfBytes();
    const res = await plainUpload(user.id, [filePart('notes.pdf', 'application/pdf', pdf)]);
    const { url } = res.json().fileEntry as { url: string };
    const get = (headers: Record<string, string>) => request(t.app, owner, { method: 'GET', url, headers });

    const whole = await get({});
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const part = await get({ range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${pdf.length}`);
    expect(part.rawPayload.equals(pdf.subarray(10, 20))).toBe(true);
    const tail = await get({ range: 'bytes=-5' });
    expect(tail.rawPayload.equals(pdf.subarray(pdf.length - 5))).toBe(true);
    const past = await get({ range: `bytes=${pdf.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${pdf.length}`);
    // A stale If-Range gets the whole file, as RFC 9110 says.
    const stale = await get({ range: 'bytes=0-9', 'if-range': '"stale"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(pdf)).toBe(true);
    const cached = await get({ 'if-none-match': String(whole.headers.etag) });
    expect(cached.statusCode).toBe(304);
  });
});
