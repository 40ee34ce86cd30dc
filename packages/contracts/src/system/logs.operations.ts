import { z } from 'zod';
import { listExportQuerySchema } from '../list';
import { defineOperations } from '../operation';
import { ADMIN_PERMISSIONS as A } from '../permissions';
import { idParamSchema } from '../primitives';
import {
  errorLogDayParamsSchema,
  errorLogDaysResponseSchema,
  errorLogEntryIdSchema,
  errorLogEntryResponseSchema,
  errorLogListQuerySchema,
  errorLogListResponseSchema,
} from './error-log';
import { mailLogListQuerySchema, mailLogListResponseSchema, mailLogMessageResponseSchema } from './mail-log';

const view = { permission: A.logsView } as const;

export const logs = defineOperations('Logs', {
  /** Answers the log file itself (text/plain, as an attachment), not JSON. */
  downloadLatestError: {
    method: 'GET',
    path: '/api/v1/logs/error/download-latest',
    access: view,
    summary: 'Download the latest error log',
  },
  /** The day's files one after another (text/plain, as an attachment); 404 for a day without one. */
  downloadErrorDay: {
    method: 'GET',
    path: '/api/v1/logs/error/download/:day',
    access: view,
    params: errorLogDayParamsSchema,
    summary: "Download one day's error log",
  },
  listErrors: {
    method: 'GET',
    path: '/api/v1/admin/error-log',
    access: view,
    query: errorLogListQuerySchema,
    response: errorLogListResponseSchema,
    summary: 'Server errors: search the message, filter by level and day, sort by time',
  },
  errorDays: {
    method: 'GET',
    path: '/api/v1/admin/error-log/days',
    access: view,
    response: errorLogDaysResponseSchema,
    summary: 'The days that have an error log, newest first',
  },
  getError: {
    method: 'GET',
    path: '/api/v1/admin/error-log/:id',
    access: view,
    params: z.object({ id: errorLogEntryIdSchema }),
    response: errorLogEntryResponseSchema,
    summary: 'One error with its stack frames and code snippets',
  },
  listMail: {
    method: 'GET',
    path: '/api/v1/admin/mail-log',
    access: view,
    query: mailLogListQuerySchema,
    response: mailLogListResponseSchema,
    summary: 'Outgoing mail: recipient, subject, status, sent time',
  },
  /** text/csv of every entry of the current filter (the headers only: never a message body). */
  exportMail: {
    method: 'GET',
    path: '/api/v1/admin/mail-log/export',
    access: view,
    query: listExportQuerySchema(mailLogListQuerySchema),
    summary: 'Export the filtered mail log as CSV',
  },
  getMail: {
    method: 'GET',
    path: '/api/v1/admin/mail-log/:id',
    access: view,
    params: z.object({ id: idParamSchema }),
    response: mailLogMessageResponseSchema,
    summary: 'One sent message, its secrets redacted',
  },
});
