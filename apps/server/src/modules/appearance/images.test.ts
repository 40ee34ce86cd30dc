import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileEntries } from '#src/modules/uploads/tables';
import { generateStorageKey } from '#src/platform/storage';
import {
  adminUserId,
  Client,
  createUser,
  guest,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  useApp,
} from '#test/helpers';
import { sanitizeSvg } from './images';

const t = useApp();
let admin: Client;
let adminId: number;

beforeAll(async () => {
  admin = new Client(t.app);
  const res = await admin.post('/auth/login', { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD });
  expect(res.statusCode).toBe(200);
  adminId = await adminUserId(t.db);
});

/** A stored upload of `ownerId`, as the upload queue leaves it. */
async function storedEntry(ownerId: number, data: Buffer | string, name = 'logo.png') {
  const key = generateStorageKey('private/uploads', 'bin');
  await t.app.deps.storage.put(key, Buffer.from(data), 'application/octet-stream');
  const [row] = await t.db
    .insert(fileEntries)
    .values({ name, fileName: key.split('/').pop()!, size: Buffer.byteLength(data), path: key, ownerId })
    .returning({ id: fileEntries.id, path: fileEntries.path });
  return row!;
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 40, b: 20, alpha: 0.5 } } })
    .png()
    .toBuffer();

const fetchStored = (url: string) => guest().inject({ url }, t.app);

describe('POST admin/appearance/images', () => {
  it('makes a PNG logo of a raster upload, and the upload itself goes', async () => {
    const entry = await storedEntry(adminId, await png(3000, 1000));
    const res = await admin.post('/api/v1/admin/appearance/images', {
      file_entry_id: entry.id,
      purpose: 'logo',
    });
    expect(res.statusCode).toBe(200);
    const served = await fetchStored(res.json().url);
    expect(served.headers['content-type']).toContain('image/png');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([1024, 341, true]);
    expect(await t.app.deps.storage.get(entry.path)).toBeNull();
  });

  it('makes every favicon size from one upload, named in the page and the manifest', async () => {
    const entry = await storedEntry(adminId, await png(600, 600), 'icon.png');
    const res = await admin.post('/api/v1/admin/appearance/images', {
      file_entry_id: entry.id,
      purpose: 'favicon',
    });
    const url: string = res.json().url;
    expect(url).toMatch(/\/appearance\/icons\/[a-z0-9]+\/32\.png$/);
    for (const size of [32, 180, 192, 512]) {
      const served = await fetchStored(url.replace(/32\.png$/, `${size}.png`));
      expect(served.statusCode).toBe(200);
      expect((await sharp(served.rawPayload).metadata()).width).toBe(size);
    }
    await t.app.deps.settings.set('branding.favicon', url);
    try {
      const page = await guest().inject({ url: '/' }, t.app);
      expect(page.body).toContain(`<link rel="icon" type="image/png" sizes="32x32" href="${url}">`);
      expect(page.body).toContain(
        `<link rel="apple-touch-icon" href="${url.replace(/32\.png$/, '180.png')}">`,
      );
      const manifest = await guest().inject({ url: '/manifest.webmanifest' }, t.app);
      expect(manifest.headers['content-type']).toContain('application/manifest+json');
      expect(manifest.json().icons.map((i: { src: string }) => i.src)).toContain(
        url.replace(/32\.png$/, '512.png'),
      );
    } finally {
      await t.app.deps.settings.set('branding.favicon', '/favicon.svg');
    }
  });

  it('keeps an SVG logo as SVG, without scripts, handlers or outside links', async () => {
    const svg = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)">
      <script>alert(2)</script><rect width="10" height="10" fill="red" onclick="alert(3)"/>
      <foreignObject><div>x</div></foreignObject><use href="https://evil.example/x.svg#a"/>
      <a href="javascript:alert(4)"><circle cx="5" cy="5" r="2"/></a></svg>`;
    const entry = await storedEntry(adminId, svg, 'logo.svg');
    const res = await admin.post('/api/v1/admin/appearance/images', {
      file_entry_id: entry.id,
      purpose: 'logo',
    });
    expect(res.statusCode).toBe(200);
    const served = await fetchStored(res.json().url);
    expect(served.headers['content-type']).toContain('image/svg+xml');
    expect(served.body).toContain('viewBox="0 0 10 10"');
    expect(served.body).toContain('<rect width="10" height="10" fill="red"');
    expect(served.body).not.toMatch(/script|onload|onclick|foreignObject|evil\.example|javascript:/i);
  });

  it("refuses what is not an image, someone else's upload, and the users without the permission", async () => {
    const text = await storedEntry(adminId, 'just some words', 'notes.png');
    const notImage = await admin.post('/api/v1/admin/appearance/images', {
      file_entry_id: text.id,
      purpose: 'logo',
    });
    expect(notImage.statusCode).toBe(422);
    expect(notImage.json().errors.file_entry_id).toEqual(['Upload a PNG, JPEG, WebP, GIF or SVG image.']);

    const other = await createUser(t.db);
    const theirs = await storedEntry(other.id, await png(10, 10));
    const stolen = await admin.post('/api/v1/admin/appearance/images', {
      file_entry_id: theirs.id,
      purpose: 'logo',
    });
    expect(stolen.statusCode).toBe(422);
    expect(await t.app.deps.storage.get(theirs.path)).not.toBeNull();
  });
});

describe('the SVG sanitiser', () => {
  it('keeps drawing and embedded raster pictures, and drops everything that could run or fetch', () => {
    const clean = sanitizeSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient>' +
        '<path d="M0 0h4v4z" fill="url(#g)"/><use href="#g"/><image href="data:image/png;base64,AAAA"/>' +
        '<image href="https://evil.example/p.png"/><style>@import url(https://evil.example)</style></svg>',
    );
    expect(clean).toContain('<linearGradient id="g">');
    expect(clean).toContain('<use href="#g"');
    expect(clean).toContain('data:image/png;base64,AAAA');
    expect(clean).not.toMatch(/evil\.example|<style/);
  });
});
