/**
 * System: the admin dashboard and analytics, the audit log, the error and mail logs, system
 * health, and the health check.
 *
 * This file is the module's one public face (decision 0051): other modules and the composition
 * (app.ts, deps.ts, server-modules.ts) import only what it exports.
 */
import type { ServerModule } from '#src/platform/deps';
import { adminRoutes } from './admin.routes';
import { analyticsRoutes } from './analytics.routes';
import { healthRoutes } from './health.routes';
import { logsRoutes } from './logs.routes';

export const systemModule: ServerModule = {
  name: 'system',
  rootRoutes: [healthRoutes],
  apiRoutes: [logsRoutes, adminRoutes, analyticsRoutes],
};
