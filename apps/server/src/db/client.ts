import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Config, SERVER_ROOT } from '#src/config';

/**
 * One Drizzle type for both drivers: services never know which database they talk to. Queries name
 * their tables (the tables live with their modules); no relational query API, so no schema here.
 */
export type Database = PgDatabase<PgQueryResultHKT>;
/** A transaction handle, and what reads take so they run inside or outside one. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Db = Database | Tx;

export type DatabaseHandle = {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** The embedded client, for PGlite-only operations such as dumpDataDir. */
  pglite?: PGlite;
  /**
   * Runs `fn` while holding a database-wide lock, so instances starting together against one
   * PostgreSQL do not migrate or seed concurrently. PGlite has a single client: no lock needed.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * PGlite: writes a checkpoint when enough WAL has piled up since the last one (see
   * PGLITE_CHECKPOINT); resolves with whether it did. PostgreSQL checkpoints by itself: false.
   */
  checkpointIfDue(): Promise<boolean>;
  close(): Promise<void>;
};

export const MIGRATIONS_FOLDER = resolve(SERVER_ROOT, 'src/db/migrations');

// Arbitrary constant shared by every instance; identifies "zema schema setup" in pg_locks.
const SETUP_LOCK_KEY = 748_213_901;

/**
 * PGlite runs Postgres as one single-user backend: there is no checkpointer process, and a backend
 * outside a postmaster never requests a checkpoint when WAL passes max_wal_size. Without help the
 * only checkpoint is the one at a clean close, so after a crash (SIGKILL, power loss) recovery
 * replays every WAL record since the process started — gigabytes after a long busy run, 15–20 s
 * of start-up — and pg_wal grows without bound meanwhile. So the app checks every `everyMs` and
 * runs CHECKPOINT once `walBytes` of WAL have been written since the last one.
 */
export const PGLITE_CHECKPOINT = { everyMs: 15_000, walBytes: 64 * 1024 * 1024 };

export type DatabaseOptions = {
  /** A PGlite data dir tarball to start from (tests restore a migrated template this way). */
  pgliteLoadDataDir?: Blob;
  /** In-memory PGlite instead of DATA_DIR/db. */
  pgliteInMemory?: boolean;
  /** Overrides PGLITE_CHECKPOINT (tests). */
  pgliteCheckpoint?: Partial<typeof PGLITE_CHECKPOINT>;
};

