import { z } from 'zod';
import { debugErrorPayloadSchema } from '../common';
import { msg } from '../i18n/messages';
import { dayParamSchema, listQuerySchema, listResponseSchema } from '../list';

/**
 * The error log viewer: the server's error log files (one JSON line per error,
 * by day) read through the one list contract. `error` = a request answered 500; `warning` = work
 * a request started in the background failed (the request itself succeeded).
 */
export const ERROR_LOG_LEVELS = ['error', 'warning'] as const;
export type ErrorLogLevel = (typeof ERROR_LOG_LEVELS)[number];

export const ERROR_LOG_SORTS = ['time'] as const;
export const errorLogListQuerySchema = listQuerySchema(ERROR_LOG_SORTS, {
  level: z.enum(ERROR_LOG_LEVELS, { message: msg('Choose error or warning.') }).optional(),
  day: dayParamSchema.optional(),
});
export type ErrorLogListQuery = z.infer<typeof errorLogListQuerySchema>;

/**
 * An entry's id: its file's day and sequence number and the byte offset of its line
 * (`2026-01-31.0.4096`). The server builds the file name from these parts; nothing else of the
 * id reaches the file system.
 */
export const ERROR_LOG_ENTRY_ID = /^(\d{4}-\d{2}-\d{2})\.(\d{1,6})\.(\d{1,12})$/;
export const errorLogEntryIdSchema = z.string().regex(ERROR_LOG_ENTRY_ID, msg('Not an error log entry.'));

export const errorLogEntrySchema = z.object({
  id: z.string(),
  level: z.enum(ERROR_LOG_LEVELS),
  /** When it happened (for a line counting repeats: the last of them). */
  time: z.string(),
  /** A line counting repeats: when the first of them happened. */
  first_time: z.string().nullable(),
  /** How many errors this line stands for (repeats within a minute are written once). */
  count: z.number().int(),
  exception: z.string(),
  message: z.string(),
  method: z.string(),
  /** The route pattern, or the background task's name. */
  route: z.string(),
  url: z.string(),
  req_id: z.string(),
  fingerprint: z.string(),
});
export type ErrorLogEntry = z.infer<typeof errorLogEntrySchema>;
export const errorLogListResponseSchema = listResponseSchema(errorLogEntrySchema);

/** One entry with its stack as the SPEC §3 frames (the same view as the error dialog). */
export const errorLogEntryResponseSchema = z.object({
  entry: errorLogEntrySchema,
  debug: debugErrorPayloadSchema,
});
export type ErrorLogEntryResponse = z.infer<typeof errorLogEntryResponseSchema>;

export const errorLogDaySchema = z.object({
  day: z.string(),
  /** Bytes over the day's files (a busy day rotates into several). */
  size: z.number().int(),
  files: z.number().int(),
});
export type ErrorLogDay = z.infer<typeof errorLogDaySchema>;
/** Days that have a log, newest first. */
export const errorLogDaysResponseSchema = z.object({ days: z.array(errorLogDaySchema) });

export const errorLogDayParamsSchema = z.object({ day: dayParamSchema });
