import { z } from 'zod';
import { msg } from '../i18n/messages';
import { listQuerySchema, listResponseSchema } from '../list';

/**
 * The outgoing mail log (decision 0027): every message the app sent or failed to send, by either
 * driver. Secrets the message carried (reset and invitation links, codes) are stored redacted.
 */
export const MAIL_STATUSES = ['sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_LOG_SORTS = ['created_at', 'to', 'subject'] as const;
export const mailLogListQuerySchema = listQuerySchema(MAIL_LOG_SORTS, {
  status: z.enum(MAIL_STATUSES, { message: msg('Choose sent or failed.') }).optional(),
});
export type MailLogListQuery = z.infer<typeof mailLogListQuerySchema>;

export const mailLogEntrySchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  /** Why it failed (the transport's message). */
  error: z.string().nullable(),
  /** `smtp` (MAIL_URL) or `outbox` (.eml files in DATA_DIR/mail). */
  driver: z.string(),
  message_id: z.string().nullable(),
  /** When it was sent, or failed. */
  created_at: z.string(),
});
export type MailLogEntry = z.infer<typeof mailLogEntrySchema>;
export const mailLogListResponseSchema = listResponseSchema(mailLogEntrySchema);

/** The message itself (secrets redacted), to open from the list. */
export const mailLogMessageResponseSchema = z.object({
  mail: mailLogEntrySchema.extend({ from: z.string(), text: z.string(), html: z.string() }),
});
export type MailLogMessage = z.infer<typeof mailLogMessageResponseSchema>['mail'];
