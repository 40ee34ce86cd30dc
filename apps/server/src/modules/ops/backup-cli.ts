import { existsSync } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { type Config, ConfigError, loadConfig } from '#src/config';
import { createDatabase } from '#src/db/client';
import { BackupError, type BackupManifest, createBackup } from './backup-archive';
import { fileStamp, restoreBackup, unknownStateMessage } from './backup-restore';
import { requestBackup, serverState } from './backup-socket';

/*
 * `npm run backup` and `npm run restore` (scripts/backup.mjs, scripts/restore.mjs): argument
 * handling and what the operator reads. An expected failure (a refusal, bad input) is one line on
 * stderr and exit code 1 (2 for bad arguments), never a stack trace.
 */

export type CliIo = {
  out(line: string): void;
  err(line: string): void;
  /** What relative paths in arguments are relative to (npm runs scripts from the project root). */
  cwd: string;
  env: Record<string, string | undefined>;
};

const defaultIo = (): CliIo => ({
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  cwd: process.env.INIT_CWD ?? process.cwd(),
  env: process.env,
});

export const BACKUP_USAGE = `Usage: npm run backup [-- --out FILE] [--force]

Writes a backup of the embedded database (DATA_DIR/db), the stored files (DATA_DIR/storage)
and the app key (DATA_DIR/app-key) to one .tar.gz, by default
DATA_DIR/backups/zema-<UTC time>.tar.gz. A running server makes the copy itself (it answers on
DATA_DIR/ops.sock), so it is consistent while the site is in use; otherwise the database is
opened here.

  --out FILE   where to write the archive (it must not exist)
  --force      open the database here although it looks open elsewhere (a server that was killed)

With DATABASE_URL or S3_BUCKET set, use pg_dump and a bucket sync instead (docs/operations.md,
"Backups").`;

export const RESTORE_USAGE = `Usage: npm run restore -- FILE [--force]

Restores a backup made by "npm run backup" into DATA_DIR while no server runs there. It is
extracted and checked first; only then are db/, storage/ and app-key moved into place.

  --force      replace what DATA_DIR already holds (it is kept aside in
               DATA_DIR/before-restore-<UTC time>/), or go on although the database looks open
               elsewhere (a server that was killed)`;

type Parsed = { values: Record<string, string | boolean | undefined>; positionals: string[] };

function parse(
  argv: string[],
  options: Record<string, { type: 'string' | 'boolean'; short?: string }>,
  positionals: boolean,
): Parsed | string {
  try {
    return parseArgs({ args: argv, options, allowPositionals: positionals, strict: true }) as Parsed;
  } catch (err) {
    return (err as Error).message;
  }
}

function configFrom(io: CliIo, command: 'backup' | 'restore'): Config {
  let config: Config;
  try {
    config = loadConfig(io.env);
  } catch (err) {
    if (err instanceof ConfigError) throw new BackupError(err.message);
    throw err;
  }
  const elsewhere = [
    config.databaseUrl && 'DATABASE_URL is set: the database is PostgreSQL (use pg_dump -Fc / pg_restore)',
    config.s3 && 'S3_BUCKET is set: the files are in the bucket (use aws s3 sync or rclone)',
  ].filter(Boolean);
  if (elsewhere.length) {
    throw new BackupError(
      `npm run ${command} is for the embedded default (PGlite in DATA_DIR/db, files in DATA_DIR/storage). ${elsewhere.join('; ')}. See docs/operations.md, "Backups".`,
    );
  }
  return config;
}

