// Both drivers: eight uploads at once against one quota (a row lock).
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  DEFAULT_UPLOAD_SETTINGS,
  MAX_UNFINISHED_UPLOADS,
  UPLOAD_TOO_MANY_UNFINISHED_MESSAGE,
  UPLOAD_TYPE_NOT_ALLOWED_MESSAGE,
} from '@zema/contracts';
import { eq } from 'drizzle-orm';
import { DetailedError, Upload, type UploadOptions } from 'tus-js-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileEntries, pendingUploads } from '#src/modules/uploads/tables';
import { mp3ThenNoise } from '#test/catalogue';
import { createUser, guest, request, sessionFor, useApp } from '#test/helpers';
import { cleanUpAbandonedUploads, TUS_EXPIRY_MS, tusStagingDir } from './tus.service';
import { UPLOAD_NAME_INVALID_MESSAGE, UPLOAD_NAME_TOO_LONG_MESSAGE } from './upload-policy';

const t = useApp();
const MB = 1024 * 1024;
let base: string;
let endpoint: string;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  endpoint = `${base}/api/v1/tus/upload`;
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
/** An MP3 that decodes for its first 256 KB, then noise (the upload check decodes the start). */
const mp3Bytes = mp3ThenNoise;
const idOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

/** A signed-in browser: its session and XSRF cookies and the XSRF echo, as the web app sends them. */
async function browser(userId: number) {
  const client = await sessionFor(t.db, userId);
  return { client, headers: client.headers };
}

const tusMetadata = (name: string, mime: string, size: number) => ({
  name,
  clientName: name,
  clientMime: mime,
  clientExtension: name.includes('.') ? name.slice(name.lastIndexOf('.') + 1) : '',
  clientSize: String(size),
  relativePath: '',
});

/** Runs a tus-js-client upload to its end (or first error), as the web app's queue does. */
function runUpload(file: Buffer | Readable, options: UploadOptions): Promise<Upload> {
  return new Promise((resolve, reject) => {
    // A Node stream is a source tus-js-client reads in Node (its types name only the browser's).
    const upload: Upload = new Upload(file as Buffer, {
      endpoint,
      overridePatchMethod: true,
      retryDelays: [],
      ...options,
      onSuccess: () => resolve(upload),
      onError: reject,
    });
    upload.start();
  });
}

const encode = (meta: Record<string, string>) =>
  Object.entries(meta)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/** A raw tus request with the browser's credentials. */
function tusFetch(url: string, init: { method: string; headers: Record<string, string>; body?: Buffer }) {
  return fetch(url, { ...init, body: init.body ? new Uint8Array(init.body) : undefined });
}

async function create(headers: Record<string, string>, size: number, meta: Record<string, string>) {
  return tusFetch(endpoint, {
    method: 'POST',
    headers: {
      ...headers,
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': encode(meta),
    },
  });
}

/** An error answer's SPEC §8 body. */
const bodyOf = async (res: Response) =>
  (await res.json()) as { message: string; errors?: Record<string, string[]> };

