import { defineOperations } from '../operation';
import { ADMIN_PERMISSIONS as A } from '../permissions';
import { systemHealthSchema } from './system-health';

export const system = defineOperations('System', {
  health: {
    method: 'GET',
    path: '/api/v1/admin/system/health',
    access: { permission: A.logsView },
    response: systemHealthSchema,
    summary: 'Database driver and size, Redis, storage used, version and uptime',
  },
});