/** Runs `body`, turning an expected failure into one line on stderr and exit code 1. */
async function guarded(io: CliIo, command: string, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (err) {
    if (err instanceof BackupError) {
      io.err(`${command}: ${err.message}`);
      return 1;
    }
    const e = err as NodeJS.ErrnoException;
    // The machine said no (disk full, no permission): its words are enough.
    if (e.code && e.syscall) {
      io.err(`${command}: ${e.message}`);
      return 1;
    }
    io.err(`${command}: failed unexpectedly`);
    io.err(e.stack ?? String(err));
    return 1;
  }
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** `npm run backup [-- --out FILE] [--force]`; resolves with the exit code. */
export async function backupCommand(argv: string[], io: CliIo = defaultIo()): Promise<number> {
  const args = parse(
    argv,
    {
      out: { type: 'string', short: 'o' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    false,
  );
  if (typeof args === 'string') {
    io.err(`backup: ${args}`);
    io.err(BACKUP_USAGE);
    return 2;
  }
  if (args.values.help) {
    io.out(BACKUP_USAGE);
    return 0;
  }
  return guarded(io, 'backup', async () => {
    const config = configFrom(io, 'backup');
    const { dataDir } = config;
    const out =
      typeof args.values.out === 'string'
        ? resolve(io.cwd, args.values.out)
        : join(dataDir, 'backups', `zema-${fileStamp()}.tar.gz`);
    for (const inside of ['db', 'storage']) {
      if (out.startsWith(join(dataDir, inside) + sep)) {
        throw new BackupError(`--out may not be inside DATA_DIR/${inside} (the backup would copy itself)`);
      }
    }
    const state = await serverState(dataDir);
    if (state.state === 'unknown' && !args.values.force) throw new BackupError(unknownStateMessage(dataDir));

    let result: { manifest: BackupManifest; skipped: string[] };
    if (state.state === 'running') {
      io.out(`Asking the running server (process ${state.pid}) for a consistent copy…`);
      result = await writeArchive(out, (write) => requestBackup(dataDir, write));
    } else {
      if (!existsSync(join(dataDir, 'db', 'PG_VERSION'))) {
        throw new BackupError(
          `nothing to back up: ${join(dataDir, 'db')} holds no database (is DATA_DIR right?)`,
        );
      }
      io.out('No server is running on this DATA_DIR: opening the database here…');
      const handle = await createDatabase(config);
      try {
        result = await writeArchive(out, async (write) => {
          const backup = createBackup({
            dataDir,
            pglite: handle.pglite!,
            appKeyFromEnv: Boolean(config.appKey),
            takenBy: 'offline',
          });
          for await (const chunk of backup.stream as AsyncIterable<Buffer>) await write(chunk);
          return backup.result;
        });
      } finally {
        await handle.close();
      }
    }
    const { manifest, skipped } = result;
    const appKey = {
      file: 'included',
      env: 'not included: APP_KEY is set in the environment; keep that value with the backup',
      none: 'none yet (DATA_DIR/app-key does not exist)',
    }[manifest.appKey];
    io.out(`Backup written: ${out}`);
    io.out(
      `  database: ${manifest.database.files} files, migration ${manifest.database.migration ?? manifest.database.migrationWhen}`,
    );
    io.out(`  files:    ${manifest.storage.files} (${megabytes(manifest.storage.bytes)})`);
    io.out(`  app key:  ${appKey}`);
    if (skipped.length) {
      io.err(
        `backup: left out ${skipped.length} file(s) under DATA_DIR/storage that Zema did not store: ${skipped.slice(0, 5).join(', ')}${skipped.length > 5 ? ', …' : ''}`,
      );
    }
    io.out('It holds every secret of the site (the app key, password hashes): keep it as safe as DATA_DIR.');
    return 0;
  });
}

/**
 * Writes the archive that `produce` hands over to `out`: into `<out>.partial` (mode 0600), flushed
 * to disk, then renamed, so `out` is only ever a whole archive.
 */
async function writeArchive<T>(
  out: string,
  produce: (write: (chunk: Buffer) => Promise<unknown>) => Promise<T>,
) {
  if (existsSync(out)) throw new BackupError(`${out} already exists`);
  await mkdir(dirname(out), { recursive: true, mode: 0o700 });
  const partial = `${out}.partial`;
  const handle = await open(partial, 'wx', 0o600).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'EEXIST') {
      throw new BackupError(
        `${partial} exists: another backup is being written there, or one was interrupted (remove it)`,
      );
    }
    throw err;
  });
  let result: T;
  try {
    result = await produce((chunk) => handle.write(chunk));
    await handle.sync();
  } catch (err) {
    await handle.close().catch(() => {});
    await rm(partial, { force: true });
    throw err;
  }
  await handle.close();
  await rename(partial, out);
  return result;
}

/** `npm run restore -- FILE [--force]`; resolves with the exit code. */
export async function restoreCommand(argv: string[], io: CliIo = defaultIo()): Promise<number> {
  const args = parse(argv, { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, true);
  if (typeof args !== 'string' && args.values.help) {
    io.out(RESTORE_USAGE);
    return 0;
  }
  const problem =
    typeof args === 'string'
      ? args
      : args.positionals.length !== 1
        ? 'give exactly one backup file'
        : undefined;
  if (typeof args === 'string' || problem) {
    io.err(`restore: ${problem}`);
    io.err(RESTORE_USAGE);
    return 2;
  }
  return guarded(io, 'restore', async () => {
    const config = configFrom(io, 'restore');
    const file = resolve(io.cwd, args.positionals[0]!);
    const { manifest, keptAside } = await restoreBackup({
      file,
      config,
      force: Boolean(args.values.force),
      say: io.out,
    });
    io.out(`Restored ${file} into ${config.dataDir}:`);
    io.out(`  made ${manifest.createdAt} by Zema ${manifest.zema}`);
    io.out(`  database: migration ${manifest.database.migration ?? manifest.database.migrationWhen}`);
    io.out(`  files:    ${manifest.storage.files} (${megabytes(manifest.storage.bytes)})`);
    if (manifest.appKey === 'file') io.out('  app key:  restored');
    if (manifest.appKey === 'env') {
      io.out(
        '  app key:  not in the backup: start the server with the APP_KEY it had, or its sealed secrets stay closed',
      );
    }
    if (keptAside)
      io.out(`What DATA_DIR held before is in ${keptAside} (remove it once the site looks right).`);
    io.out('Start the server: npm start');
    return 0;
  });
}
