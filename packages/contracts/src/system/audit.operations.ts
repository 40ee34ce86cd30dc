import { listExportQuerySchema } from '../list';
import { defineOperations } from '../operation';
import { ADMIN_PERMISSIONS as A } from '../permissions';
import { auditListQuerySchema, auditListResponseSchema } from './audit-log';

export const audit = defineOperations('Audit log', {
  list: {
    method: 'GET',
    path: '/api/v1/admin/audit-log',
    access: { permission: A.logsView },
    query: auditListQuerySchema,
    response: auditListResponseSchema,
    summary: 'Admin actions: who, what, target, before and after, when, from where',
  },
  /** text/csv of every entry of the current filter (without the before and after snapshots). */
  exportCsv: {
    method: 'GET',
    path: '/api/v1/admin/audit-log/export',
    access: { permission: A.logsView },
    query: listExportQuerySchema(auditListQuerySchema),
    summary: 'Export the filtered audit log as CSV',
  },
});