export async function createDatabase(config: Config, opts: DatabaseOptions = {}): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzleNodePg(pool) as Database;
    return {
      db,
      driver: 'postgres',
      async exclusive(fn) {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [SETUP_LOCK_KEY]);
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [SETUP_LOCK_KEY]).catch(() => {});
          client.release();
        }
      },
      checkpointIfDue: async () => false,
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if (!opts.pgliteInMemory && !opts.pgliteLoadDataDir) {
    dataDir = join(config.dataDir, 'db');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({
    dataDir,
    loadDataDir: opts.pgliteLoadDataDir,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(yieldingBeforeEachQuery(client)) as unknown as Database;
  const checkpoint = { ...PGLITE_CHECKPOINT, ...opts.pgliteCheckpoint };
  const checkpointIfDue = async () => {
    if (client.closed) return false;
    const [row] = (
      await client.query<{ pending: string }>(
        'select (pg_current_wal_lsn() - redo_lsn)::text as pending from pg_control_checkpoint()',
      )
    ).rows;
    if (Number(row?.pending ?? 0) < checkpoint.walBytes) return false;
    await client.exec('checkpoint');
    return true;
  };
  // Not the job queue: this is the database's own upkeep, as Postgres' checkpointer process is.
  // A failed check is retried at the next tick; close() stops the timer before closing.
  const timer = setInterval(() => void checkpointIfDue().catch(() => {}), checkpoint.everyMs);
  timer.unref();
  return {
    db,
    driver: 'pglite',
    pglite: client,
    exclusive: (fn) => fn(),
    checkpointIfDue,
    close: async () => {
      clearInterval(timer);
      if (!client.closed) await client.close();
    },
  };
}

/**
 * PGlite runs each statement synchronously inside promise callbacks, so the statements of one
 * request, chained by `await`, would run back to back without the server ever reading another
 * request: one costly request (a search over a large catalogue) held every other one until it had
 * finished. Each statement outside a transaction now starts on a later turn of the event loop
 * (setImmediate), in the order it was issued, so other requests are read, refused or answered
 * between them and one slow request delays the others by one statement at a time.
 */
function yieldingBeforeEachQuery(client: PGlite): PGlite {
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const query: PGlite['query'] = async (...args) => {
    await nextTurn();
    return client.query(...args);
  };
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === 'query') return query;
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Applies pending migrations; drizzle runs them all in one transaction. */
export async function runMigrations(handle: DatabaseHandle, migrationsFolder = MIGRATIONS_FOLDER) {
  const config = { migrationsFolder };
  if (handle.driver === 'postgres') {
    await migrateNodePg(handle.db as Parameters<typeof migrateNodePg>[0], config);
  } else {
    await migratePglite(handle.db as unknown as Parameters<typeof migratePglite>[0], config);
  }
}

/** Rows of a raw query; both drivers answer `{rows}`, which the shared Drizzle type cannot know. */
export async function queryRows<T>(db: Database | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Statements prepared per embedded database, by SQL text (null: it could not be prepared). */
const preparedOn = new WeakMap<PGlite, Map<string, Promise<string | null>>>();
/** Prepared statements one embedded database keeps at most; beyond that queries run as they are. */
export const PREPARED_STATEMENTS_MAX = 200;
const dialect = new PgDialect();

/** A bound value as an SQL literal, or undefined when it is not a string, finite number or null. */
function literal(value: unknown): string | undefined {
  if (value === null) return 'null';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  // A NUL would end the statement's text early: such a value is bound as a parameter instead.
  if (typeof value === 'string' && !value.includes('\0')) return pg.escapeLiteral(value);
  return undefined;
}

/**
 * Rows of a raw query that runs often with other values, planned once per database session.
 *
 * PGlite answers each statement as the unnamed statement of the extended protocol, planned anew
 * every time, and its planner runs as WebAssembly on the server's one thread: on the 100 000-track
 * catalogue, planning a search section cost more than running it. Here the query is prepared once
 * under a name (`PREPARE`, keyed by its SQL text) and run with `EXECUTE`, its values given as
 * literals quoted by node-postgres' escapeLiteral (strings without NUL, finite numbers and null only;
 * anything else runs unprepared). PostgreSQL decides per statement, as always, between a plan for these
 * values and a generic one reused (plan_cache_mode auto), so a query must find the same rows
 * under either plan (see the search's candidates). On PostgreSQL, whose pooled connections plan
 * natively and fast, this is queryRows.
 */
export async function queryRowsPlanned<T>(db: Database | Tx, query: SQL): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const values = params.map(literal);
  if (values.some((v) => v === undefined)) return queryRows<T>(db, query);
  let statements = preparedOn.get(client);
  if (!statements) {
    statements = new Map();
    preparedOn.set(client, statements);
  }
  let name = statements.get(text);
  if (!name) {
    if (statements.size >= PREPARED_STATEMENTS_MAX) return queryRows<T>(db, query);
    const id = `planned_${statements.size + 1}`;
    // Shared by concurrent callers, so a statement is prepared once.
    name = queryRows(db, sql.raw(`prepare ${id} as ${text}`)).then(
      () => id,
      () => null,
    );
    statements.set(text, name);
  }
  const id = await name;
  if (!id) return queryRows<T>(db, query);
  return queryRows<T>(db, sql.raw(`execute ${id}${values.length ? `(${values.join(', ')})` : ''}`));
}

export async function pingDatabase(db: Database) {
  await queryRows(db, sql`select 1`);
}
