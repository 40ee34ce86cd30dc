import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileEntries } from '#src/modules/uploads/tables';
import { users } from '#src/modules/users/tables';
import { generateStorageKey, isValidStorageKey } from '#src/platform/storage';
import { adminUserId, createUser, guest, request, sessionFor, type TestApp, useApp } from '#test/helpers';
import { pngClaiming } from '#test/images';
import { multipartBody } from '#test/multipart';
import { fetchRemoteImage } from './avatar.service';

const t = useApp();
/** The same app but allowed to fetch from loopback (the local image server below). */
const lan = useApp({}, { remoteFetch: { allowPrivateAddresses: true, timeoutMs: 1500 } });
let server: Server;
let base: string;
let png: Buffer;
const big = randomBytes(Math.round(2.1 * 1024 * 1024));

beforeAll(async () => {
  png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();
  server = createServer((req, res) => {
    if (req.url === '/a.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (req.url === '/redirect') return res.writeHead(302, { location: '/a.png' }).end();
    if (req.url === '/big.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(big);
    if (req.url === '/text.png')
      return res.writeHead(200, { 'content-type': 'image/png' }).end('not an image');
    if (req.url === '/slow.png') return; // never answers
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function upload(
  app: TestApp,
  userId: number,
  parts: Parameters<typeof multipartBody>[0],
  target = 'me',
) {
  const actor = await sessionFor(app.deps.db, userId);
  const body = multipartBody(parts);
  return request(app.app, actor, {
    method: 'POST',
    url: `/api/v1/users/${target}/avatar`,
    payload: body.payload,
    headers: body.headers,
  });
}

const storedFiles = async (app: TestApp) =>
  readdir(join(app.deps.config.dataDir, 'storage/avatars')).catch(() => [] as string[]);

describe('POST users/:id/avatar (file)', () => {
  it('re-encodes a PNG to a 256×256 WebP served back as image/webp with a long cache', async () => {
    const user = await createUser(t.db);
    const res = await upload(t, user.id, [
      { name: 'file', filename: 'me.png', contentType: 'image/png', data: png },
    ]);
    expect(res.statusCode).toBe(200);
    const avatar = res.json().user.avatar as string;
    expect(avatar).toMatch(/^\/storage\/avatars\/[0-9a-f]{32}\.webp$/);

    const served = await t.app.inject({ method: 'GET', url: avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('applies the EXIF orientation before cropping (a JPEG)', async () => {
    // 512×256: red top half, blue bottom half; orientation 6 = display rotated 90° clockwise, so
    // upright it is 256×512 with blue on the left and red on the right.
    const halves = await sharp({ create: { width: 512, height: 256, channels: 3, background: '#f00' } })
      .composite([
        {
          input: { create: { width: 512, height: 128, channels: 3, background: '#00f' } },
          top: 128,
          left: 0,
        },
      ])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const user = await createUser(t.db);
    const res = await upload(t, user.id, [
      { name: 'file', filename: 'p.jpg', contentType: 'image/jpeg', data: halves },
    ]);
    expect(res.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: res.json().user.avatar });
    const { data, info } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    const [lr, , lb] = pixel(20, 128);
    const [rr, , rb] = pixel(235, 128);
    expect(lb).toBeGreaterThan(200);
    expect(lr).toBeLessThan(60);
    expect(rr).toBeGreaterThan(200);
    expect(rb).toBeLessThan(60);
  });

  it('refuses a file over 2 MB and a text file named .png, storing nothing', async () => {
    const user = await createUser(t.db);
    const before = await storedFiles(t);
    const tooBig = await upload(t, user.id, [
      { name: 'file', filename: 'big.png', contentType: 'image/png', data: big },
    ]);
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().errors).toEqual({ file: ['The file may not be greater than 2 MB.'] });

    const text = await upload(t, user.id, [
      { name: 'file', filename: 'notes.png', contentType: 'image/png', data: 'just some words\n'.repeat(50) },
    ]);
    expect(text.statusCode).toBe(422);
    expect(text.json().errors).toEqual({ file: ['This file type is not allowed'] });

    const huge = await upload(t, user.id, [
      { name: 'file', filename: 'huge.png', contentType: 'image/png', data: await pngClaiming(7000, 7000) },
    ]);
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors).toEqual({ file: ['The image is too large: at most 6400 × 6400 pixels.'] });

    const svg = await upload(t, user.id, [
      {
        name: 'file',
        filename: 'x.svg',
        contentType: 'image/svg+xml',
        data: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      },
    ]);
    expect(svg.statusCode).toBe(422);

    const nothing = await upload(t, user.id, [{ name: 'other', data: 'x' }]);
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().errors).toEqual({ file: ['Please select an image.'] });
    expect(await storedFiles(t)).toEqual(before);
  });

  it('never lets the client file name reach the file system', async () => {
    const user = await createUser(t.db);
    const res = await upload(t, user.id, [
      { name: 'file', filename: '../../../evil.png', contentType: 'image/png', data: png },
    ]);
    expect(res.statusCode).toBe(200);
    const dataDir = t.config.dataDir;
    for (const dir of [
      dataDir,
      join(dataDir, 'storage'),
      join(dataDir, 'storage/avatars'),
      dirname(dataDir),
    ]) {
      expect(await readdir(dir).catch(() => [])).not.toContain('evil.png');
    }
    expect(res.json().user.avatar).not.toContain('evil');
  });

  it('replacing and deleting remove the old file', async () => {
    const user = await createUser(t.db);
    const first = (await upload(t, user.id, [{ name: 'file', filename: 'a.png', data: png }])).json().user
      .avatar;
    const second = (await upload(t, user.id, [{ name: 'file', filename: 'b.png', data: png }])).json().user
      .avatar;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);

    const actor = await sessionFor(t.db, user.id);
    const removed = await request(t.app, actor, { method: 'DELETE', url: `/api/v1/users/${user.id}/avatar` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().user.avatar).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(404);
  });

  it('keeps a social provider avatar URL untouched on delete (nothing of ours to remove)', async () => {
    const user = await createUser(t.db);
    await t.db.update(users).set({ avatar: 'https://example.com/pic.jpg' }).where(eq(users.id, user.id));
    const actor = await sessionFor(t.db, user.id);
    const res = await request(t.app, actor, { method: 'DELETE', url: '/api/v1/users/me/avatar' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.avatar).toBeNull();
  });

  it('other users get 403, visitors 401; an admin may change anyone', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const part = [{ name: 'file', filename: 'a.png', data: png }];
    expect((await upload(t, a.id, part, String(b.id))).statusCode).toBe(403);
    const actorA = await sessionFor(t.db, a.id);
    expect(
      (await request(t.app, actorA, { method: 'DELETE', url: `/api/v1/users/${b.id}/avatar` })).statusCode,
    ).toBe(403);
    const body = multipartBody(part);
    const anon = await request(t.app, guest(), {
      method: 'POST',
      url: `/api/v1/users/${b.id}/avatar`,
      payload: body.payload,
      headers: body.headers,
    });
    expect(anon.statusCode).toBe(401);
    expect((await upload(t, await adminUserId(t.db), part, String(b.id))).statusCode).toBe(200);
  });
});

describe('the storage route', () => {
  it('answers 404 for traversal attempts and unknown files', async () => {
    for (const url of [
      '/storage/..%2Fapp-key',
      '/storage/avatars/..%2F..%2Fapp-key',
      '/storage/avatars/nope.webp',
      '/storage/.hidden',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
    // Dot segments are resolved before routing: this one never reaches the storage route at all.
    const dots = await t.app.inject({ method: 'GET', url: '/storage/%2e%2e/%2e%2e/etc/passwd' });
    expect(dots.body).not.toContain('root:');
    expect(isValidStorageKey('avatars/abc.webp')).toBe(true);
    for (const bad of ['../x', 'avatars/../x', '/etc/passwd', 'avatars//x', 'a\\b', 'avatars/.x', 'A/B']) {
      expect(isValidStorageKey(bad), bad).toBe(false);
    }
  });
});

describe('POST users/:id/avatar (url)', () => {
  it('fetches the image server-side (JSON or multipart url, redirects followed) and re-encodes it', async () => {
    const user = await createUser(lan.db);
    const actor = await sessionFor(lan.db, user.id);
    const json = await request(lan.app, actor, {
      method: 'POST',
      url: '/api/v1/users/me/avatar',
      payload: { url: `${base}/redirect` },
    });
    expect(json.statusCode).toBe(200);
    const served = await lan.app.inject({ method: 'GET', url: json.json().user.avatar });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 256,
    });

    const multi = await upload(lan, user.id, [{ name: 'url', data: `${base}/a.png` }]);
    expect(multi.statusCode).toBe(200);
  });

  it('refuses too large, non-image, unreachable and slow answers', async () => {
    const user = await createUser(lan.db);
    const actor = await sessionFor(lan.db, user.id);
    const post = (url: string) =>
      request(lan.app, actor, { method: 'POST', url: '/api/v1/users/me/avatar', payload: { url } });
    expect((await post(`${base}/big.png`)).json().errors).toEqual({
      url: ['The file may not be greater than 2 MB.'],
    });
    expect((await post(`${base}/text.png`)).json().errors).toEqual({
      url: ['This file type is not allowed'],
    });
    expect((await post(`${base}/missing.png`)).json().errors.url).toEqual([
      'Could not download an image from this URL.',
    ]);
    const slow = await post(`${base}/slow.png`);
    expect(slow.statusCode).toBe(422);
    expect(slow.json().errors.url).toEqual(['Could not download an image from this URL.']);
  });

  it('refuses non-http(s) schemes and private, loopback and link-local addresses by default', async () => {
    const user = await createUser(t.db);
    const actor = await sessionFor(t.db, user.id);
    for (const url of [
      `${base}/a.png`,
      `http://localhost:${new URL(base).port}/a.png`,
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.1/a.png',
      'http://[::1]/a.png',
      'http://[::ffff:127.0.0.1]/a.png',
      'file:///etc/passwd',
      'ftp://example.com/a.png',
    ]) {
      const res = await request(t.app, actor, {
        method: 'POST',
        url: '/api/v1/users/me/avatar',
        payload: { url },
      });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors.url, url).toEqual(['This URL is not allowed.']);
    }
    // The guard sits in the connection's DNS lookup, so a name resolving to loopback is refused too.
    await expect(fetchRemoteImage(`http://localhost:${new URL(base).port}/a.png`)).rejects.toThrow(
      'This URL is not allowed.',
    );
  });
});

describe('POST users/:id/avatar {file_entry_id} (from the upload queue)', () => {
  /** A stored upload of `ownerId`, as POST file-entries leaves it. */
  async function storedEntry(ownerId: number, data: Buffer | string, name = 'me.png') {
    const key = generateStorageKey('private/uploads', 'png');
    await t.app.deps.storage.put(key, Buffer.from(data), 'application/octet-stream');
    const [row] = await t.db
      .insert(fileEntries)
      .values({ name, fileName: key.split('/').pop()!, size: Buffer.byteLength(data), path: key, ownerId })
      .returning({ id: fileEntries.id, path: fileEntries.path });
    return row!;
  }
  const setFromEntry = async (userId: number, fileEntryId: unknown, target = 'me') =>
    request(t.app, await sessionFor(t.db, userId), {
      method: 'POST',
      url: `/api/v1/users/${target}/avatar`,
      payload: { file_entry_id: fileEntryId },
    });
  const entryRow = async (id: number) =>
    (await t.db.select().from(fileEntries).where(eq(fileEntries.id, id)))[0];

  it('re-encodes the uploaded picture to a 256×256 WebP and lets the upload go', async () => {
    const user = await createUser(t.db);
    const entry = await storedEntry(user.id, png);
    const res = await setFromEntry(user.id, entry.id);
    expect(res.statusCode, res.body).toBe(200);
    const avatar = res.json().user.avatar as string;
    expect(avatar).toMatch(/^\/storage\/avatars\/[0-9a-f]{32}\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: avatar });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 256,
    });
    expect(await entryRow(entry.id)).toBeUndefined();
    expect(await t.app.deps.storage.stat(entry.path)).toBeNull();
  });

  it("refuses another user's upload, a text file, one over 2 MB and a bad id; nothing changes", async () => {
    const user = await createUser(t.db);
    const someone = await createUser(t.db);
    const theirs = await storedEntry(someone.id, png);
    const notYours = await setFromEntry(user.id, theirs.id);
    expect(notYours.statusCode).toBe(422);
    expect(notYours.json().errors).toEqual({ file: ['This upload is not yours.'] });
    expect(await entryRow(theirs.id)).toBeDefined();

    const text = await storedEntry(user.id, 'just some words\n'.repeat(50), 'notes.png');
    const refused = await setFromEntry(user.id, text.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ file: ['This file type is not allowed'] });

    const huge = await storedEntry(user.id, big, 'big.png');
    const tooBig = await setFromEntry(user.id, huge.id);
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().errors).toEqual({ file: ['The file may not be greater than 2 MB.'] });

    expect((await setFromEntry(user.id, 'x')).statusCode).toBe(422);
    const [row] = await t.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, user.id));
    expect(row!.avatar).toBeNull();
  });

  it("an admin setting someone's avatar uses an upload of the admin's own", async () => {
    const user = await createUser(t.db);
    const adminId = await adminUserId(t.db);
    const usersOwn = await storedEntry(user.id, png);
    expect((await setFromEntry(adminId, usersOwn.id, String(user.id))).statusCode).toBe(422);
    const adminsOwn = await storedEntry(adminId, png);
    const res = await setFromEntry(adminId, adminsOwn.id, String(user.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.avatar).toMatch(/\.webp$/);
  });
});
