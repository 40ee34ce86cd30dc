import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '#src/config';
import { createDatabase, runMigrations } from '#src/db/client';
import { seedDatabaseWithModules } from '#src/server-modules';
import { TEST_ADMIN_PASSWORD } from './constants';
import { adminUrl, databaseName, databaseUrl, quoteIdent, withClient } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite leg: path of a migrated + seeded data dir tarball to start each file from. */
    pgliteTemplate: string;
    /** PostgreSQL leg: name of a migrated + seeded template database. */
    pgTemplate: string;
    /** Prefix of every database this run creates, so teardown can drop what a crashed file left. */
    pgRunPrefix: string;
  }
}

/**
 * Migrates and seeds one template per run; every test file then starts from a copy of it
 * (PGlite: loadDataDir of a tarball; PostgreSQL: CREATE DATABASE ... TEMPLATE), so files are
 * isolated from each other and from other runs, and nobody pays for migrating twice.
 */
export default async function setup(project: TestProject) {
  const tmp = await mkdtemp(join(tmpdir(), 'zema-test-'));
  const usePostgres = process.env.ZEMA_TEST_DB === 'postgres';
  const env = { DATA_DIR: tmp, LOG_LEVEL: 'silent', ADMIN_PASSWORD: TEST_ADMIN_PASSWORD } as const;

  if (!usePostgres) {
    project.provide('pgTemplate', '');
    project.provide('pgRunPrefix', '');
    const config = loadConfig({ ...env, DATABASE_URL: '' });
    const handle = await createDatabase(config, { pgliteInMemory: true });
    await runMigrations(handle);
    await seedDatabaseWithModules(handle.db, config);
    const dumpFile = join(tmp, 'template.tar');
    const dump = await handle.pglite!.dumpDataDir('none');
    await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
    await handle.close();
    project.provide('pgliteTemplate', dumpFile);
    return async () => {
      await rm(tmp, { recursive: true, force: true });
    };
  }

  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('ZEMA_TEST_DB=postgres needs DATABASE_URL');
  // The configured database may not exist yet on a fresh CI server: create it.
  const configured = databaseName(url);
  await withClient(adminUrl(url), async (c) => {
    const found = await c.query('select 1 from pg_database where datname = $1', [configured]);
    if (found.rowCount === 0) {
      await c.query(`create database ${quoteIdent(configured)}`).catch((err: { code?: string }) => {
        // Another run created it between our check and now.
        if (err.code !== '42P04') throw err;
      });
    }
  });

  const runId = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const template = `zema_tpl_${runId}`;
  const runPrefix = `zema_test_${runId}_`;
  await withClient(url, (c) => c.query(`create database ${quoteIdent(template)}`));
  const config = loadConfig({ ...env, DATABASE_URL: databaseUrl(url, template) });
  const handle = await createDatabase(config);
  await runMigrations(handle);
  await seedDatabaseWithModules(handle.db, config);
  // CREATE DATABASE ... TEMPLATE needs the template to have no open connections.
  await handle.close();
  project.provide('pgliteTemplate', '');
  project.provide('pgTemplate', template);
  project.provide('pgRunPrefix', runPrefix);

  return async () => {
    await withClient(url, async (c) => {
      const left = await c.query<{ datname: string }>(
        'select datname from pg_database where starts_with(datname, $1)',
        [runPrefix],
      );
      for (const { datname } of [...left.rows, { datname: template }]) {
        await c.query(`drop database if exists ${quoteIdent(datname)} with (force)`);
      }
    });
    await rm(tmp, { recursive: true, force: true });
  };
}
