// Both drivers: PGlite's own crash recovery and checkpoints (skipped on PostgreSQL).
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { loadConfig } from '#src/config';
import { createDatabase, type DatabaseHandle, PGLITE_CHECKPOINT, queryRows } from './client';

// RELIABILITY "Durability": kill the process (SIGKILL) in the middle of writes; after a restart the
// database opens and every write it reported as committed is there. The PostgreSQL driver leaves
// durability to the server, so this is about the embedded database.
describe.skipIf(process.env.ZEMA_TEST_DB === 'postgres')('embedded database durability', () => {
  it('keeps every committed write after SIGKILL mid-write, and opens again', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'zema-durability-'));
    const serverRoot = resolve(import.meta.dirname, '../..');
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/durability-writer.ts'], {
        cwd: serverRoot,
        env: { PATH: process.env.PATH, DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let committed = 0;
      let errors = '';
      child.stderr.on('data', (d) => {
        errors += d;
      });
      const exited = new Promise((r) => child.on('exit', r));
      await new Promise<void>((ready, fail) => {
        const timer = setTimeout(() => fail(new Error(`writer made no progress:\n${errors}`)), 60_000);
        child.stdout.on('data', (d: Buffer) => {
          const all = [...d.toString().matchAll(/committed (\d+)/g)];
          const last = all.at(-1);
          if (last) committed = Number(last[1]);
          if (committed >= 200) {
            clearTimeout(timer);
            // Killed while it keeps writing: the next insert is in flight.
            child.kill('SIGKILL');
            ready();
          }
        });
      });
      await exited;

      const handle = await createDatabase(
        loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'durability-test' }),
      );
      try {
        const [row] = await queryRows<{ n: number; max: number }>(
          handle.db,
          sql`select count(*)::int as n, max(value::text::int)::int as max from settings where key like 'durability.%'`,
        );
        expect(row!.n).toBeGreaterThanOrEqual(committed);
        // No holes: rows are 1..max.
        expect(row!.n).toBe(row!.max);
      } finally {
        await handle.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

// Without a checkpointer process, PGlite would only checkpoint at a clean close: after a SIGKILL,
// recovery replays all WAL since start (18–21 s after a long busy run instead of ~3 s).
describe.skipIf(process.env.ZEMA_TEST_DB === 'postgres')('embedded database checkpoints', () => {
  const MB = 1024 * 1024;
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await handle?.close();
    handle = undefined;
  });

  async function open(walBytes: number) {
    const template = new Blob([await readFile(inject('pgliteTemplate'))]);
    handle = await createDatabase(loadConfig({ ADMIN_PASSWORD: 'checkpoint-test' }), {
      pgliteLoadDataDir: template,
      pgliteCheckpoint: { walBytes },
    });
    await handle.db.execute(sql`create table wal_filler (v text)`);
    return handle;
  }

  /** WAL written since the last checkpoint's redo point: what recovery would replay after a crash. */
  async function walToReplay(h: DatabaseHandle) {
    const [row] = await queryRows<{ pending: string }>(
      h.db,
      sql`select (pg_current_wal_lsn() - redo_lsn)::text as pending from pg_control_checkpoint()`,
    );
    return Number(row!.pending);
  }

  /** About `mb` MB of WAL: random hex that TOAST cannot compress. */
  async function writeWal(h: DatabaseHandle, mb: number) {
    await h.db.execute(
      sql`insert into wal_filler select (select string_agg(md5(random()::text), '') from generate_series(1, 2048)) from generate_series(1, ${mb * 16})`,
    );
  }

  it('checkpoints once enough WAL has piled up since the last checkpoint, not before', async () => {
    const h = await open(4 * MB);
    await writeWal(h, 2);
    expect(await walToReplay(h)).toBeLessThan(4 * MB);
    expect(await h.checkpointIfDue()).toBe(false);
    await writeWal(h, 3);
    expect(await walToReplay(h)).toBeGreaterThanOrEqual(4 * MB);
    expect(await h.checkpointIfDue()).toBe(true);
    // Only the checkpoint record itself is left to replay.
    expect(await walToReplay(h)).toBeLessThan(64 * 1024);
  });

  it('checks by itself on a timer, so a busy server never piles up more than a bounded WAL', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const h = await open(4 * MB);
    await writeWal(h, 5);
    expect(await walToReplay(h)).toBeGreaterThanOrEqual(4 * MB);
    vi.advanceTimersByTime(PGLITE_CHECKPOINT.everyMs);
    await expect.poll(() => walToReplay(h), { timeout: 30_000 }).toBeLessThan(64 * 1024);
  });

  it('is a bounded default: a checkpoint at least every 64 MB of WAL, checked every 15 s', () => {
    expect(PGLITE_CHECKPOINT.walBytes).toBeLessThanOrEqual(64 * MB);
    expect(PGLITE_CHECKPOINT.everyMs).toBeLessThanOrEqual(15_000);
  });
});
