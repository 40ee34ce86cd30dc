import { defineOperations } from '../operation';
import { ADMIN_PERMISSIONS as A } from '../permissions';

export const logs = defineOperations('Logs', {
  /** Answers the log file itself (text/plain, as an attachment), not JSON. */
  downloadLatestError: {
    method: 'GET',
    path: '/api/v1/logs/error/download-latest',
    access: { permission: A.logsView },
    summary: 'Download the latest error log',
  },
});
