import { msg } from '@zema/contracts';
import { auth } from '@zema/contracts/identity/auth.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineRoute } from '#src/http/define-route';
import { rateLimits } from '#src/http/rate-limits';
import { resendEmailVerification, validateEmailVerificationCode } from './email-verification.service';

/** Under api/v1 (SPEC §7). The code always goes to the account's own address. */
export const emailVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  defineRoute(
    app,
    auth.resendEmailVerification,
    { config: { rateLimit: rateLimits.emailCodeSend } },
    async (request) => {
      await resendEmailVerification(app.deps, request.user!.id);
      return { message: msg('Email sent') };
    },
  );

  defineRoute(
    app,
    auth.validateEmailVerificationOtp,
    { config: { rateLimit: rateLimits.emailCodeCheck } },
    async (request) => {
      await validateEmailVerificationCode(app.deps, request.user!.id, request.body.code);
      return { message: msg('Email verified') };
    },
  );
};
