import { msg } from '@zema/contracts';
import { usersAdmin } from '@zema/contracts/users/users.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '#src/http/caller';
import { sendCsv } from '#src/http/csv';
import { defineRoute } from '#src/http/define-route';
import { rateLimits } from '#src/http/rate-limits';
import {
  assignRole,
  createUser,
  deleteUsers,
  getAdminUser,
  listUsers,
  markVerified,
  resendVerification,
  resetTwoFactor,
  suspendUser,
  USER_ADMIN_MESSAGES,
  unsuspendUser,
  updateUser,
  usersCsv,
} from './users-admin.service';

/** The admin's users: every route declares its permission in the contract. */
export const usersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, geoip } = app.deps;
  const show = async (id: number) => ({ user: await getAdminUser(db, geoip, id) });

  defineRoute(app, usersAdmin.list, async (request) => listUsers(db, request.query));

  defineRoute(app, usersAdmin.exportCsv, async (request, reply) =>
    sendCsv(reply, 'users', usersCsv(db, request.query)),
  );

  defineRoute(app, usersAdmin.get, async (request) => show(request.params.id));

  defineRoute(app, usersAdmin.create, async (request) =>
    show(await createUser(app.deps, actorOf(request), request.body)),
  );

  defineRoute(app, usersAdmin.update, async (request) => {
    await updateUser(app.deps, actorOf(request), request.params.id, request.body);
    return show(request.params.id);
  });

  defineRoute(app, usersAdmin.delete, async (request) => {
    await deleteUsers(app.deps, actorOf(request), [request.params.id]);
    return { message: USER_ADMIN_MESSAGES.deleted };
  });

  defineRoute(app, usersAdmin.bulkDelete, async (request) => {
    const count = await deleteUsers(app.deps, actorOf(request), request.body.ids);
    return { message: count === 1 ? msg('Deleted 1 user.') : `Deleted ${count} users.`, count };
  });

  defineRoute(app, usersAdmin.assignRole, async (request) => {
    const count = await assignRole(app.deps, actorOf(request), request.body.ids, request.body.role);
    return {
      message: count === 1 ? msg('Gave the role to 1 user.') : `Gave the role to ${count} users.`,
      count,
    };
  });

  defineRoute(app, usersAdmin.suspend, async (request) => {
    await suspendUser(app.deps, actorOf(request), request.params.id, request.body);
    return show(request.params.id);
  });

  defineRoute(app, usersAdmin.unsuspend, async (request) => {
    await unsuspendUser(app.deps, actorOf(request), request.params.id);
    return show(request.params.id);
  });

  defineRoute(app, usersAdmin.markVerified, async (request) => {
    await markVerified(app.deps, actorOf(request), request.params.id);
    return show(request.params.id);
  });

  defineRoute(
    app,
    usersAdmin.resendVerification,
    { config: { rateLimit: rateLimits.adminSensitive } },
    async (request) => {
      await resendVerification(app.deps, actorOf(request), request.params.id);
      return { message: USER_ADMIN_MESSAGES.codeSent };
    },
  );

  defineRoute(app, usersAdmin.resetTwoFactor, async (request) => {
    await resetTwoFactor(app.deps, actorOf(request), request.params.id);
    return show(request.params.id);
  });
};
