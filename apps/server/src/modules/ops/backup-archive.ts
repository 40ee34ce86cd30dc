import { constants, createReadStream, readFileSync } from 'node:fs';
import { mkdir, open, readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { extract, type Headers, type Pack, pack } from 'tar-stream';
import { z } from 'zod';
import { SERVER_ROOT } from '#src/config';
import { MIGRATIONS_FOLDER } from '#src/db/client';
import { isValidStorageKey } from '#src/platform/storage';

/*
 * The backup archive of the embedded default (decision 0058): one .tar.gz holding
 *   db/…            the PGlite data dir, as the process that has it open dumps it (dumpDataDir)
 *   app-key         DATA_DIR/app-key, which seals the secrets stored in the database
 *   storage/<key>   every stored file (DATA_DIR/storage)
 *   manifest.json   last: what the archive holds, so an archive cut short has none
 * Entries are regular files and folders only; their names follow the rules restore checks.
 */

export const MANIFEST_ENTRY = 'manifest.json';
export const APP_KEY_ENTRY = 'app-key';
export const BACKUP_FORMAT = 'zema-backup';
export const BACKUP_FORMAT_VERSION = 1;

/** An expected failure (bad input, refused operation): its message is for the operator, as is. */
export class BackupError extends Error {
  override name = 'BackupError';
}

const count = z.object({ files: z.number().int().min(0), bytes: z.number().int().min(0) });

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_FORMAT_VERSION),
  /** The server package's version that wrote it. */
  zema: z.string().max(100),
  createdAt: z.iso.datetime(),
  /** `server`: dumped by the running server over DATA_DIR/ops.sock; `offline`: by the script. */
  takenBy: z.enum(['server', 'offline']),
  database: count.extend({
    driver: z.literal('pglite'),
    /** Tag of the newest migration applied (null: not one this build knows). */
    migration: z.string().max(200).nullable(),
    /** Its journal time, what drizzle records and compares. */
    migrationWhen: z.number().int().min(0),
  }),
  storage: count,
  /** `file`: DATA_DIR/app-key is in the archive; `env`: APP_KEY was set; `none`: there was none. */
  appKey: z.enum(['file', 'env', 'none']),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
type Count = z.infer<typeof count>;

/** What an archive's manifest.json says about it, checked. */
export function parseManifest(text: string): BackupManifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BackupError('manifest.json is not JSON: not a Zema backup, or a damaged one');
  }
  const head = value as { format?: unknown; version?: unknown } | null;
  if (typeof head !== 'object' || head === null || head.format !== BACKUP_FORMAT) {
    throw new BackupError('manifest.json does not describe a Zema backup');
  }
  if (typeof head.version === 'number' && head.version > BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `this backup was made by a newer Zema (archive format ${head.version}): restore it with that version`,
    );
  }
  const parsed = manifestSchema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new BackupError(`manifest.json is not valid: ${problems.slice(0, 5).join('; ')}`);
  }
  return parsed.data;
}

// A folder or file name of a PostgreSQL data dir (base/1/1247_fsm, pg_wal/0000…, PG_VERSION):
// never "." or "..", nothing hidden, no separators.
const DB_NAME_PART = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;

type Place = { section: 'manifest' | 'app-key' | 'db' | 'storage'; path: string; folder: boolean };

/**
 * Where entry `name` of type `type` belongs, or why it may not be restored: only the names this
 * format writes, as regular files or folders, so nothing can land outside the folder it is
 * extracted into (no "..", no absolute or Windows paths, no links, no devices).
 */
export function placeOf(name: string, type: string | null | undefined): Place {
  const shown = JSON.stringify(name.slice(0, 200));
  if (type !== 'file' && type !== 'directory') {
    throw new BackupError(`refusing this archive: entry ${shown} is a ${type ?? 'special entry'}`);
  }
  const folder = type === 'directory';
  const path = folder ? name.replace(/\/$/, '') : name;
  if (!folder && (path === MANIFEST_ENTRY || path === APP_KEY_ENTRY)) {
    return { section: path === MANIFEST_ENTRY ? 'manifest' : 'app-key', path, folder };
  }
  const [top, ...rest] = path.split('/');
  const inner = rest.join('/');
  if (top === 'db' && (inner === '' ? folder : rest.every((part) => DB_NAME_PART.test(part)))) {
    return { section: 'db', path, folder };
  }
  if (top === 'storage' && (inner === '' ? folder : isValidStorageKey(inner))) {
    return { section: 'storage', path, folder };
  }
  throw new BackupError(`refusing this archive: entry ${shown} is not a name a Zema backup holds`);
}

