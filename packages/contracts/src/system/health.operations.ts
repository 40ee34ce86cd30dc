import { z } from 'zod';
import { defineOperations } from '../operation';

export const healthSchema = z.object({ status: z.literal('ok') });

/**
 * Liveness, for process supervisors and load balancers: the process answers. It reads nothing
 * else, so a database or Redis outage never gets healthy instances restarted; whether this
 * instance can serve (database, Redis, storage, migrations, not draining) is `GET /ready`
 * (ops/ready.operations.ts). Outside /api/v1, so not in the API document.
 */
export const health = defineOperations('Health', {
  check: {
    method: 'GET',
    path: '/health',
    access: 'guest',
    response: healthSchema,
    summary: 'Whether the server process answers (liveness; readiness is /ready)',
  },
});
