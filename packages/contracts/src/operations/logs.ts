import { defineOperations } from '../operation';

export const logs = defineOperations('Logs', {
  /** Answers the log file itself (text/plain, as an attachment), not JSON. */
  downloadLatestError: {
    method: 'GET',
    path: '/api/v1/logs/error/download-latest',
    access: 'admin',
    summary: 'Download the latest error log',
  },
});