/** `when` → tag of this build's migrations (drizzle records the `when`). */
function migrationTags(): Map<number, string> {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  return new Map(journal.entries.map((e) => [e.when, e.tag]));
}

let zemaVersion: string | undefined;
function version(): string {
  zemaVersion ??= String(
    (JSON.parse(readFileSync(join(SERVER_ROOT, 'package.json'), 'utf8')) as { version?: string }).version ??
      'unknown',
  );
  return zemaVersion;
}

export type BackupSource = {
  dataDir: string;
  /** The open embedded database (the server's own, or one the script opened). */
  pglite: PGlite;
  /** APP_KEY is set: the secrets are sealed with it, not with DATA_DIR/app-key. */
  appKeyFromEnv: boolean;
  takenBy: BackupManifest['takenBy'];
};

export type BackupResult = {
  manifest: BackupManifest;
  /** Files under DATA_DIR/storage left out: not a storage key (put there by hand), or gone. */
  skipped: string[];
};

export type Backup = {
  /** The .tar.gz bytes; read it to the end. */
  stream: Readable;
  /** Settles once the last entry is in the archive (or the backup failed). */
  result: Promise<BackupResult>;
  /** Stops the backup (the reader went away); `result` rejects. */
  abort(): void;
};

/**
 * Writes the backup as a stream: first the database, dumped in one piece by the process that has
 * it open, then the stored files, the app key and the manifest. Files are copied after the dump,
 * so every file a dumped row names is there as long as no file is removed meanwhile — the server
 * holds back removals while it runs one (backup-socket.ts).
 */
export function createBackup(source: BackupSource): Backup {
  const archive = pack();
  // The fastest level: most of an install's bytes are audio and images, which do not compress,
  // while the database's pages and WAL shrink well even so; the server's CPU is for its listeners.
  const gzip = createGzip({ level: 1 });
  archive.on('error', (err: Error) => gzip.destroy(err));
  archive.pipe(gzip);
  const result = fill(archive, source).then(
    (done) => {
      archive.finalize();
      return done;
    },
    (err: unknown) => {
      if (!archive.destroyed) archive.destroy(err as Error);
      throw err;
    },
  );
  // The caller awaits `result`; a failure also reaches the stream's reader.
  result.catch(() => {});
  return {
    stream: gzip,
    result,
    abort: () => {
      if (!archive.destroyed) archive.destroy(new BackupError('the backup was stopped'));
    },
  };
}

