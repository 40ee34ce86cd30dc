import { z } from 'zod';

/** The admin's health page: what runs, how big, since when. */
export const systemHealthSchema = z.object({
  version: z.string(),
  node: z.string(),
  /** Seconds since this instance started. */
  uptime: z.number(),
  started_at: z.string(),
  database: z.object({
    driver: z.enum(['pglite', 'postgres']),
    ok: z.boolean(),
    /** pg_database_size of the app's database; null when it could not be read. */
    size: z.number().nullable(),
    latency_ms: z.number().nullable(),
    server_version: z.string().nullable(),
  }),
  redis: z.object({
    enabled: z.boolean(),
    /** PING answered (null when Redis is off). */
    ok: z.boolean().nullable(),
    latency_ms: z.number().nullable(),
  }),
  storage: z.object({
    driver: z.string(),
    /** Bytes under the storage folder; null for a driver that cannot tell cheaply (S3). */
    used: z.number().nullable(),
    files: z.number().int().nullable(),
    /** The count stopped at its bound: used and files are at least these. */
    partial: z.boolean(),
  }),
  mail: z.object({ driver: z.enum(['smtp', 'outbox']) }),
  error_log: z.object({ files: z.number().int(), size: z.number().int() }),
});
export type SystemHealth = z.infer<typeof systemHealthSchema>;
