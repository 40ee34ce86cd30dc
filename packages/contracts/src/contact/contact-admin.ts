import { z } from 'zod';
import { msg } from '../i18n/messages';
import { bulkIdsSchema, listQuerySchema, listResponseSchema } from '../list';
import { idSchema } from '../primitives';

/**
 * Where a message's two mails stand (the site's copy to the contact address, and the sender's
 * copy): `pending` until the first try, `sent` once both went out, `failed` after a try that did
 * not (`next_attempt_at` says when the next one is; null = no more tries, the admin may retry).
 */
export const CONTACT_MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type ContactMailStatus = (typeof CONTACT_MAIL_STATUSES)[number];

export const CONTACT_READ_STATES = ['unread', 'read'] as const;

/** A contact message as the admin reads it. */
export const contactMessageSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  message: z.string(),
  /** The sender's language when they wrote (their copy was in it). */
  language: z.string(),
  /** The account the sender was signed in with, if any. */
  user_id: idSchema.nullable(),
  ip: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
  mail: z.object({
    status: z.enum(CONTACT_MAIL_STATUSES),
    attempts: z.number().int(),
    next_attempt_at: z.string().nullable(),
    /** Why the last try failed, without credentials. */
    last_error: z.string().nullable(),
    /** The contact address the site's copy went to, once it went. */
    notified_to: z.string().nullable(),
    notified_at: z.string().nullable(),
    copy_sent_at: z.string().nullable(),
  }),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const CONTACT_MESSAGE_SORTS = ['created_at', 'name', 'email'] as const;
export const contactMessageListQuerySchema = listQuerySchema(CONTACT_MESSAGE_SORTS, {
  status: z.enum(CONTACT_READ_STATES, { message: msg('Use read or unread.') }).optional(),
  mail: z.enum(CONTACT_MAIL_STATUSES, { message: msg('Use pending, sent or failed.') }).optional(),
});
export type ContactMessageListQuery = z.infer<typeof contactMessageListQuerySchema>;

export const contactMessageListResponseSchema = listResponseSchema(contactMessageSchema).extend({
  /** Unread messages in all (whatever the filter), for the page's header. */
  unread: z.number().int(),
});

/** Mark the selected messages read or unread (opening one marks it read). */
export const markContactMessagesRequestSchema = bulkIdsSchema.extend({ read: z.boolean() });
