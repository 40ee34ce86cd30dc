import { humanVerificationRequestSchema, humanVerificationResponseSchema } from '@zema/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimits } from '#src/features/auth/rate-limits';
import { verifyHuman } from './human-verification.service';

export const humanVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/recaptcha/verify',
    {
      config: { access: 'guest', rateLimit: rateLimits.humanVerification },
      schema: { body: humanVerificationRequestSchema, response: { 200: humanVerificationResponseSchema } },
    },
    async (request) => ({ success: await verifyHuman(app, request, request.body.token) }),
  );
};
