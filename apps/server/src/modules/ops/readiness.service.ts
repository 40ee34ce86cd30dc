import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { READY_CHECKS, type ReadyCheck, type readySchema } from '@zema/contracts/ops/ready.operations';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MIGRATIONS_FOLDER, pingDatabase, queryRows } from '#src/db/client';
import type { Deps } from '#src/platform/deps';
import { isS3Storage } from '#src/platform/s3-storage';

export type ReadyReport = z.infer<typeof readySchema>;
type CheckState = ReadyReport['checks'][ReadyCheck];

export type ReadinessOptions = {
  /** A report is reused this long, so a flood of probes costs one round of checks a second. */
  reuseMs?: number;
  /** Each check's bound: a dependency that hangs fails its check instead of holding the probe. */
  timeoutMs?: number;
  /** The migrations this build ships (default: the server's migrations folder). */
  migrationsFolder?: string;
};

export type Readiness = {
  check(): Promise<ReadyReport>;
  /** From now on the instance reports itself not ready (the server is shutting down). */
  closing(): void;
};

/** The key stat'ed on the local driver: a missing file answers null, an unreadable disk throws. */
const STORAGE_PROBE_KEY = 'ops/ready-probe';

/** The `when` of the last migration in the journal: applied once the database holds one as recent. */
export function latestMigration(migrationsFolder = MIGRATIONS_FOLDER): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

function bounded<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Whether this instance can serve traffic: its database answers (`select 1`), Redis answers PING
 * when REDIS_URL is set, the storage answers (S3: HeadBucket, which also fails for a missing
 * bucket; local: a stat), and the database holds every migration of this build (drizzle's own
 * table, compared with the journal; once true it stays true for the process). Each check is
 * cheap and bounded; concurrent probes share one round, and a round is reused for `reuseMs`.
 * A failing check is logged when it starts failing and when it recovers, not on every probe.
 */
export function createReadiness(
  deps: Pick<Deps, 'db' | 'redis' | 'storage' | 'log'>,
  { reuseMs = 1000, timeoutMs = 1500, migrationsFolder }: ReadinessOptions = {},
): Readiness {
  let latest: number | undefined;
  let migrated = false;
  let closing = false;
  let inflight: Promise<ReadyReport> | undefined;
  let last: { at: number; report: ReadyReport } | undefined;
  const previous = new Map<ReadyCheck, CheckState>();

  const probes: Record<ReadyCheck, () => Promise<'ok' | 'off'>> = {
    database: async () => {
      await pingDatabase(deps.db);
      return 'ok';
    },
    redis: async () => {
      if (!deps.redis) return 'off';
      await deps.redis.ping();
      return 'ok';
    },
    storage: async () => {
      const storage = deps.storage;
      if (isS3Storage(storage)) await storage.client.send(new HeadBucketCommand({ Bucket: storage.bucket }));
      else await storage.stat(STORAGE_PROBE_KEY);
      return 'ok';
    },
    migrations: async () => {
      if (migrated) return 'ok';
      latest ??= latestMigration(migrationsFolder);
      const [row] = await queryRows<{ created_at: string | number | null }>(
        deps.db,
        sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`,
      );
      if (Number(row?.created_at ?? 0) < latest) throw new Error('migrations are pending');
      migrated = true;
      return 'ok';
    },
  };

  const run = async (): Promise<ReadyReport> => {
    const states = await Promise.all(
      READY_CHECKS.map(async (name): Promise<CheckState> => {
        try {
          return await bounded(probes[name](), timeoutMs);
        } catch (err) {
          if (previous.get(name) !== 'error') deps.log.warn({ err, check: name }, 'readiness check failed');
          return 'error';
        }
      }),
    );
    const checks = Object.fromEntries(
      READY_CHECKS.map((name, i) => [name, states[i]]),
    ) as ReadyReport['checks'];
    for (const name of READY_CHECKS) {
      if (previous.get(name) === 'error' && checks[name] !== 'error')
        deps.log.info({ check: name }, 'readiness check recovered');
      previous.set(name, checks[name]);
    }
    const failing: string[] = READY_CHECKS.filter((name) => checks[name] === 'error');
    if (closing) failing.unshift('closing');
    return { status: failing.length ? 'error' : 'ok', checks, failing };
  };

  return {
    check() {
      if (inflight) return inflight;
      if (last && !closing && performance.now() - last.at < reuseMs) return Promise.resolve(last.report);
      inflight = run()
        .then((report) => {
          last = { at: performance.now(), report };
          return report;
        })
        .finally(() => {
          inflight = undefined;
        });
      return inflight;
    },
    closing() {
      closing = true;
    },
  };
}