async function fill(archive: Pack, source: BackupSource): Promise<BackupResult> {
  const { pglite } = source;
  const migration = await appliedMigration(pglite);
  // A checkpoint first, so the copy's data files are current and opening it replays little WAL.
  await pglite.exec('checkpoint');
  // Between transactions (the dump itself only waits for the statement running): the copy never
  // holds half of one, though recovery would roll such a half back anyway. The files are read in
  // one synchronous pass, so no statement runs while they are.
  const dump = await pglite._runExclusiveTransaction(() => pglite.dumpDataDir('none'));
  const createdAt = new Date().toISOString();
  const database = await addDatabase(archive, dump);

  let appKey: BackupManifest['appKey'] = 'none';
  if (source.appKeyFromEnv) appKey = 'env';
  else {
    const key = await readFile(join(source.dataDir, APP_KEY_ENTRY)).catch(() => null);
    if (key) {
      await addEntry(archive, { name: APP_KEY_ENTRY, type: 'file', mode: 0o600 }, key);
      appKey = 'file';
    }
  }

  const skipped: string[] = [];
  const storage = await addStorage(archive, join(source.dataDir, 'storage'), skipped);
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_FORMAT_VERSION,
    zema: version(),
    createdAt,
    takenBy: source.takenBy,
    database: { driver: 'pglite', ...migration, ...database },
    storage,
    appKey,
  };
  await addEntry(
    archive,
    { name: MANIFEST_ENTRY, type: 'file', mode: 0o600 },
    Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`),
  );
  return { manifest, skipped };
}

async function appliedMigration(pglite: PGlite) {
  let when: number;
  try {
    const { rows } = await pglite.query<{ created_at: string | number | bigint | null }>(
      'select max(created_at) as created_at from drizzle.__drizzle_migrations',
    );
    when = Number(rows[0]?.created_at ?? 0);
  } catch {
    when = 0;
  }
  if (!when) throw new BackupError('DATA_DIR/db holds no Zema database (no migrations were applied)');
  return { migration: migrationTags().get(when) ?? null, migrationWhen: when };
}

/** PGlite's dump (a tar of its data dir, names starting with "/") as `db/…` entries. */
async function addDatabase(archive: Pack, dump: Blob): Promise<Count> {
  const total: Count = { files: 0, bytes: 0 };
  const reader = extract();
  reader.end(Buffer.from(await dump.arrayBuffer()));
  for await (const entry of reader) {
    const name = entry.header.name.replace(/^\/+/, '').replace(/\/+$/, '');
    // The lock file of the process that dumped it: a restored copy is not open anywhere.
    if (name === '' || name === 'postmaster.pid') {
      entry.resume();
      continue;
    }
    const type = entry.header.type;
    const place = placeOf(`db/${name}${type === 'directory' ? '/' : ''}`, type);
    const headers: Headers = {
      name: `${place.path}${type === 'directory' ? '/' : ''}`,
      type,
      mode: type === 'directory' ? 0o700 : 0o600,
      mtime: entry.header.mtime,
    };
    if (type === 'directory') {
      entry.resume();
      await addEntry(archive, headers, Buffer.alloc(0));
    } else {
      const size = entry.header.size ?? 0;
      await addEntry(archive, { ...headers, size }, entry);
      total.files++;
      total.bytes += size;
    }
  }
  return total;
}

/** Every file under `root` as `storage/<key>`, in name order; temporary files of writes skipped. */
async function addStorage(archive: Pack, root: string, skipped: string[]): Promise<Count> {
  const total: Count = { files: 0, bytes: 0 };
  const walk = async (folder: string): Promise<void> => {
    const entries = await readdir(join(root, folder), { withFileTypes: true }).catch((err) => {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const key = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        await walk(key);
        continue;
      }
      // A write in progress (written under .tmp-… and renamed into place): not a stored file yet.
      if (entry.name.startsWith('.tmp-')) continue;
      if (!entry.isFile() || !isValidStorageKey(key)) {
        skipped.push(key);
        continue;
      }
      const handle = await open(join(root, key), constants.O_RDONLY | constants.O_NOFOLLOW).catch(
        (err: NodeJS.ErrnoException) => {
          if (err.code === 'ENOENT') return null;
          throw err;
        },
      );
      if (!handle) {
        skipped.push(key);
        continue;
      }
      try {
        // Stored files never change in place (a write renames a new file over the old), so the
        // open file keeps the size it has now.
        const { size, mtime } = await handle.stat();
        const headers: Headers = { name: `storage/${key}`, type: 'file', mode: 0o644, mtime, size };
        if (size === 0) await addEntry(archive, headers, Buffer.alloc(0));
        else
          await addEntry(
            archive,
            headers,
            handle.createReadStream({ start: 0, end: size - 1, autoClose: false }),
          );
        total.files++;
        total.bytes += size;
      } finally {
        await handle.close();
      }
    }
  };
  await walk('');
  return total;
}

/** Appends one entry and resolves once its bytes are in the archive. */
function addEntry(archive: Pack, headers: Headers, body: Buffer | Readable): Promise<void> {
  return new Promise((done, fail) => {
    const callback = (err?: Error | null) => (err ? fail(err) : done());
    let sink: Writable;
    try {
      sink = Buffer.isBuffer(body)
        ? archive.entry(headers, body, callback)
        : archive.entry(headers, callback);
    } catch (err) {
      fail(err);
      return;
    }
    sink.on('error', fail);
    if (!Buffer.isBuffer(body)) {
      body.on('error', (err: Error) => sink.destroy(err));
      body.pipe(sink);
    }
  });
}

export type ExtractedBackup = {
  manifest: BackupManifest;
  /** The archive holds the app key (written to `<into>/app-key`). */
  appKey: boolean;
};

const MANIFEST_MAX_BYTES = 64 * 1024;
const APP_KEY_MAX_BYTES = 4 * 1024;

/**
 * Extracts the backup `file` into the empty folder `into` and checks it against its manifest. Every
 * name is checked before anything is written (placeOf), files are created new (never through an
 * existing file or link), and an archive that cannot be read to its end is refused as damaged.
 */
export async function extractBackup(file: string, into: string): Promise<ExtractedBackup> {
  const root = resolve(into);
  const source = createReadStream(file);
  const gunzip = createGunzip();
  const reader = extract();
  source.on('error', (err) => reader.destroy(err));
  gunzip.on('error', (err) => reader.destroy(err));
  source.pipe(gunzip).pipe(reader);

  let manifestText: string | undefined;
  let appKey = false;
  const found = { db: { files: 0, bytes: 0 }, storage: { files: 0, bytes: 0 } };
  try {
    for await (const entry of reader) {
      const place = placeOf(entry.header.name, entry.header.type);
      const target = resolve(root, place.path);
      // placeOf already rules out every way out; this holds even if it had a bug.
      if (!target.startsWith(root + sep))
        throw new BackupError('refusing this archive: a path leaves the folder');
      if (place.section === 'manifest' || place.section === 'app-key') {
        const seen = place.section === 'manifest' ? manifestText !== undefined : appKey;
        if (seen) throw new BackupError(`refusing this archive: ${place.path} appears twice`);
        const limit = place.section === 'manifest' ? MANIFEST_MAX_BYTES : APP_KEY_MAX_BYTES;
        if ((entry.header.size ?? 0) > limit) {
          throw new BackupError(`refusing this archive: ${place.path} is larger than ${limit} bytes`);
        }
        const text = Buffer.concat(await collect(entry));
        if (place.section === 'manifest') manifestText = text.toString('utf8');
        else {
          await writeNew(target, [text]);
          appKey = true;
        }
        continue;
      }
      // The database and the key for the server's user only; stored files as the storage writes
      // them (nginx may serve them: STREAM_X_ACCEL_PREFIX).
      const mode =
        place.section === 'storage' ? { folder: 0o755, file: 0o644 } : { folder: 0o700, file: 0o600 };
      if (place.folder) {
        entry.resume();
        await mkdir(target, { recursive: true, mode: mode.folder });
        continue;
      }
      await mkdir(dirname(target), { recursive: true, mode: mode.folder });
      const bytes = await writeNew(target, entry, mode.file);
      const section = found[place.section as 'db' | 'storage'];
      section.files++;
      section.bytes += bytes;
    }
  } catch (err) {
    source.destroy();
    gunzip.destroy();
    reader.destroy();
    throw readError(err, file);
  }

  if (manifestText === undefined) {
    throw new BackupError(
      'the archive has no manifest.json: it is not a Zema backup, or an incomplete one (cut short while written)',
    );
  }
  const manifest = parseManifest(manifestText);
  for (const section of ['db', 'storage'] as const) {
    const expected = section === 'db' ? manifest.database : manifest.storage;
    const got = found[section];
    if (got.files !== expected.files || got.bytes !== expected.bytes) {
      throw new BackupError(
        `the archive does not match its manifest: ${section}/ holds ${got.files} files (${got.bytes} bytes), the manifest says ${expected.files} (${expected.bytes} bytes)`,
      );
    }
  }
  if ((manifest.appKey === 'file') !== appKey) {
    throw new BackupError(
      `the archive does not match its manifest: the app key is ${appKey ? 'there' : 'missing'}, the manifest says "${manifest.appKey}"`,
    );
  }
  return { manifest, appKey };
}

async function collect(stream: AsyncIterable<Buffer>): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

/** Writes a new file (never an existing one, never through a link); resolves with its size. */
async function writeNew(
  path: string,
  chunks: AsyncIterable<Buffer> | Iterable<Buffer>,
  mode = 0o600,
): Promise<number> {
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
  const handle = await open(path, flags, mode).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'EEXIST') throw new BackupError(`refusing this archive: ${path} appears twice`);
    throw err;
  });
  let bytes = 0;
  try {
    for await (const chunk of chunks) {
      await handle.write(chunk);
      bytes += chunk.length;
    }
  } finally {
    await handle.close();
  }
  return bytes;
}

/** A read failure in words for the operator; BackupErrors pass through. */
function readError(err: unknown, file: string): unknown {
  if (err instanceof BackupError) return err;
  const e = err as NodeJS.ErrnoException;
  if (e.code === 'ENOENT' && e.path === file) return new BackupError(`${file}: no such file`);
  if (e.code === 'EACCES' && e.path === file) return new BackupError(`${file}: permission denied`);
  if (e.code === 'EISDIR') return new BackupError(`${file} is a folder, not a backup file`);
  // zlib's Z_* codes, and tar-stream's own messages (no code) for a cut or damaged archive.
  const bug = err instanceof TypeError || err instanceof RangeError || err instanceof ReferenceError;
  if (e.code?.startsWith('Z_') || (!e.code && !bug)) {
    return new BackupError(
      `${file} cannot be read as a backup (not a .tar.gz made by "npm run backup", or damaged or incomplete): ${e.message}`,
    );
  }
  if (e.code === 'ENOSPC' || e.code === 'EDQUOT')
    return new BackupError(`no space left to restore: ${e.message}`);
  return err;
}
