import { msg } from '@zema/contracts';
import { auth } from '@zema/contracts/identity/auth.operations';
import { twoFactor } from '@zema/contracts/identity/two-factor.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '#src/http/caller';
import { defineRoute } from '#src/http/define-route';
import { rateLimits, registrationLimiter } from '#src/http/rate-limits';
import { completeTwoFactorChallenge, login, register } from './auth.http';
import { updatePassword } from './auth.service';
import { confirmPassword, passwordConfirmedWithin, requireConfirmedPassword } from './password-confirmation';
import { RESET_MESSAGES, requestPasswordReset, resetPassword } from './password-reset.service';
import { bootstrapFor, endCurrentSession } from './session.http';
import {
  confirmTwoFactor,
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  twoFactorQrCode,
} from './two-factor.service';

/** The auth* calls of SPEC §7, at the root (not under api/v1). */

/** The auth* calls of SPEC §7, at the root (not under api/v1). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  defineRoute(app, auth.register, { preHandler: registrationLimiter(app) }, async (request, reply) => {
    const { userId, status } = await register(app.deps, request, reply, request.body);
    return { status, bootstrapData: await bootstrapFor(app.deps, request, userId) };
  });

  defineRoute(app, auth.login, { config: { rateLimit: rateLimits.login } }, async (request, reply) => {
    const result = await login(app.deps, request, reply, request.body);
    if ('twoFactor' in result) return { two_factor: true as const };
    return { bootstrapData: await bootstrapFor(app.deps, request, result.userId) };
  });

  defineRoute(
    app,
    auth.twoFactorChallenge,
    { config: { rateLimit: rateLimits.twoFactorChallenge } },
    async (request, reply) => {
      const userId = await completeTwoFactorChallenge(app.deps, request, reply, request.body);
      return { bootstrapData: await bootstrapFor(app.deps, request, userId) };
    },
  );

  defineRoute(app, auth.logout, async (request, reply) => {
    // The session is deleted on the server, not only forgotten by the browser.
    await endCurrentSession(app.deps, request, reply);
    return { bootstrapData: await bootstrapFor(app.deps, request, null) };
  });

  defineRoute(
    app,
    auth.forgotPassword,
    { config: { rateLimit: rateLimits.forgotPassword } },
    async (request) => {
      requestPasswordReset(app.deps, request.body.email);
      return { message: RESET_MESSAGES.sent };
    },
  );

  defineRoute(app, auth.resetPassword, async (request) => {
    await resetPassword(app.deps, request.body);
    return { message: RESET_MESSAGES.done };
  });

  defineRoute(
    app,
    auth.updatePassword,
    { config: { rateLimit: rateLimits.passwordChange } },
    async (request) => {
      await updatePassword(app.deps, callerOf(request), request.body);
      return { message: msg('Password updated.') };
    },
  );

  defineRoute(app, auth.confirmedPasswordStatus, async (request) => ({
    confirmed: await passwordConfirmedWithin(app.deps, callerOf(request), request.query.seconds),
  }));

  defineRoute(
    app,
    auth.confirmPassword,
    { config: { rateLimit: rateLimits.confirmPassword } },
    async (request) => {
      await confirmPassword(app.deps, callerOf(request), request.body.password);
      return { confirmed: true };
    },
  );

  defineRoute(app, twoFactor.enable, async (request) => {
    await requireConfirmedPassword(app.deps, callerOf(request));
    return enableTwoFactor(app.deps, request.user!.id);
  });

  defineRoute(app, twoFactor.disable, async (request) => {
    await requireConfirmedPassword(app.deps, callerOf(request));
    return disableTwoFactor(app.deps, request.user!.id);
  });

  defineRoute(app, twoFactor.qrCode, async (request) => {
    await requireConfirmedPassword(app.deps, callerOf(request));
    return twoFactorQrCode(app.deps, request.user!.id);
  });

  defineRoute(
    app,
    twoFactor.confirm,
    { config: { rateLimit: rateLimits.twoFactorConfirm } },
    async (request) => {
      await requireConfirmedPassword(app.deps, callerOf(request));
      return confirmTwoFactor(app.deps, request.user!.id, request.body.code);
    },
  );

  defineRoute(app, twoFactor.regenerateRecoveryCodes, async (request) => {
    await requireConfirmedPassword(app.deps, callerOf(request));
    return regenerateRecoveryCodes(app.deps, request.user!.id);
  });
};
