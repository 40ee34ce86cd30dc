import { mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from '#src/config';
import { createDatabase, queryRows } from '#src/db/client';
import { APP_KEY_ENTRY, BackupError, type BackupManifest, extractBackup } from './backup-archive';
import { serverState, socketPath } from './backup-socket';
import { latestMigration } from './readiness.service';

/** What a restore puts in DATA_DIR, each renamed into place from the extracted copy. */
const PARTS = ['db', 'storage', APP_KEY_ENTRY] as const;
type Part = (typeof PARTS)[number];

/** The extracted copy, inside DATA_DIR so that moving it into place is a rename. */
export const RESTORE_STAGING = '.restore-in-progress';

/** `20260101T120000Z`: a UTC time for file names. */
export const fileStamp = (at = new Date()) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

export type RestoreOptions = {
  /** The archive (an absolute path). */
  file: string;
  config: Config;
  /** Replace a database, files or app key DATA_DIR already holds (they are kept aside). */
  force: boolean;
  /** Progress lines for the operator. */
  say?: (line: string) => void;
};

export type RestoreResult = {
  manifest: BackupManifest;
  /** Where what DATA_DIR held before went (null: it held nothing to replace). */
  keptAside: string | null;
};

/** The server's own words when DATA_DIR/db is open but nothing answers on the socket. */
export const unknownStateMessage = (dataDir: string) =>
  `${join(dataDir, 'db')} looks open (its lock file postmaster.pid is there) and no server answers on ${socketPath(dataDir)}. ` +
  'If a Zema server is starting or a script has the database open, wait for it or stop it. If the server was killed, run this again with --force.';

/**
 * Restores a backup of the embedded default into DATA_DIR while no server runs there: the archive
 * is extracted into DATA_DIR/.restore-in-progress and checked (every name, the manifest, the file
 * counts, then the database is opened and its migrations compared), and only then are db/,
 * storage/ and app-key renamed into place, what was there being kept aside. A restore that fails
 * at any step leaves DATA_DIR as it was.
 */
export async function restoreBackup(opts: RestoreOptions): Promise<RestoreResult> {
  const { file, config, force } = opts;
  const say = opts.say ?? (() => {});
  const { dataDir } = config;

  const state = await serverState(dataDir);
  if (state.state === 'running') {
    throw new BackupError(
      `a Zema server is running on this DATA_DIR (process ${state.pid} answers on ${socketPath(dataDir)}): stop it first, then restore`,
    );
  }
  if (state.state === 'unknown' && !force) throw new BackupError(unknownStateMessage(dataDir));

  const info = await stat(file).catch(() => null);
  if (!info) throw new BackupError(`${file}: no such file`);
  if (!info.isFile()) throw new BackupError(`${file} is not a file`);

  const present = await presentParts(dataDir);
  if (present.length && !force) {
    throw new BackupError(
      `${dataDir} already holds ${present.map((p) => (p === APP_KEY_ENTRY ? 'an app key' : `${p}/`)).join(', ')}: ` +
        'run again with --force to replace it (what is there now is kept aside in DATA_DIR/before-restore-<time>/)',
    );
  }

  await mkdir(dataDir, { recursive: true });
  const staging = join(dataDir, RESTORE_STAGING);
  // Left by a restore that was interrupted (a restore only ever runs while no server does).
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { mode: 0o700 });
  try {
    say(`Reading ${file}…`);
    const { manifest, appKey } = await extractBackup(file, staging);
    const latest = latestMigration();
    if (manifest.database.migrationWhen > latest) {
      throw new BackupError(
        `this backup was made by a newer Zema (${manifest.zema}, migration ${manifest.database.migration ?? manifest.database.migrationWhen}): upgrade this one first`,
      );
    }
    say('Opening the restored database…');
    await checkDatabase(config, staging, manifest);
    await mkdir(join(staging, 'storage'), { recursive: true, mode: 0o755 });
    const parts = PARTS.filter((p) => p !== APP_KEY_ENTRY || appKey);
    const keptAside = await moveIntoPlace(dataDir, staging, parts, present);
    return { manifest, keptAside };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** What of db/, storage/ and app-key DATA_DIR holds now (an empty folder counts as nothing). */
async function presentParts(dataDir: string): Promise<Part[]> {
  const found: Part[] = [];
  for (const part of PARTS) {
    const path = join(dataDir, part);
    const info = await stat(path).catch(() => null);
    if (!info) continue;
    if (info.isDirectory() && (await readdir(path)).length === 0) continue;
    found.push(part);
  }
  return found;
}

/** Opens the extracted database (PGlite recovers it as after a crash) and checks its migrations. */
async function checkDatabase(config: Config, staging: string, manifest: BackupManifest) {
  if (!(await stat(join(staging, 'db', 'PG_VERSION')).catch(() => null))) {
    throw new BackupError('the archive holds no database (db/PG_VERSION is missing)');
  }
  let applied: number;
  try {
    const handle = await createDatabase({ ...config, dataDir: staging, databaseUrl: undefined });
    try {
      const [row] = await queryRows<{ created_at: string | number | null }>(
        handle.db,
        sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`,
      );
      applied = Number(row?.created_at ?? 0);
    } finally {
      await handle.close();
    }
  } catch (err) {
    throw new BackupError(`the database in the backup does not open: ${(err as Error).message}`);
  }
  if (applied !== manifest.database.migrationWhen) {
    throw new BackupError(
      `the database in the backup does not match its manifest (migration ${applied}, the manifest says ${manifest.database.migrationWhen})`,
    );
  }
}

/**
 * Moves what DATA_DIR holds of `parts` into DATA_DIR/before-restore-<time>/, then the restored
 * `parts` into DATA_DIR; undoes the moves done so far if one fails.
 */
async function moveIntoPlace(
  dataDir: string,
  staging: string,
  parts: Part[],
  present: Part[],
): Promise<string | null> {
  const replaced = parts.filter((p) => present.includes(p));
  const aside = replaced.length ? join(dataDir, `before-restore-${fileStamp()}`) : null;
  const done: [from: string, to: string][] = [];
  const move = async (from: string, to: string) => {
    await rename(from, to);
    done.push([from, to]);
  };
  try {
    if (aside) {
      await mkdir(aside, { mode: 0o700 });
      for (const part of replaced) await move(join(dataDir, part), join(aside, part));
    }
    for (const part of parts) {
      // An empty folder left in place (not "present") is replaced.
      await rmdir(join(dataDir, part)).catch(() => {});
      await move(join(staging, part), join(dataDir, part));
    }
  } catch (err) {
    for (const [from, to] of done.reverse()) await rename(to, from).catch(() => {});
    if (aside) await rmdir(aside).catch(() => {});
    throw err;
  }
  return aside;
}