const stagedFiles = async () => readdir(tusStagingDir(t.config.dataDir)).catch(() => [] as string[]);
const storedFiles = async () =>
  (await readdir(join(t.config.dataDir, 'storage'), { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((e) => e.isFile())
    .map((e) => e.name);

describe('tus uploads with tus-js-client', () => {
  it('an upload interrupted after its first chunk resumes from the server offset and is stored byte-identical', {
    timeout: 120_000,
  }, async () => {
    const user = await createUser(t.db);
    const { client, headers } = await browser(user.id);
    const file = mp3Bytes(12 * MB);
    const options = {
      chunkSize: 5 * MB,
      headers,
      metadata: {
        ...tusMetadata('01 Intro.mp3', 'audio/mpeg', file.length),
        relativePath: 'Album/01 Intro.mp3',
      },
    };

    // First try: aborted as soon as the first chunk is acknowledged.
    const firstChunk = new Promise<Upload>((resolve, reject) => {
      const upload: Upload = new Upload(file, {
        endpoint,
        overridePatchMethod: true,
        retryDelays: [],
        ...options,
        onChunkComplete: (_chunk, accepted) => {
          if (accepted === 5 * MB) upload.abort().then(() => resolve(upload), reject);
        },
        onError: reject,
        onSuccess: () => reject(new Error('the upload was meant to be interrupted')),
      });
      upload.start();
    });
    const interrupted = await firstChunk;
    const url = interrupted.url!;
    expect(url).toMatch(/\/api\/v1\/tus\/upload\/[0-9a-f]{32}$/);

    const head = await tusFetch(url, { method: 'HEAD', headers: { ...headers, 'tus-resumable': '1.0.0' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(5 * MB));
    expect(head.headers.get('upload-length')).toBe(String(file.length));

    // Second try: a new client on the same URL carries on from the server's offset.
    const accepted: number[] = [];
    const resumed = await runUpload(file, {
      ...options,
      uploadUrl: url,
      onChunkComplete: (_chunk, bytesAccepted) => accepted.push(bytesAccepted),
    });
    expect(accepted[0]).toBe(10 * MB);
    expect(accepted.at(-1)).toBe(file.length);

    const res = await request(t.app, client, {
      method: 'POST',
      url: '/api/v1/tus/entries',
      payload: { uploadKey: idOf(resumed.url!) },
    });
    expect(res.statusCode).toBe(200);
    const entry = res.json().fileEntry;
    expect(entry).toMatchObject({
      name: '01 Intro.mp3',
      relative_path: 'Album/01 Intro.mp3',
      mime: 'audio/mpeg',
      file_size: file.length,
      extension: 'mp3',
      public: false,
      owner_id: user.id,
      checksum: sha256(file),
      url: `/api/v1/file-entries/${entry.id}/download`,
    });

    const download = await request(t.app, client, { method: 'GET', url: entry.url });
    expect(download.statusCode).toBe(200);
    expect(sha256(download.rawPayload)).toBe(sha256(file));

    // The staging copy and the reservation are gone; finishing twice makes no second entry.
    expect(await stagedFiles()).not.toContain(idOf(url));
    expect(
      await t.db
        .select()
        .from(pendingUploads)
        .where(eq(pendingUploads.key, idOf(url))),
    ).toEqual([]);
    const again = await request(t.app, client, {
      method: 'POST',
      url: '/api/v1/tus/entries',
      payload: { uploadKey: idOf(url) },
    });
    expect(again.statusCode).toBe(404);
    expect(await t.db.select().from(fileEntries).where(eq(fileEntries.ownerId, user.id))).toHaveLength(1);
  });

  it('announces the expiry on creation and ends an upload on DELETE (sent as POST with the override)', async () => {
    const user = await createUser(t.db);
    const { headers } = await browser(user.id);
    const created = await create(headers, 1000, tusMetadata('a.mp3', 'audio/mpeg', 1000));
    expect(created.status).toBe(201);
    const expires = Date.parse(created.headers.get('upload-expires')!);
    expect(expires - Date.now()).toBeGreaterThan(TUS_EXPIRY_MS - 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(TUS_EXPIRY_MS);
    const url = new URL(created.headers.get('location')!, endpoint).toString();
    expect(
      await t.db
        .select()
        .from(pendingUploads)
        .where(eq(pendingUploads.key, idOf(url))),
    ).toHaveLength(1);

    const ended = await tusFetch(url, {
      method: 'POST',
      headers: { ...headers, 'tus-resumable': '1.0.0', 'x-http-method-override': 'DELETE' },
    });
    expect(ended.status).toBe(204);
    expect(await stagedFiles()).not.toContain(idOf(url));
    await expect
      .poll(async () =>
        t.db
          .select()
          .from(pendingUploads)
          .where(eq(pendingUploads.key, idOf(url))),
      )
      .toEqual([]);
    const head = await tusFetch(url, { method: 'HEAD', headers: { ...headers, 'tus-resumable': '1.0.0' } });
    expect(head.status).toBe(404);
  });
});

describe('the tus protocol rules', () => {
  it('answers OPTIONS with the version, the extensions and the largest upload, signed in or not', async () => {
    await t.app.deps.settings.set('uploads.max_size', {
      ...DEFAULT_UPLOAD_SETTINGS.max_size,
      audio: 300 * MB,
    });
    try {
      const user = await createUser(t.db);
      const { headers } = await browser(user.id);
      // No Tus-Resumable on an OPTIONS request (PROTOCOLS), and no credentials: a client asks first.
      for (const asked of [{}, headers]) {
        const res = await tusFetch(endpoint, { method: 'OPTIONS', headers: asked });
        expect(res.status).toBe(204);
        expect(res.headers.get('tus-version')).toBe('1.0.0');
        // Only what this server does: a deferred length is refused, so it is not announced.
        expect(res.headers.get('tus-extension')).toBe('creation,termination,expiration');
        expect(res.headers.get('tus-max-size')).toBe(String(300 * MB));
      }
    } finally {
      await t.app.deps.settings.set('uploads.max_size', DEFAULT_UPLOAD_SETTINGS.max_size);
    }
  });

  it('answers 412 without Tus-Resumable', async () => {
    const user = await createUser(t.db);
    const { headers } = await browser(user.id);
    const res = await tusFetch(endpoint, { method: 'POST', headers: { ...headers, 'upload-length': '10' } });
    expect(res.status).toBe(412);
    expect(res.headers.get('tus-resumable')).toBe('1.0.0');
    // SPEC §8: every refusal of the API is JSON.
    expect(await res.json()).toEqual({ message: 'Tus-Resumable Required' });
  });

  it('answers 409 to a PATCH at the wrong offset, changing nothing', async () => {
    const user = await createUser(t.db);
    const { headers } = await browser(user.id);
    const created = await create(headers, 100, tusMetadata('b.mp3', 'audio/mpeg', 100));
    const url = new URL(created.headers.get('location')!, endpoint).toString();
    const patch = (offset: number, body: Buffer) =>
      tusFetch(url, {
        method: 'PATCH',
        headers: {
          ...headers,
          'tus-resumable': '1.0.0',
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body,
      });
    expect((await patch(50, Buffer.alloc(10))).status).toBe(409);
    const ok = await patch(0, mp3Bytes(40));
    expect(ok.status).toBe(204);
    expect(ok.headers.get('upload-offset')).toBe('40');
    expect((await patch(0, Buffer.alloc(10))).status).toBe(409);
  });

  it('keeps the bytes a dropped PATCH delivered: HEAD reports them, and the upload resumes byte-identical', async () => {
    const user = await createUser(t.db);
    const { client, headers } = await browser(user.id);
    const size = 4 * MB;
    const bytes = mp3Bytes(size);
    const created = await create(headers, size, tusMetadata('dropped.mp3', 'audio/mpeg', size));
    const url = new URL(created.headers.get('location')!, endpoint);
    const tusHeaders = { ...headers, 'tus-resumable': '1.0.0' };
    // A PATCH announcing the whole file that sends 1.5 MB, waits until they are on their way, and
    // loses its connection.
    const sent = 1.5 * MB;
    await new Promise<void>((resolve) => {
      const req = http.request(url, {
        method: 'PATCH',
        headers: {
          ...tusHeaders,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(size),
        },
      });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      req.write(bytes.subarray(0, sent), () => req.destroy());
    });
    // The server lets go of the upload once the dropped request is over; what it wrote is kept.
    let offset = 0;
    await expect
      .poll(
        async () => {
          const head = await tusFetch(url.toString(), { method: 'HEAD', headers: tusHeaders });
          offset = Number(head.headers.get('upload-offset'));
          return head.status === 200 && offset > 0 && offset <= sent;
        },
        { timeout: 10_000, interval: 50 },
      )
      .toBe(true);
    const rest = await tusFetch(url.toString(), {
      method: 'PATCH',
      headers: {
        ...tusHeaders,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: bytes.subarray(offset),
    });
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(size));
    const finish = await request(t.app, client, {
      method: 'POST',
      url: '/api/v1/tus/entries',
      payload: { uploadKey: idOf(url.pathname) },
    });
    expect(finish.statusCode, finish.body).toBe(200);
    expect(finish.json().fileEntry).toMatchObject({ file_size: size, checksum: sha256(bytes) });
  });

  it('answers 413 with the SPEC message when Upload-Length is over the limit, before any byte is stored', async () => {
    await t.app.deps.settings.set('uploads.max_size', { ...DEFAULT_UPLOAD_SETTINGS.max_size, audio: 2 * MB });
    try {
      const user = await createUser(t.db);
      const { headers } = await browser(user.id);
      const before = await stagedFiles();
      const res = await create(headers, 2 * MB + 1, tusMetadata('big.mp3', 'audio/mpeg', 2 * MB + 1));
      expect(res.status).toBe(413);
      expect(res.headers.get('tus-resumable')).toBe('1.0.0');
      expect(await res.json()).toEqual({
        message: 'The file may not be greater than 2 MB.',
        errors: { file: ['The file may not be greater than 2 MB.'] },
      });
      expect(await stagedFiles()).toEqual(before);
      expect(await t.db.select().from(pendingUploads).where(eq(pendingUploads.userId, user.id))).toEqual([]);
      // Exactly the limit is fine.
      expect((await create(headers, 2 * MB, tusMetadata('ok.mp3', 'audio/mpeg', 2 * MB))).status).toBe(201);
    } finally {
      await t.app.deps.settings.set('uploads.max_size', DEFAULT_UPLOAD_SETTINGS.max_size);
    }
  });

  it('refuses a type the settings do not allow, and names that could reach a file system', async () => {
    const user = await createUser(t.db);
    const { headers } = await browser(user.id);
    const exe = await create(headers, 10, tusMetadata('setup.exe', 'application/x-msdownload', 10));
    expect(exe.status).toBe(422);
    expect((await bodyOf(exe)).errors).toEqual({ file: [UPLOAD_TYPE_NOT_ALLOWED_MESSAGE] });
    for (const [name, message] of [
      ['../../etc/passwd.mp3', UPLOAD_NAME_INVALID_MESSAGE],
      ['a\u0000b.mp3', UPLOAD_NAME_INVALID_MESSAGE],
      ['..\\x.mp3', UPLOAD_NAME_INVALID_MESSAGE],
      [`${'x'.repeat(296)}.mp3`, UPLOAD_NAME_TOO_LONG_MESSAGE],
    ] as const) {
      const res = await create(headers, 10, tusMetadata(name, 'audio/mpeg', 10));
      expect(res.status, name).toBe(422);
      expect((await bodyOf(res)).errors, name).toEqual({ file: [message] });
    }
    const folder = await create(headers, 10, {
      ...tusMetadata('a.mp3', 'audio/mpeg', 10),
      relativePath: '../a.mp3',
    });
    expect(folder.status).toBe(422);
    expect(await t.db.select().from(pendingUploads).where(eq(pendingUploads.userId, user.id))).toEqual([]);
  });

  it('counts started uploads toward the space quota', async () => {
    const user = await createUser(t.db, {
      roles: [],
      permissions: [{ name: 'files.create', restrictions: [{ name: 'space', value: 1 }] }],
    });
    const { headers } = await browser(user.id);
    const over = await create(headers, MB + 1, tusMetadata('a.mp3', 'audio/mpeg', MB + 1));
    expect(over.status).toBe(422);
    expect((await bodyOf(over)).errors).toEqual({
      file: ['This file (1 MB) is larger than your storage quota of 1 MB. Ask for more space.'],
    });
    expect((await create(headers, 600_000, tusMetadata('b.mp3', 'audio/mpeg', 600_000))).status).toBe(201);
    // The first upload has not sent a byte, but its size is reserved.
    const second = await create(headers, 600_000, tusMetadata('c.mp3', 'audio/mpeg', 600_000));
    expect(second.status).toBe(422);
    expect((await bodyOf(second)).message).toBe(
      'This file (585.9 KB) does not fit in your storage: 585.9 KB of 1 MB used (585.9 KB by unfinished uploads). Delete files or ask for more space.',
    );
  });

  it("refuses a plain listener's 2 GB upload up front with tus-js-client, naming the quota", async () => {
    // The default role, as every new account has it.
    const user = await createUser(t.db);
    const { headers } = await browser(user.id);
    const size = 2048 * MB; // exactly the audio limit: the quota refuses it, not the size
    const before = await stagedFiles();
    let pulled = 0;
    const source = new Readable({
      read() {
        pulled++;
        this.push(Buffer.alloc(64 * 1024));
      },
    });
    const err = await runUpload(source, {
      headers,
      uploadSize: size,
      chunkSize: 5 * MB,
      metadata: tusMetadata('master.wav', 'audio/wav', size),
    }).then(
      () => null,
      (e: unknown) => e,
    );
    source.destroy();
    expect(err).toBeInstanceOf(DetailedError);
    const answer = (err as DetailedError).originalResponse!;
    expect(answer.getStatus()).toBe(422);
    expect(JSON.parse(answer.getBody())).toEqual({
      message: 'This file (2 GB) is larger than your storage quota of 500 MB. Ask for more space.',
      errors: { file: ['This file (2 GB) is larger than your storage quota of 500 MB. Ask for more space.'] },
    });
    // Nothing was read from the file, staged or reserved.
    expect(pulled).toBe(0);
    expect(await stagedFiles()).toEqual(before);
    expect(await t.db.select().from(pendingUploads).where(eq(pendingUploads.userId, user.id))).toEqual([]);
  });

  it(`refuses an upload past ${MAX_UNFINISHED_UPLOADS} unfinished ones; ending one makes room`, async () => {
    const user = await createUser(t.db);
    const { headers } = await browser(user.id);
    const started: string[] = [];
    for (let n = 0; n < MAX_UNFINISHED_UPLOADS; n++) {
      const res = await create(headers, 100, tusMetadata(`${n}.mp3`, 'audio/mpeg', 100));
      expect(res.status).toBe(201);
      started.push(new URL(res.headers.get('location')!, endpoint).toString());
    }
    const refused = await runUpload(mp3Bytes(100), {
      headers,
      metadata: tusMetadata('one more.mp3', 'audio/mpeg', 100),
    }).then(
      () => null,
      (e: unknown) => e as DetailedError,
    );
    expect(refused?.originalResponse?.getStatus()).toBe(422);
    expect(JSON.parse(refused!.originalResponse!.getBody())).toEqual({
      message: UPLOAD_TOO_MANY_UNFINISHED_MESSAGE,
      errors: { file: [UPLOAD_TOO_MANY_UNFINISHED_MESSAGE] },
    });
    expect(await t.db.select().from(pendingUploads).where(eq(pendingUploads.userId, user.id))).toHaveLength(
      MAX_UNFINISHED_UPLOADS,
    );

    const ended = await tusFetch(started[0]!, {
      method: 'DELETE',
      headers: { ...headers, 'tus-resumable': '1.0.0' },
    });
    expect(ended.status).toBe(204);
    await expect
      .poll(
        async () =>
          (await t.db.select().from(pendingUploads).where(eq(pendingUploads.userId, user.id))).length,
      )
      .toBe(MAX_UNFINISHED_UPLOADS - 1);
    const upload = await runUpload(mp3Bytes(100), {
      headers,
      metadata: tusMetadata('one more.mp3', 'audio/mpeg', 100),
    });
    expect(upload.url).toMatch(/\/api\/v1\/tus\/upload\/[0-9a-f]{32}$/);
  });

  it('lets only one of eight uploads started together into the space left for one', async () => {
    const user = await createUser(t.db, {
      roles: [],
      permissions: [{ name: 'files.create', restrictions: [{ name: 'space', value: 1 }] }],
    });
    const { headers } = await browser(user.id);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        create(headers, 600_000, tusMetadata(`${n}.mp3`, 'audio/mpeg', 600_000)),
      ),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 422)).toHaveLength(7);
    expect(await t.db.select().from(pendingUploads).where(eq(pendingUploads.userId, user.id))).toHaveLength(
      1,
    );
  });

  it('needs a signed-in caller with files.create and the anti-forgery header', async () => {
    const visitor = await tusFetch(endpoint, {
      method: 'POST',
      headers: { ...guest().headers, 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect(visitor.status).toBe(401);
    const noFiles = await createUser(t.db, { roles: [] });
    const forbidden = await create(
      (await browser(noFiles.id)).headers,
      10,
      tusMetadata('a.mp3', 'audio/mpeg', 10),
    );
    expect(forbidden.status).toBe(403);
    const user = await createUser(t.db);
    const { headers } = await browser(user.id);
    const withoutEcho = Object.fromEntries(
      Object.entries(headers).filter(([name]) => name !== 'x-xsrf-token'),
    );
    const forged = await create(withoutEcho, 10, tusMetadata('a.mp3', 'audio/mpeg', 10));
    expect(forged.status).toBe(419);
  });
});

describe('whose upload it is', () => {
  it('another user can neither resume, inspect, end nor finish it', async () => {
    const owner = await createUser(t.db);
    const other = await createUser(t.db);
    const mine = await browser(owner.id);
    const theirs = await browser(other.id);
    const file = mp3Bytes(1000);
    const upload = await runUpload(file, {
      headers: mine.headers,
      metadata: tusMetadata('a.mp3', 'audio/mpeg', 1000),
    });
    const url = upload.url!;
    const tusHeaders = { ...theirs.headers, 'tus-resumable': '1.0.0' };

    expect((await tusFetch(url, { method: 'HEAD', headers: tusHeaders })).status).toBe(404);
    const patch = await tusFetch(url, {
      method: 'PATCH',
      headers: { ...tusHeaders, 'upload-offset': '1000', 'content-type': 'application/offset+octet-stream' },
      body: Buffer.alloc(1),
    });
    expect(patch.status).toBe(404);
    expect((await tusFetch(url, { method: 'DELETE', headers: tusHeaders })).status).toBe(404);
    const finish = await request(t.app, theirs.client, {
      method: 'POST',
      url: '/api/v1/tus/entries',
      payload: { uploadKey: idOf(url) },
    });
    expect(finish.statusCode).toBe(404);
    expect(await t.db.select().from(fileEntries).where(eq(fileEntries.ownerId, other.id))).toEqual([]);

    // Still there for its owner.
    const mineHead = await tusFetch(url, {
      method: 'HEAD',
      headers: { ...mine.headers, 'tus-resumable': '1.0.0' },
    });
    expect(mineHead.status).toBe(200);
    expect(mineHead.headers.get('upload-offset')).toBe('1000');
  });
});

describe('finishing an upload', () => {
  it('refuses an unfinished upload, and bytes that are not what they claim, leaving no entry and no bytes', async () => {
    const user = await createUser(t.db);
    const { client, headers } = await browser(user.id);
    const created = await create(headers, 100, tusMetadata('a.mp3', 'audio/mpeg', 100));
    const unfinished = idOf(created.headers.get('location')!);
    const early = await request(t.app, client, {
      method: 'POST',
      url: '/api/v1/tus/entries',
      payload: { uploadKey: unfinished },
    });
    expect(early.statusCode).toBe(422);

    const storedBefore = await storedFiles();
    const text = Buffer.from('just some words, not audio at all\n'.repeat(100));
    const fake = await runUpload(text, {
      headers,
      metadata: tusMetadata('fake.mp3', 'audio/mpeg', text.length),
    });
    const res = await request(t.app, client, {
      method: 'POST',
      url: '/api/v1/tus/entries',
      payload: { uploadKey: idOf(fake.url!) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ file: [UPLOAD_TYPE_NOT_ALLOWED_MESSAGE] });
    expect(await t.db.select().from(fileEntries).where(eq(fileEntries.ownerId, user.id))).toEqual([]);
    expect(await storedFiles()).toEqual(storedBefore);
    expect(await stagedFiles()).not.toContain(idOf(fake.url!));

    const bogus = await request(t.app, client, {
      method: 'POST',
      url: '/api/v1/tus/entries',
      payload: { uploadKey: '../../etc/passwd' },
    });
    expect(bogus.statusCode).toBe(404);
  });
});

describe('clean-up', () => {
  it('removes uploads past their expiry, files and reservation, and keeps the others', async () => {
    const user = await createUser(t.db);
    const { headers } = await browser(user.id);
    const old = idOf(
      (await create(headers, 100, tusMetadata('a.mp3', 'audio/mpeg', 100))).headers.get('location')!,
    );
    await t.db
      .update(pendingUploads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pendingUploads.key, old));
    const fresh = idOf(
      (await create(headers, 100, tusMetadata('b.mp3', 'audio/mpeg', 100))).headers.get('location')!,
    );
    expect(await stagedFiles()).toEqual(expect.arrayContaining([old, `${old}.json`, fresh]));

    expect(await cleanUpAbandonedUploads(t.deps, new Date())).toBeGreaterThanOrEqual(1);
    const staged = await stagedFiles();
    expect(staged).not.toContain(old);
    expect(staged).not.toContain(`${old}.json`);
    expect(staged).toContain(fresh);
    expect(await t.db.select().from(pendingUploads).where(eq(pendingUploads.key, old))).toEqual([]);
    expect(await t.db.select().from(pendingUploads).where(eq(pendingUploads.key, fresh))).toHaveLength(1);

    // A day later the fresh one is abandoned too.
    await cleanUpAbandonedUploads(t.deps, new Date(Date.now() + TUS_EXPIRY_MS + 60_000));
    expect(await stagedFiles()).not.toContain(fresh);
  });
});
