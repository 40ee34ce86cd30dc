import { z } from 'zod';
import { bulkIdsSchema, bulkResultSchema, listExportQuerySchema } from '../list';
import { defineOperations } from '../operation';
import { ADMIN_PERMISSIONS as A } from '../permissions';
import { idParamSchema } from '../primitives';
import { contactRequestSchema, contactResponseSchema } from './contact';
import {
  contactMessageListQuerySchema,
  contactMessageListResponseSchema,
  contactMessageSchema,
  markContactMessagesRequestSchema,
} from './contact-admin';

/**
 * SPEC §7 `POST contact-page {name, email, message}`, with human verification when the admin
 * requires it: the message is stored, then mailed to the site's contact address (Reply-To: the
 * sender) and a copy to the sender. Rate-limited per address and per email.
 */
export const contact = defineOperations('Contact', {
  send: {
    method: 'POST',
    path: '/api/v1/contact-page',
    access: 'guest',
    body: contactRequestSchema,
    response: contactResponseSchema,
    summary: 'Send a message to the site (stored first, then mailed)',
  },
});

const view = { permission: A.contactMessagesView } as const;
const update = { permission: A.contactMessagesUpdate } as const;
const idParams = z.object({ id: idParamSchema });

/** The admin's contact messages: list, read, mark read or unread, export, delete, mail again. */
export const contactAdmin = defineOperations('Contact', {
  list: {
    method: 'GET',
    path: '/api/v1/admin/contact-messages',
    access: view,
    query: contactMessageListQuerySchema,
    response: contactMessageListResponseSchema,
    summary: 'Contact messages, newest first, searchable and filterable',
  },
  /** text/csv of every row of the current filter (not only the page). */
  exportCsv: {
    method: 'GET',
    path: '/api/v1/admin/contact-messages/export',
    access: view,
    query: listExportQuerySchema(contactMessageListQuerySchema),
    summary: 'Export the filtered contact messages as CSV',
  },
  get: {
    method: 'GET',
    path: '/api/v1/admin/contact-messages/:id',
    access: view,
    params: idParams,
    response: z.object({ message: contactMessageSchema }),
    summary: 'One contact message',
  },
  markRead: {
    method: 'POST',
    path: '/api/v1/admin/contact-messages/mark-read',
    access: view,
    body: markContactMessagesRequestSchema,
    response: bulkResultSchema,
    summary: 'Mark the selected messages read or unread',
  },
  retryMail: {
    method: 'POST',
    path: '/api/v1/admin/contact-messages/:id/retry-mail',
    access: update,
    params: idParams,
    response: z.object({ message: contactMessageSchema }),
    summary: "Try a message's mails again now (after the automatic tries gave up)",
  },
  bulkDelete: {
    method: 'POST',
    path: '/api/v1/admin/contact-messages/bulk-delete',
    access: update,
    body: bulkIdsSchema,
    response: bulkResultSchema,
    summary: 'Delete the selected messages',
  },
});
