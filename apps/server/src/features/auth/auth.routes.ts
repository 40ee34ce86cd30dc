import {
  bootstrapAnswerSchema,
  confirmedPasswordStatusQuerySchema,
  confirmedPasswordStatusResponseSchema,
  confirmPasswordRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  recoveryCodesResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordRequestSchema,
  twoFactorChallengeRequestSchema,
  twoFactorConfirmRequestSchema,
  twoFactorQrCodeResponseSchema,
  twoFactorStatusResponseSchema,
  updatePasswordRequestSchema,
} from '@zema/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  confirmPassword,
  login,
  logout,
  passwordConfirmedWithin,
  register,
  requireConfirmedPassword,
  updatePassword,
} from './auth.service';
import { bootstrapFor } from './login-session';
import { RESET_MESSAGES, requestPasswordReset, resetPassword } from './password-reset.service';
import { rateLimits, registrationLimiter } from './rate-limits';
import {
  completeTwoFactorChallenge,
  confirmTwoFactor,
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  twoFactorQrCode,
} from './two-factor.service';

/** The auth* calls of SPEC §7, at the root (not under api/v1). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/register',
    {
      config: { access: 'guest' },
      preHandler: registrationLimiter(app),
      schema: { body: registerRequestSchema, response: { 200: registerResponseSchema } },
    },
    async (request, reply) => {
      const { userId, status } = await register(app, request, reply, request.body);
      return { status, bootstrapData: await bootstrapFor(app, request, userId) };
    },
  );

  app.post(
    '/auth/login',
    {
      config: { access: 'guest', rateLimit: rateLimits.login },
      schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } },
    },
    async (request, reply) => {
      const result = await login(app, request, reply, request.body);
      if ('twoFactor' in result) return { two_factor: true as const };
      return { bootstrapData: await bootstrapFor(app, request, result.userId) };
    },
  );

  app.post(
    '/auth/two-factor-challenge',
    {
      config: { access: 'guest', rateLimit: rateLimits.twoFactorChallenge },
      schema: { body: twoFactorChallengeRequestSchema, response: { 200: bootstrapAnswerSchema } },
    },
    async (request, reply) => {
      const userId = await completeTwoFactorChallenge(app, request, reply, request.body);
      return { bootstrapData: await bootstrapFor(app, request, userId) };
    },
  );

  app.post(
    '/auth/logout',
    { config: { access: 'guest' }, schema: { response: { 200: bootstrapAnswerSchema } } },
    async (request, reply) => {
      await logout(app, request, reply);
      return { bootstrapData: await bootstrapFor(app, request, null) };
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { access: 'guest', rateLimit: rateLimits.forgotPassword },
      schema: { body: forgotPasswordRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      requestPasswordReset(app, request.body.email);
      return { message: RESET_MESSAGES.sent };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { access: 'guest' },
      schema: { body: resetPasswordRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await resetPassword(app, request.body);
      return { message: RESET_MESSAGES.done };
    },
  );

  app.put(
    '/auth/user/password',
    {
      config: { access: 'user', rateLimit: rateLimits.passwordChange },
      schema: { body: updatePasswordRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await updatePassword(app, request, request.body);
      return { message: 'Password updated.' };
    },
  );

  app.get(
    '/auth/user/confirmed-password-status',
    {
      config: { access: 'user', allowUnverified: true },
      schema: {
        querystring: confirmedPasswordStatusQuerySchema,
        response: { 200: confirmedPasswordStatusResponseSchema },
      },
    },
    async (request) => ({ confirmed: await passwordConfirmedWithin(app, request, request.query.seconds) }),
  );

  app.post(
    '/auth/user/confirm-password',
    {
      // Needed before the email is verified too: changing a mistyped address asks for it.
      config: { access: 'user', allowUnverified: true, rateLimit: rateLimits.confirmPassword },
      schema: {
        body: confirmPasswordRequestSchema,
        response: { 200: confirmedPasswordStatusResponseSchema },
      },
    },
    async (request) => {
      await confirmPassword(app, request, request.body.password);
      return { confirmed: true };
    },
  );

  app.post(
    '/auth/user/two-factor-authentication',
    { config: { access: 'user' }, schema: { response: { 200: twoFactorStatusResponseSchema } } },
    async (request) => {
      await requireConfirmedPassword(app, request);
      return enableTwoFactor(app, request.user!.id);
    },
  );

  app.delete(
    '/auth/user/two-factor-authentication',
    { config: { access: 'user' }, schema: { response: { 200: twoFactorStatusResponseSchema } } },
    async (request) => {
      await requireConfirmedPassword(app, request);
      return disableTwoFactor(app, request.user!.id);
    },
  );

  app.get(
    '/auth/user/two-factor/qr-code',
    { config: { access: 'user' }, schema: { response: { 200: twoFactorQrCodeResponseSchema } } },
    async (request) => {
      await requireConfirmedPassword(app, request);
      return twoFactorQrCode(app, request.user!.id);
    },
  );

  app.post(
    '/auth/user/confirmed-two-factor-authentication',
    {
      config: { access: 'user', rateLimit: rateLimits.twoFactorConfirm },
      schema: { body: twoFactorConfirmRequestSchema, response: { 200: recoveryCodesResponseSchema } },
    },
    async (request) => {
      await requireConfirmedPassword(app, request);
      return confirmTwoFactor(app, request.user!.id, request.body.code);
    },
  );

  app.post(
    '/auth/user/two-factor-recovery-codes',
    {
      config: { access: 'user' },
      schema: { body: z.object({}).optional(), response: { 200: recoveryCodesResponseSchema } },
    },
    async (request) => {
      await requireConfirmedPassword(app, request);
      return regenerateRecoveryCodes(app, request.user!.id);
    },
  );
};
