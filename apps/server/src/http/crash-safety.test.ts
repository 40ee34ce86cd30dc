// Both drivers: an acknowledged write must survive SIGKILL on PGlite (its WAL) and on PostgreSQL alike.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { XSRF_COOKIE } from '@zema/contracts';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { databaseUrl, quoteIdent, withClient } from '#test/database';
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from '#test/helpers';

/**
 * RELIABILITY "Durability": the server (a child process on its own DATA_DIR, and on PostgreSQL its
 * own database) takes a loop of playlist writes and cover uploads, is killed with SIGKILL while
 * they are in flight, and is started again on the same data. Every write it answered 200 is
 * there, every cover it stored is served whole (it decodes as the 512×512 WebP it was), and no
 * half-written file is left where a key could name it.
 */
const serverRoot = resolve(import.meta.dirname, '../..');

type Server = { child: ChildProcess; base: string; exited: Promise<unknown> };

function start(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/crash-server.ts'], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((r) => child.on('exit', r));
  let out = '';
  return new Promise((ready, fail) => {
    child.stderr!.on('data', (d) => {
      out += d;
    });
    child.stdout!.on('data', (d) => {
      out += d;
      const port = /listening (\d+)/.exec(out)?.[1];
      if (port) ready({ child, base: `http://127.0.0.1:${port}`, exited });
    });
    void exited.then((code) =>
      fail(new Error(`the server exited with ${String(code)} before listening:\n${out}`)),
    );
  });
}

/** A browser of the test: the XSRF pair and the session cookie, over real HTTP. */
async function signIn(base: string) {
  const xsrf = randomBytes(16).toString('hex');
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `${XSRF_COOKIE}=${xsrf}`,
      'x-xsrf-token': xsrf,
    },
    body: JSON.stringify({ email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const session = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('zema_session='));
  expect(session).toBeDefined();
  return { cookie: `${XSRF_COOKIE}=${xsrf}; ${session}`, 'x-xsrf-token': xsrf };
}

describe('SIGKILL in the middle of writes', () => {
  it('keeps every acknowledged playlist and cover, and serves no half-written file', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'zema-crash-'));
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: TEST_ADMIN_EMAIL,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      APP_URL: 'http://localhost:8080',
      WEB_DIST_DIR: resolve(serverRoot, 'test/fixtures/web-dist'),
    };
    let dropDatabase: (() => Promise<void>) | undefined;
    const pgTemplate = inject('pgTemplate');
    if (pgTemplate) {
      const serverUrl = process.env.DATABASE_URL!;
      const name = `${inject('pgRunPrefix')}crash_${randomBytes(4).toString('hex')}`;
      await withClient(serverUrl, (c) =>
        c.query(`create database ${quoteIdent(name)} template ${quoteIdent(pgTemplate)}`),
      );
      env.DATABASE_URL = databaseUrl(serverUrl, name);
      // The production pair: PostgreSQL with Redis (the leg that runs on PostgreSQL has both).
      if (process.env.REDIS_URL) env.REDIS_URL = process.env.REDIS_URL;
      dropDatabase = () =>
        withClient(serverUrl, async (c) => {
          await c.query(`drop database if exists ${quoteIdent(name)} with (force)`);
        });
    } else {
      // The migrated template of this run, unpacked where the server keeps its database: the first
      // start opens it instead of migrating from nothing (seconds, not a minute, on a busy machine).
      await mkdir(join(dataDir, 'db'), { recursive: true });
      await promisify(execFile)('tar', ['-xf', inject('pgliteTemplate'), '-C', join(dataDir, 'db')]);
    }
    const cover = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    let server: Server | undefined;
    try {
      server = await start(env);
      const headers = await signIn(server.base);
      const acked: { id: number; name: string }[] = [];
      const covers = new Map<number, string>();
      let killed = false;
      // Four writers at once, so several writes are in flight at the moment of the kill.
      const writer = async (lane: number) => {
        for (let n = 0; !killed; n++) {
          const name = `crash ${lane}-${n}`;
          try {
            const res = await fetch(`${server!.base}/api/v1/playlists`, {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify({ name }),
            });
            if (res.status !== 200) throw new Error(`create: ${res.status} ${await res.text()}`);
            const { playlist } = (await res.json()) as { playlist: { id: number } };
            acked.push({ id: playlist.id, name });
            if (n % 2 === 0) {
              const up = await fetch(`${server!.base}/api/v1/playlists/${playlist.id}/image`, {
                method: 'POST',
                headers: { ...headers, 'content-type': 'image/png' },
                body: cover,
              });
              if (up.status !== 200) throw new Error(`cover: ${up.status} ${await up.text()}`);
              covers.set(playlist.id, ((await up.json()) as { playlist: { image: string } }).playlist.image);
            }
          } catch (err) {
            if (killed) return;
            throw err;
          }
        }
      };
      const lanes = [0, 1, 2, 3].map(writer);
      // Kill once enough has been acknowledged, with the writers still going.
      await new Promise<void>((resolve, reject) => {
        const check = setInterval(() => {
          if (acked.length >= 40 && covers.size >= 8) {
            clearInterval(check);
            resolve();
          }
        }, 20);
        Promise.all(lanes).catch((err) => {
          clearInterval(check);
          reject(err);
        });
      });
      killed = true;
      server.child.kill('SIGKILL');
      await server.exited;
      await Promise.allSettled(lanes);

      server = await start(env);
      const again = await signIn(server.base);
      for (const { id, name } of acked) {
        const res = await fetch(`${server.base}/api/v1/playlists/${id}`, { headers: again });
        expect(res.status, `playlist ${id}`).toBe(200);
        const { playlist } = (await res.json()) as { playlist: { name: string; image: string | null } };
        expect(playlist.name).toBe(name);
        // A cover acknowledged is the one kept (a later upload never happened for these).
        if (covers.has(id)) expect(playlist.image).toBe(covers.get(id));
        // Whatever cover a playlist names, acknowledged or caught mid-write, is served whole.
        if (playlist.image) {
          const file = await fetch(`${server.base}${playlist.image}`);
          expect(file.status, playlist.image).toBe(200);
          const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
          expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512]);
        }
      }
      // Temporary files of the writes the kill cut short were swept at the restart, and every
      // stored cover decodes completely.
      const folder = join(dataDir, 'storage', 'playlists');
      const files = await readdir(folder);
      expect(files.filter((f) => f.startsWith('.tmp-'))).toEqual([]);
      for (const f of files) {
        const { data, info } = await sharp(join(folder, f)).raw().toBuffer({ resolveWithObject: true });
        expect(data.length).toBe(info.width * info.height * info.channels);
      }
    } finally {
      if (server && server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
      await dropDatabase?.();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
