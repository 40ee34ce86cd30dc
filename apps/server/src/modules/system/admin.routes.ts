import { audit } from '@zema/contracts/system/audit.operations';
import { system } from '@zema/contracts/system/system.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '#src/http/csv';
import { defineRoute } from '#src/http/define-route';
import { auditCsv, listAudit } from './audit.service';
import { systemHealth } from './system-health.service';

/** The admin area's own pages (system): the audit log and the health page. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  defineRoute(app, audit.list, async (request) => listAudit(app.deps.db, request.query));
  defineRoute(app, audit.exportCsv, async (request, reply) =>
    sendCsv(reply, 'audit-log', auditCsv(app.deps.db, request.query)),
  );
  defineRoute(app, system.health, async () => systemHealth(app.deps));
};
