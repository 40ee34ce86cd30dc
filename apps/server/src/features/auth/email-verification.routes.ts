import {
  messageResponseSchema,
  resendEmailVerificationRequestSchema,
  validateEmailVerificationOtpRequestSchema,
} from '@zema/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resendEmailVerification, validateEmailVerificationCode } from './email-verification.service';
import { rateLimits } from './rate-limits';

/** Under api/v1 (SPEC §7). The code always goes to the account's own address. */
export const emailVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/resend-email-verification',
    {
      config: { access: 'user', allowUnverified: true, rateLimit: rateLimits.emailCodeSend },
      schema: { body: resendEmailVerificationRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await resendEmailVerification(app, request.user!.id);
      return { message: 'Email sent' };
    },
  );

  app.post(
    '/validate-email-verification-otp',
    {
      config: { access: 'user', allowUnverified: true, rateLimit: rateLimits.emailCodeCheck },
      schema: { body: validateEmailVerificationOtpRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await validateEmailVerificationCode(app, request.user!.id, request.body.code);
      return { message: 'Email verified' };
    },
  );
};
