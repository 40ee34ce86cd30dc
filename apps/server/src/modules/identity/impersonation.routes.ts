import { impersonation } from '@zema/contracts/identity/impersonation.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, callerOf } from '#src/http/caller';
import { defineRoute } from '#src/http/define-route';
import { rateLimits } from '#src/http/rate-limits';
import { UnauthenticatedError } from '#src/lib/errors';
import { loadUser } from '#src/modules/users/index';
import { assertMayImpersonate, auditImpersonation, impersonatorOf } from './impersonation.service';
import { bootstrapFor, startSession } from './session.http';

/** "Log in as" and its way back (the session cookie changes hands both ways). */
export const impersonationRoutes: FastifyPluginAsyncZod = async (app) => {
  defineRoute(
    app,
    impersonation.start,
    { config: { rateLimit: rateLimits.adminSensitive } },
    async (request, reply) => {
      const actor = actorOf(request);
      const target = await assertMayImpersonate(app.deps, actor, request.params.id);
      await auditImpersonation(app.deps, actor, target, 'start');
      await startSession(app.deps, request, reply, target.id, false, { impersonatorId: actor.user.id });
      const bootstrapData = await bootstrapFor(app.deps, request, target.id);
      if (bootstrapData.user)
        bootstrapData.user.impersonator = { id: actor.user.id, display_name: actor.user.display_name };
      return { bootstrapData };
    },
  );

  defineRoute(app, impersonation.stop, async (request, reply) => {
    const caller = callerOf(request);
    const adminId = await impersonatorOf(app.deps, caller.sessionId);
    const admin = await loadUser(app.deps.db, adminId);
    if (!admin) throw new UnauthenticatedError();
    await auditImpersonation(app.deps, { user: admin, ip: request.ip }, caller.user, 'stop');
    await startSession(app.deps, request, reply, adminId, false);
    return { bootstrapData: await bootstrapFor(app.deps, request, adminId) };
  });
};
