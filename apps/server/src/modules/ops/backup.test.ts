// Both drivers: the embedded default's own backup and restore (skipped on PostgreSQL, which has pg_dump).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { extract, type Headers, pack } from 'tar-stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '#src/app';
import { loadConfig } from '#src/config';
import { queryRows } from '#src/db/client';
import {
  createUser,
  FIXTURE_WEB_DIST,
  request,
  sessionFor,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
} from '#test/helpers';
import { multipartBody } from '#test/multipart';
import type { BackupManifest } from './backup-archive';
import { backupCommand, type CliIo, restoreCommand } from './backup-cli';
import { latestMigration } from './readiness.service';

// PGlite only: with DATABASE_URL set, `npm test` (and CI) runs on PGlite only the files marked on
// the first line, as db/durability.test.ts is; on PostgreSQL the operator has pg_dump.
describe.skipIf(process.env.ZEMA_TEST_DB === 'postgres')('npm run backup / restore', () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'zema-backup-'));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  const envFor = (dataDir: string, more: Record<string, string> = {}) => ({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: TEST_ADMIN_EMAIL,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    APP_URL: 'http://localhost:8080',
    WEB_DIST_DIR: FIXTURE_WEB_DIST,
    DATABASE_URL: '',
    REDIS_URL: '',
    S3_BUCKET: '',
    ...more,
  });

  /** What the operator would read, and the exit code. */
  async function run(
    command: typeof backupCommand,
    argv: string[],
    env: Record<string, string>,
  ): Promise<{ code: number; out: string; err: string }> {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), cwd: work, env };
    const code = await command(argv, io);
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  /** DATA_DIR/db as a migrated server leaves it: the test run's template, unpacked. */
  async function unpackTemplate(dbDir: string) {
    const reader = extract();
    reader.end(await readFile(inject('pgliteTemplate')));
    for await (const entry of reader) {
      const path = join(dbDir, entry.header.name.replace(/^\/+/, ''));
      if (entry.header.type === 'directory') {
        entry.resume();
        await mkdir(path, { recursive: true });
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, Buffer.concat(chunks));
    }
    await rm(join(dbDir, 'postmaster.pid'), { force: true });
  }

  const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

  it('copies a running server while writes go on; a restore into a wiped DATA_DIR brings back every acknowledged write', async () => {
    const dataDir = join(work, 'live');
    const env = envFor(dataDir);
    await unpackTemplate(join(dataDir, 'db'));
    let app: FastifyInstance = await buildApp(loadConfig(env));
    try {
      await app.ready();
      const socket = join(dataDir, 'ops.sock');
      expect((await stat(socket)).mode & 0o777).toBe(0o600);

      const user = await createUser(app.deps.db, { email: 'backup-owner@example.test' });
      const owner = await sessionFor(app.deps.db, user.id);
      const createPlaylist = async (name: string) => {
        const res = await request(app, owner, {
          method: 'POST',
          url: '/api/v1/playlists',
          payload: { name },
        });
        expect(res.statusCode).toBe(200);
        return res.json().playlist.id as number;
      };
      const upload = async (name: string) => {
        const data = Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`);
        const body = multipartBody([
          { name: 'file', filename: `${name}.pdf`, contentType: 'application/pdf', data },
        ]);
        const res = await request(app, owner, {
          method: 'POST',
          url: '/api/v1/file-entries',
          payload: body.payload,
          headers: body.headers,
        });
        expect(res.statusCode).toBe(200);
        return { id: res.json().fileEntry.id as number, sha: sha256(data) };
      };

      const playlists = [await createPlaylist('Before 1'), await createPlaylist('Before 2')];
      const files = [await upload('before-1'), await upload('before-2'), await upload('before-3')];
      const pathOf = async (id: number) =>
        (
          await queryRows<{ path: string }>(app.deps.db, sql`select path from file_entries where id = ${id}`)
        )[0]!.path;
      const removedPaths = [await pathOf(files[0]!.id), await pathOf(files[1]!.id)];

      // Two files deleted for good right after the dump, before the files are copied: their rows
      // are in the dump, so their bytes must be in the archive (the server holds removals back).
      const pglite = app.deps.database.pglite!;
      const dump = pglite.dumpDataDir.bind(pglite);
      let deletion: Promise<number> | undefined;
      pglite.dumpDataDir = async (compression) => {
        const tar = await dump(compression);
        deletion = request(app, owner, {
          method: 'POST',
          url: '/api/v1/file-entries/delete',
          payload: { entryIds: [files[0]!.id, files[1]!.id], paths: [], deleteForever: true },
        }).then((res) => res.statusCode);
        // The archive reads the dump first: the deletion has run by then.
        const arrayBuffer = async () => {
          await deletion;
          return tar.arrayBuffer();
        };
        return { arrayBuffer } as unknown as Blob;
      };

      // Writes go on while the backup runs, paced so that they do not starve it.
      let backingUp = true;
      const during: { playlist: number; file: { id: number; sha: string } }[] = [];
      const writer = (async () => {
        for (let i = 0; backingUp; i++) {
          during.push({ playlist: await createPlaylist(`During ${i}`), file: await upload(`during-${i}`) });
          await sleep(20);
        }
      })();
      const archive = join(work, 'live.tar.gz');
      const backup = await run(backupCommand, ['--out', archive], env);
      backingUp = false;
      await writer;
      pglite.dumpDataDir = dump;
      expect(backup.err).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.out).toContain('Asking the running server');
      expect(await deletion).toBe(200);
      // The held removals happened once the copy was done.
      for (const path of removedPaths) expect(existsSync(join(dataDir, 'storage', path))).toBe(false);

      const refused = await run(restoreCommand, [archive], env);
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(
        /^restore: a Zema server is running on this DATA_DIR \(process \d+ answers on .*ops\.sock\): stop it first/,
      );

      const appKey = await readFile(join(dataDir, 'app-key'), 'utf8');
      await app.close();
      expect(existsSync(socket)).toBe(false);
      await rm(dataDir, { recursive: true });

      const restored = await run(restoreCommand, [archive], env);
      expect(restored.err).toBe('');
      expect(restored.code).toBe(0);
      expect(await readFile(join(dataDir, 'app-key'), 'utf8')).toBe(appKey);
      expect(await readdir(dataDir)).not.toContain('.restore-in-progress');

      app = await buildApp(loadConfig(env));
      const db = app.deps.db;
      const users = await queryRows(db, sql`select id from users where email = 'backup-owner@example.test'`);
      expect(users).toEqual([{ id: user.id }]);
      const names = await queryRows<{ id: number }>(
        db,
        sql`select id from playlists where id in (${sql.join(playlists, sql`, `)}) order by id`,
      );
      expect(names.map((r) => r.id)).toEqual(playlists);
      // Every file row of the copy has its bytes, unchanged: those acknowledged before the
      // backup, the two deleted after the dump, and those written during it that made the dump.
      const rows = await queryRows<{ id: number; path: string; checksum: string }>(
        db,
        sql`select id, path, checksum from file_entries where type = 'file' and owner_id = ${user.id}`,
      );
      for (const file of files) expect(rows.map((r) => r.id)).toContain(file.id);
      for (const row of rows) {
        const bytes = await readFile(join(dataDir, 'storage', row.path));
        expect(sha256(bytes)).toBe(row.checksum);
      }
      for (const write of during.filter((w) => rows.some((r) => r.id === w.file.id))) {
        expect(rows.find((r) => r.id === write.file.id)!.checksum).toBe(write.file.sha);
      }
    } finally {
      await app.close();
    }
  }, 120_000);

  type Entry = Headers & { body?: string };

  /** A .tar.gz of `entries`, as someone other than `npm run backup` might make it. */
  async function craft(name: string, entries: Entry[]): Promise<string> {
    const archive = pack();
    const chunks: Buffer[] = [];
    archive.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((done) => archive.on('end', done));
    for (const { body, ...headers } of entries) {
      await new Promise<void>((done, fail) => {
        archive.entry({ type: 'file', ...headers }, Buffer.from(body ?? ''), (err) =>
          err ? fail(err) : done(),
        );
      });
    }
    archive.finalize();
    await ended;
    const file = join(work, name);
    await writeFile(file, gzipSync(Buffer.concat(chunks)));
    return file;
  }

  const manifest = (more: Partial<BackupManifest> = {}): Entry => {
    const value: BackupManifest = {
      format: 'zema-backup',
      version: 1,
      zema: '0.1.0',
      createdAt: new Date().toISOString(),
      takenBy: 'offline',
      database: { driver: 'pglite', migration: null, migrationWhen: latestMigration(), files: 1, bytes: 3 },
      storage: { files: 0, bytes: 0 },
      appKey: 'none',
      ...more,
    };
    return { name: 'manifest.json', body: JSON.stringify(value) };
  };
  const pgVersion: Entry = { name: 'db/PG_VERSION', body: '17\n' };

  /** A DATA_DIR holding a database already (a marker standing for it). */
  async function occupied(name: string) {
    const dataDir = join(work, name);
    await mkdir(join(dataDir, 'db'), { recursive: true });
    await writeFile(join(dataDir, 'db', 'PG_VERSION'), 'old\n');
    return dataDir;
  }

  it('refuses an archive with a name that leaves DATA_DIR, a link or a device, and leaves DATA_DIR as it was', async () => {
    const dataDir = await occupied('traversal');
    const cases: Entry[][] = [
      [pgVersion, { name: 'storage/../../escaped.txt', body: 'x' }, manifest()],
      [pgVersion, { name: '../escaped.txt', body: 'x' }, manifest()],
      [pgVersion, { name: `${work}/escaped.txt`, body: 'x' }, manifest()],
      [pgVersion, { name: 'db/../../escaped.txt', body: 'x' }, manifest()],
      [pgVersion, { name: 'storage/link', type: 'symlink', linkname: `${work}/escaped.txt` }, manifest()],
      [pgVersion, { name: 'db/base', type: 'link', linkname: '/etc/passwd' }, manifest()],
      [pgVersion, { name: 'storage/dev', type: 'character-device' }, manifest()],
    ];
    for (const [i, entries] of cases.entries()) {
      const file = await craft(`traversal-${i}.tar.gz`, entries);
      const result = await run(restoreCommand, [file, '--force'], envFor(dataDir));
      expect(result.code, entries[1]!.name).toBe(1);
      expect(result.err).toMatch(
        /^restore: refusing this archive: entry ".*" is (a symlink|a link|a character-device|not a name a Zema backup holds)$/,
      );
    }
    expect(existsSync(join(work, 'escaped.txt'))).toBe(false);
    expect(await readdir(dataDir)).toEqual(['db']);
    expect(await readFile(join(dataDir, 'db', 'PG_VERSION'), 'utf8')).toBe('old\n');
  });

  it('refuses an archive without a valid manifest, one that does not match it, and one that is not a .tar.gz', async () => {
    const dataDir = join(work, 'manifests');
    const refusal = async (name: string, entries: Entry[] | Buffer) => {
      const file = Buffer.isBuffer(entries) ? join(work, name) : await craft(name, entries);
      if (Buffer.isBuffer(entries)) await writeFile(file, entries);
      const result = await run(restoreCommand, [file], envFor(dataDir));
      expect(result.code).toBe(1);
      expect(result.err).not.toMatch(/\n\s+at /);
      return result.err;
    };
    expect(await refusal('none.tar.gz', [pgVersion])).toMatch(
      /no manifest\.json: it is not a Zema backup, or an incomplete one/,
    );
    expect(
      await refusal('foreign.tar.gz', [pgVersion, { name: 'manifest.json', body: '{"format":"other"}' }]),
    ).toMatch(/manifest\.json does not describe a Zema backup/);
    expect(
      await refusal('broken.tar.gz', [pgVersion, { name: 'manifest.json', body: '{"format":' }]),
    ).toMatch(/manifest\.json is not JSON/);
    expect(
      await refusal('fields.tar.gz', [
        pgVersion,
        { ...manifest(), body: '{"format":"zema-backup","version":1}' },
      ]),
    ).toMatch(/manifest\.json is not valid: zema:/);
    expect(
      await refusal('newer.tar.gz', [
        pgVersion,
        { name: 'manifest.json', body: '{"format":"zema-backup","version":9}' },
      ]),
    ).toMatch(/made by a newer Zema \(archive format 9\)/);
    expect(
      await refusal('counts.tar.gz', [pgVersion, { name: 'storage/images/a.webp', body: 'x' }, manifest()]),
    ).toMatch(
      /does not match its manifest: storage\/ holds 1 files \(1 bytes\), the manifest says 0 \(0 bytes\)/,
    );
    expect(await refusal('plain.tar.gz', Buffer.from('not a backup'))).toMatch(
      /cannot be read as a backup \(not a \.tar\.gz made by "npm run backup", or damaged or incomplete\)/,
    );
    const whole = await readFile(await craft('whole.tar.gz', [pgVersion, manifest()]));
    expect(await refusal('cut.tar.gz', whole.subarray(0, whole.length - 30))).toMatch(
      /cannot be read as a backup/,
    );
    expect(await refusal('missing.tar.gz', [])).toMatch(/no manifest\.json/);
    expect(existsSync(join(dataDir, 'db'))).toBe(false);
    expect(await readdir(dataDir)).toEqual([]);

    const occupiedDir = await occupied('occupied');
    const file = await craft('valid-looking.tar.gz', [pgVersion, manifest()]);
    const result = await run(restoreCommand, [file], envFor(occupiedDir));
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/already holds db\/: run again with --force to replace it/);
  });

  it('points to pg_dump and a bucket sync when the data is not in DATA_DIR, and rejects bad arguments', async () => {
    const dataDir = join(work, 'production');
    const postgres = await run(
      backupCommand,
      [],
      envFor(dataDir, { DATABASE_URL: 'postgres://zema@127.0.0.1/zema' }),
    );
    expect(postgres.code).toBe(1);
    expect(postgres.err).toMatch(/DATABASE_URL is set: .*pg_dump -Fc .*docs\/operations\.md, "Backups"/);
    const s3 = await run(restoreCommand, ['x.tar.gz'], envFor(dataDir, { S3_BUCKET: 'zema' }));
    expect(s3.code).toBe(1);
    expect(s3.err).toMatch(/S3_BUCKET is set: .*aws s3 sync or rclone/);
    expect((await run(backupCommand, ['--bogus'], envFor(dataDir))).code).toBe(2);
    expect((await run(restoreCommand, [], envFor(dataDir))).code).toBe(2);
    const nothing = await run(backupCommand, [], envFor(dataDir));
    expect(nothing.code).toBe(1);
    expect(nothing.err).toMatch(/nothing to back up: .* holds no database/);
  });
});
