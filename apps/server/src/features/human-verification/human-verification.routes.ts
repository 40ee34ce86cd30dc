import { humanVerification } from '@zema/contracts/operations/human-verification';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimits } from '#src/features/auth/rate-limits';
import { defineRoute } from '#src/http/define-route';
import { verifyHuman } from './human-verification.service';

export const humanVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  defineRoute(
    app,
    humanVerification.verify,
    { config: { rateLimit: rateLimits.humanVerification } },
    async (request) => ({ success: await verifyHuman(app, request, request.body.token) }),
  );
};
