import { z } from 'zod';
import { msg } from '../i18n/messages';
import { defineOperations } from '../operation';
import { ADMIN_PERMISSIONS as A } from '../permissions';

/**
 * Background jobs (module `jobs`, issue 35): the queues work is handed to and the periodic tasks,
 * on the engine this install runs (BullMQ on Redis or PostgreSQL, or the embedded in-process
 * runner); for each, how many jobs wait, run, wait for a retry, and failed for good — with the
 * failed ones' errors, and a retry.
 */
export const JOB_ENGINES = ['in-process', 'redis', 'postgres'] as const;
export type JobEngine = (typeof JOB_ENGINES)[number];

/** A queue or periodic task's name, as the server declares it (letters, digits, dashes). */
export const jobQueueNameSchema = z.string().regex(/^[a-z][a-z0-9-]{0,63}$/, msg('There is no such queue.'));
/** A job's id within its queue, as the engine gives it. */
export const jobIdSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\w:.-]+$/, msg('There is no such job.'));

export const jobQueueSchema = z.object({
  name: z.string(),
  /** `queue`: work handed over by requests; `periodic`: a task that runs every `every_ms`, once across instances. */
  kind: z.enum(['queue', 'periodic']),
  every_ms: z.number().int().nullable(),
  /** Jobs of this queue running at once, all instances together. */
  concurrency: z.number().int(),
  /** Tries before a job fails for good. */
  attempts: z.number().int(),
  waiting: z.number().int(),
  active: z.number().int(),
  /** Waiting for their time: a retry's backoff, or a periodic task's next run. */
  delayed: z.number().int(),
  /** Failed for good (after every try): the dead-letter list, kept for a retry. */
  failed: z.number().int(),
  completed: z.number().int(),
});
export type JobQueue = z.infer<typeof jobQueueSchema>;

export const jobQueuesResponseSchema = z.object({
  engine: z.enum(JOB_ENGINES),
  queues: z.array(jobQueueSchema),
});
export type JobQueuesResponse = z.infer<typeof jobQueuesResponseSchema>;

export const failedJobSchema = z.object({
  id: z.string(),
  queue: z.string(),
  attempts: z.number().int(),
  /** When the last try failed (ISO 8601). */
  failed_at: z.string().nullable(),
  /** The last try's error: its kind and message, secrets and personal data removed. */
  error: z.string(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

export const failedJobsResponseSchema = z.object({ data: z.array(failedJobSchema) });
export type FailedJobsResponse = z.infer<typeof failedJobsResponseSchema>;

export const jobs = defineOperations('Jobs', {
  listQueues: {
    method: 'GET',
    path: '/api/v1/admin/jobs',
    access: { permission: A.logsView },
    response: jobQueuesResponseSchema,
    summary: 'Background job queues and periodic tasks with their counts',
  },
  listFailed: {
    method: 'GET',
    path: '/api/v1/admin/jobs/:queue/failed',
    access: { permission: A.logsView },
    params: z.object({ queue: jobQueueNameSchema }),
    response: failedJobsResponseSchema,
    summary: "A queue's failed jobs (the newest 100) with their errors",
  },
  /** Puts a failed job back in its queue, to be tried again from its first attempt. */
  retryFailed: {
    method: 'POST',
    path: '/api/v1/admin/jobs/:queue/failed/:id/retry',
    access: { permission: A.settingsUpdate },
    params: z.object({ queue: jobQueueNameSchema, id: jobIdSchema }),
    response: z.object({ message: z.string() }),
    summary: 'Retry a failed job',
  },
});
