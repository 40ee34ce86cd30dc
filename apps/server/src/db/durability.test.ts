import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#src/config';
import { createDatabase, queryRows } from './client';

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
