import { rolesAdmin } from '@zema/contracts/users/roles.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '#src/http/caller';
import { sendCsv } from '#src/http/csv';
import { defineRoute } from '#src/http/define-route';
import {
  createRole,
  deleteRole,
  getRole,
  listRoles,
  ROLE_MESSAGES,
  rolesCsv,
  updateRole,
} from './roles.service';

/** Roles and permissions. */
export const rolesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  defineRoute(app, rolesAdmin.list, async (request) => listRoles(db, request.query));
  defineRoute(app, rolesAdmin.exportCsv, async (request, reply) =>
    sendCsv(reply, 'roles', rolesCsv(db, request.query)),
  );
  defineRoute(app, rolesAdmin.get, async (request) => ({ role: await getRole(db, request.params.id) }));
  defineRoute(app, rolesAdmin.create, async (request) => ({
    role: await getRole(db, await createRole(app.deps, actorOf(request), request.body)),
  }));
  defineRoute(app, rolesAdmin.update, async (request) => {
    await updateRole(app.deps, actorOf(request), request.params.id, request.body);
    return { role: await getRole(db, request.params.id) };
  });
  defineRoute(app, rolesAdmin.delete, async (request) => {
    await deleteRole(app.deps, actorOf(request), request.params.id);
    return { message: ROLE_MESSAGES.deleted };
  });
};
