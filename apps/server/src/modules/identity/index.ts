/**
 * Identity: the ways in and who a request is — registration, login, sessions and the session
 * cookie, access tokens, two-factor, social sign-in, email verification, password reset, human
 * verification, impersonation — with `deps.signedIn` and `deps.humanMarks`.
 *
 * This file is the module's one public face (decision 0051): other modules and the composition
 * (app.ts, deps.ts, server-modules.ts) import only what it exports.
 */
import type { ServerModule } from '#src/platform/deps';
import { accessTokensRoutes } from './access-tokens.routes';
import { authRoutes } from './auth.routes';
import { emailVerificationRoutes } from './email-verification.routes';
import { humanVerificationRoutes } from './human-verification.routes';
import { createHumanMarks, type HumanMarks } from './human-verification.service';
import { impersonationRoutes } from './impersonation.routes';
import { storeInvitation } from './password-reset.service';
import { sessionsRoutes } from './sessions.routes';
import { sessionsAdminRoutes } from './sessions-admin.routes';
import { endAllSessions } from './sessions-admin.service';
import { createSignedInUsers, type SignedInUsers } from './signed-in';
import { socialRoutes } from './social.routes';
import { sealPlainTwoFactorSecrets } from './two-factor.service';

export { assertHuman } from './human-verification.service';
export { requireConfirmedPassword } from './password-confirmation';
export { expirePasswordResets } from './password-reset.service';
export { bootstrapFor, endCurrentSession } from './session.http';
export {
  createAccessToken,
  createSession,
  deleteSession,
  notSuspended,
  SESSION_IDLE_LIFETIME_MS,
} from './session.service';

export { PENDING_COOKIE, STATE_COOKIE } from './social.cookies';

export { generateRecoveryCodes } from './two-factor.service';

declare module '#src/platform/deps' {
  interface Deps {
    /** Who a session cookie or an access token belongs to, cached (decision 0036). */
    signedIn: SignedInUsers;
    humanMarks: HumanMarks;
  }
}

export const identityModule: ServerModule = {
  name: 'identity',
  register(deps, events) {
    deps.humanMarks = createHumanMarks(deps.redis, deps.config.redisPrefix);
    deps.signedIn = createSignedInUsers({ db: deps.db, cache: deps.userCache, events });
    // The users module's admin writes that concern sessions and reset links (lib/write-events.ts).
    deps.writeEvents.on('user.signed_out_everywhere', (db, { userId }) => endAllSessions(db, userId));
    deps.writeEvents.on('user.invited', (db, invite) => storeInvitation(db, invite));
  },
  async resume(deps) {
    // Rows from before two-factor secrets were sealed (decision 0062). Each is also sealed when next
    // read, so a failure here only leaves them for then.
    await sealPlainTwoFactorSecrets(deps).then(
      (sealed) =>
        sealed && deps.log.info({ sealed }, 'two-factor secrets stored in plain text are now sealed'),
      (err: unknown) => deps.log.warn({ err }, 'could not seal the two-factor secrets stored in plain text'),
    );
  },
  rootRoutes: [authRoutes, socialRoutes],
  apiRoutes: [
    emailVerificationRoutes,
    humanVerificationRoutes,
    sessionsRoutes,
    accessTokensRoutes,
    impersonationRoutes,
    sessionsAdminRoutes,
  ],
};
