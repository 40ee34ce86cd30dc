import { audit } from '@zema/contracts/operations/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineRoute } from '#src/http/define-route';
import { listAudit } from './audit.service';

/** The admin area's own pages (system): the audit log. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  defineRoute(app, audit.list, async (request) => listAudit(app.deps.db, request.query));
};
