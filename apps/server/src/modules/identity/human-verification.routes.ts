import { humanVerification } from '@zema/contracts/identity/human-verification.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { browserOf } from '#src/http/caller';
import { defineRoute } from '#src/http/define-route';
import { rateLimits } from '#src/http/rate-limits';
import { verifyHuman } from './human-verification.service';

export const humanVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  defineRoute(
    app,
    humanVerification.verify,
    { config: { rateLimit: rateLimits.humanVerification } },
    async (request) => ({ success: await verifyHuman(app.deps, browserOf(request), request.body.token) }),
  );
};
