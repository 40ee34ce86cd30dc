import { z } from 'zod';
import { defineOperations } from '../operation';

/** One dependency's state: `off` = not configured on this install (Redis without REDIS_URL). */
export const readyCheckStateSchema = z.enum(['ok', 'error', 'off']);

/** What `/ready` checks, each on its own so a monitor can tell which one failed. */
export const READY_CHECKS = ['database', 'redis', 'storage', 'migrations'] as const;
export type ReadyCheck = (typeof READY_CHECKS)[number];

export const readySchema = z.object({
  status: z.enum(['ok', 'error']),
  checks: z.object({
    database: readyCheckStateSchema,
    redis: readyCheckStateSchema,
    storage: readyCheckStateSchema,
    migrations: readyCheckStateSchema,
  }),
  /** The checks that failed (empty when ready), and `closing` while the server shuts down. */
  failing: z.array(z.string()),
});

/**
 * Readiness for load balancers and orchestrators: whether this instance can serve traffic now
 * (its database, Redis and storage answer, its migrations are applied). Liveness stays `/health`.
 * Outside /api/v1, so not in the API document.
 */
export const ready = defineOperations('Health', {
  check: {
    method: 'GET',
    path: '/ready',
    access: 'guest',
    response: readySchema,
    otherResponses: { 503: readySchema },
    summary: 'Whether this instance is ready for traffic: database, Redis, storage, migrations',
  },
});
