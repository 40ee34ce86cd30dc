import { usersAdmin } from '@zema/contracts/users/users.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '#src/http/caller';
import { defineRoute } from '#src/http/define-route';
import { getAdminUser } from '#src/modules/users/index';
import { endUserSession, revokeUserToken } from './sessions-admin.service';

/**
 * The admin's user page ends a session or revokes a token here (the sessions are identity's); the
 * answer is the user page's record, as for the page's other actions.
 */
export const sessionsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, geoip } = app.deps;
  const show = async (id: number) => ({ user: await getAdminUser(db, geoip, id) });

  defineRoute(app, usersAdmin.endSession, async (request) => {
    await endUserSession(app.deps, actorOf(request), request.params.id, request.params.sessionId);
    return show(request.params.id);
  });

  defineRoute(app, usersAdmin.revokeToken, async (request) => {
    await revokeUserToken(app.deps, actorOf(request), request.params.id, request.params.tokenId);
    return show(request.params.id);
  });
};
