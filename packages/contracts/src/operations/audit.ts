import { auditListQuerySchema, auditListResponseSchema } from '../admin/audit';
import { defineOperations } from '../operation';
import { ADMIN_PERMISSIONS as A } from '../permissions';

export const audit = defineOperations('Audit log', {
  list: {
    method: 'GET',
    path: '/api/v1/admin/audit-log',
    access: { permission: A.logsView },
    query: auditListQuerySchema,
    response: auditListResponseSchema,
    summary: 'Admin actions: who, what, target, before and after, when, from where',
  },
});
