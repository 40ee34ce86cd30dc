import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '#test/helpers';
import { createLocalStorage, sweepAbandonedTempFiles } from './storage';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'zema-storage-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A file as a write killed mid-way leaves it, last touched at `at` (ms). */
async function leftover(path: string, bytes: number, at: number) {
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, Buffer.alloc(bytes, 1));
  await utimes(path, at / 1000, at / 1000);
}

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(root.length + 1))
    .sort();
}

describe('abandoned temporary files', () => {
  it('removes empty and partial .tmp-* files older than the start, in every folder, and nothing else', async () => {
    const start = Date.now();
    const old = start - 60_000;
    await leftover(join(dir, 'avatars/.tmp-0a1b2c3d4e5f6071'), 0, old);
    await leftover(join(dir, 'audio/demo/.tmp-1111111111111111'), 0, old);
    await leftover(join(dir, 'images/.tmp-2222222222222222'), 4096, old);
    // Kept: finished files, other dotfiles, and a write still in progress (touched after the start).
    await leftover(join(dir, 'avatars/ab.webp'), 10, old);
    await leftover(join(dir, 'avatars/.keep'), 0, old);
    await leftover(join(dir, 'images/.tmp-3333333333333333'), 0, start + 1000);

    expect(await sweepAbandonedTempFiles(dir, start)).toBe(3);
    expect(await filesUnder(dir)).toEqual([
      'avatars/.keep',
      'avatars/ab.webp',
      'images/.tmp-3333333333333333',
    ]);
  });

  it('is fine with a storage folder that does not exist yet', async () => {
    expect(await sweepAbandonedTempFiles(join(dir, 'missing'), Date.now())).toBe(0);
  });

  it('a completed put leaves no temporary file behind', async () => {
    const storage = createLocalStorage(dir);
    await storage.put('avatars/abc.webp', Buffer.from('x'), 'image/webp');
    expect(await filesUnder(dir)).toEqual(['avatars/abc.webp']);
  });

  it('runs when the app starts on a DATA_DIR with leftovers from a crash', async () => {
    const crashed = Date.now() - 3_600_000;
    await leftover(join(dir, 'storage/avatars/.tmp-4444444444444444'), 0, crashed);
    await leftover(join(dir, 'storage/avatars/kept.webp'), 3, crashed);
    const t = await buildTestApp({ DATA_DIR: dir });
    try {
      expect(await filesUnder(join(dir, 'storage'))).toEqual(['avatars/kept.webp']);
    } finally {
      await t.close();
    }
  });
});

describe('streamed writes', () => {
  it('putFile moves a file into place under its key, leaving no temporary file', async () => {
    const storage = createLocalStorage(join(dir, 'storage'));
    const source = join(dir, 'staged');
    await writeFile(source, Buffer.alloc(70_000, 7));
    await storage.putFile('private/uploads/abc.bin', source, 'application/octet-stream');
    expect(await filesUnder(join(dir, 'storage'))).toEqual(['private/uploads/abc.bin']);
    const file = await storage.get('private/uploads/abc.bin');
    expect(file?.size).toBe(70_000);
    file?.stream.destroy();
  });

  it('putStream stores what the stream yields and counts it; a failing stream leaves nothing', async () => {
    const storage = createLocalStorage(join(dir, 'storage'));
    const bytes = await storage.putStream(
      'uploads/one.bin',
      Readable.from([Buffer.alloc(1000, 1), Buffer.alloc(24, 2)]),
      'application/octet-stream',
    );
    expect(bytes).toBe(1024);
    const failing = Readable.from(
      (async function* () {
        yield Buffer.alloc(10, 3);
        throw new Error('connection reset');
      })(),
    );
    await expect(storage.putStream('uploads/two.bin', failing, 'application/octet-stream')).rejects.toThrow(
      'connection reset',
    );
    expect(await filesUnder(join(dir, 'storage'))).toEqual(['uploads/one.bin']);
  });

  it('refuses keys that are not valid storage keys', async () => {
    const storage = createLocalStorage(join(dir, 'storage'));
    await expect(storage.putStream('../x.bin', Readable.from([]), 'x/y')).rejects.toThrow(
      /Invalid storage key/,
    );
  });
});

describe('the public storage route', () => {
  it('never serves private uploads or private audio', async () => {
    const t = await buildTestApp({ DATA_DIR: dir });
    try {
      await t.deps.storage.put('private/uploads/a.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
      await t.deps.storage.put('uploads/b.webp', Buffer.from('x'), 'image/webp');
      expect((await t.app.inject({ url: '/storage/private/uploads/a.pdf' })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/storage/uploads/b.webp' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
