import { z } from 'zod';
import { defineOperations } from '../operation';

export const healthSchema = z.object({ status: z.enum(['ok', 'error']), database: z.enum(['ok', 'error']) });

/** For load balancers and monitors; outside /api/v1, so not in the API document. */
export const health = defineOperations('Health', {
  check: {
    method: 'GET',
    path: '/health',
    access: 'guest',
    response: healthSchema,
    otherResponses: { 503: healthSchema },
    summary: 'Whether the server and its database answer',
  },
});
