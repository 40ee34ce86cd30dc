import type { SystemHealth } from '@zema/contracts/admin';
import { sql } from 'drizzle-orm';
import { queryRows } from '#src/db/client';
import type { Deps } from '#src/platform/deps';
import serverPackage from '../../../package.json' with { type: 'json' };

/**
 * The admin's health page. Each probe is bounded and answers on its own: a
 * database or Redis that does not answer shows as down, it does not hang or fail the page.
 */

const PROBE_TIMEOUT_MS = 2_000;
/** Storage is counted up to this many files, so the page stays fast on a large catalogue. */
export const STORAGE_COUNT_LIMIT = 20_000;

function withTimeout<T>(work: Promise<T>, ms = PROBE_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number } | null> {
  const start = performance.now();
  try {
    const value = await withTimeout(work());
    return { value, ms: Math.round((performance.now() - start) * 10) / 10 };
  } catch {
    return null;
  }
}

export async function systemHealth(
  deps: Pick<Deps, 'database' | 'redis' | 'storage' | 'mail' | 'errorLog'>,
): Promise<SystemHealth> {
  const { database, redis, storage, mail, errorLog } = deps;
  const [db, ping, used, logFiles] = await Promise.all([
    // pg_database_size answers on PGlite as on PostgreSQL (the same engine).
    timed(async () => {
      const [row] = await queryRows<{ size: string | number; version: string }>(
        database.db,
        sql`select pg_database_size(current_database()) as size, current_setting('server_version') as version`,
      );
      return row;
    }),
    redis ? timed(() => redis.ping()) : Promise.resolve(null),
    storage.usage ? withTimeout(storage.usage(STORAGE_COUNT_LIMIT)).catch(() => null) : Promise.resolve(null),
    errorLog.days().catch(() => []),
  ]);
  const uptime = process.uptime();
  return {
    version: serverPackage.version,
    node: process.versions.node,
    uptime: Math.floor(uptime),
    started_at: new Date(Date.now() - uptime * 1000).toISOString(),
    database: {
      driver: database.driver,
      ok: db !== null,
      size: db?.value ? Number(db.value.size) : null,
      latency_ms: db?.ms ?? null,
      server_version: db?.value?.version ?? null,
    },
    redis: {
      enabled: redis !== null,
      ok: redis ? ping?.value === 'PONG' : null,
      latency_ms: ping?.ms ?? null,
    },
    storage: {
      driver: used?.driver ?? (storage.usage ? 'local' : 'remote'),
      used: used?.bytes ?? null,
      files: used?.files ?? null,
      partial: used?.partial ?? false,
    },
    mail: { driver: mail.mailer.kind },
    error_log: {
      files: logFiles.reduce((n, d) => n + d.files, 0),
      size: logFiles.reduce((n, d) => n + d.size, 0),
    },
  };
}
