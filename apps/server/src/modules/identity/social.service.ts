import type { BootstrapData, SocialLoginResult, SocialService, User } from '@zema/contracts';
import { msg } from '@zema/contracts';
import { generateState } from 'arctic';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#src/config';
import type { Database } from '#src/db/client';
import { isUniqueViolation } from '#src/db/errors';
import { InvalidInputError, invalidInput } from '#src/lib/errors';
import type { DomainEvents } from '#src/lib/events';
import { verifyPassword } from '#src/lib/password';
import { safeEqual } from '#src/lib/tokens';
import { socialProfiles } from '#src/modules/identity/tables';
import type { MailService } from '#src/modules/mail/index';
import { type BootstrapDeps, buildBootstrapData } from '#src/modules/site/index';
import { insertUser, loadUser, updateUser } from '#src/modules/users/index';
import { users } from '#src/modules/users/tables';
import { joinOnSignIn, liveInvite } from '#src/modules/workspaces/index';
import { noticeSignIn } from './devices.service';
import { createSession, type SessionMeta } from './session.service';
import {
  isSocialService,
  type PendingCookie,
  pendingCookieSchema,
  SOCIAL_COOKIE_TTL_MS,
  type SocialSigner,
  stateCookieSchema,
} from './social.cookies';
import { type ProviderProfile, providerFor, type SocialProvider } from './social.providers';

export type SocialDeps = BootstrapDeps & {
  config: Config;
  codec: SocialSigner;
  log: FastifyBaseLogger;
  mail: Pick<MailService, 'sendNewDevice'>;
  /** `account.changed` when a linked profile changes; `workspace.invite_closed` when a login from a join page used its invitation. */
  events: Pick<DomainEvents, 'emit'>;
  /** Overridable clock (tests of the 10-minute expiry). */
  now?: () => number;
};

export const SOCIAL_MESSAGES = {
  disabled: msg('This sign-in method is not enabled.'),
  invalidState: msg('This sign-in attempt has expired or is invalid. Please try again.'),
  denied: msg('The sign-in was cancelled.'),
  alreadyConnected: msg('This account is already connected to another user.'),
  notSignedIn: msg('Log in first to connect an account.'),
  noEmail: msg('The provider did not share an email address with us.'),
  twoFactor: msg('This account uses two-factor authentication: log in with your email and password.'),
  pendingExpired: msg('This sign-in attempt has expired. Please try again.'),
  wrongPassword: msg('The password is incorrect.'),
  notConnected: msg('This account is not connected.'),
  onlySignIn: msg('Set a password before disconnecting: this is the only way to sign in to your account.'),
} as const;

const SERVICE_LABEL: Record<SocialService, string> = {
  google: 'Google',
  facebook: 'Facebook',
  twitter: 'Twitter',
  envato: 'Envato',
};
export const serviceLabel = (s: SocialService) => SERVICE_LABEL[s];

const clock = (deps: SocialDeps) => (deps.now ?? Date.now)();

/** The provider's app in effect now (env, else the admin's settings), or null when it is off. */
async function provider(deps: SocialDeps, service: string): Promise<SocialProvider | null> {
  if (!isSocialService(service)) return null;
  return providerFor(await deps.settings.socialConfig(), service, deps.config.appUrl);
}

export type FlowStart =
  | { kind: 'redirect'; url: string; stateCookie: string }
  | { kind: 'result'; result: SocialLoginResult };

/**
 * Step 1 of the popup: a fresh state (+ PKCE verifier) in a signed cookie, then the provider. A
 * login started from a workspace join page carries its invitation (`inviteId`) through the
 * provider, to be joined once signed in, as the password login and registration there do.
 */
export async function startFlow(
  deps: SocialDeps,
  service: string,
  mode: 'login' | 'connect',
  user: User | null,
  inviteId: string | null = null,
): Promise<FlowStart> {
  const p = await provider(deps, service);
  if (!p) return { kind: 'result', result: { status: 'ERROR', message: SOCIAL_MESSAGES.disabled } };
  if (mode === 'login' && user) return { kind: 'result', result: { status: 'ALREADY_LOGGED_IN' } };
  const state = generateState();
  const verifier = p.createVerifier();
  const stateCookie = deps.codec.encode({
    service: p.service,
    state,
    verifier,
    mode,
    userId: mode === 'connect' ? (user?.id ?? null) : null,
    inviteId: mode === 'login' ? inviteId : null,
    expiresAt: clock(deps) + SOCIAL_COOKIE_TTL_MS,
  });
  return { kind: 'redirect', url: p.authorizationUrl(state, verifier).href, stateCookie };
}

export type CallbackOutcome = {
  result: SocialLoginResult;
  /** A new session token when someone was logged in. */
  session?: string;
  /** The signed pending profile when REQUEST_PASSWORD asks for the existing account's password. */
  pending?: string;
};

const error = (message: string | null): CallbackOutcome => ({ result: { status: 'ERROR', message } });

/** Step 2: the provider sent the popup back with `code` and `state` (or an error). */
export async function handleCallback(
  deps: SocialDeps,
  service: string,
  query: { code?: string; state?: string; error?: string },
  rawStateCookie: string | undefined,
  user: User | null,
  meta: SessionMeta,
): Promise<CallbackOutcome> {
  const p = await provider(deps, service);
  if (!p) return error(SOCIAL_MESSAGES.disabled);
  const saved = deps.codec.decode(rawStateCookie, stateCookieSchema, clock(deps));
  if (!saved || saved.service !== p.service || !query.state || !safeEqual(saved.state, query.state)) {
    return error(SOCIAL_MESSAGES.invalidState);
  }
  if (query.error || !query.code) return error(SOCIAL_MESSAGES.denied);
  if (saved.mode === 'connect' && (!user || user.id !== saved.userId))
    return error(SOCIAL_MESSAGES.notSignedIn);
  if (saved.mode === 'login' && user) return { result: { status: 'ALREADY_LOGGED_IN' } };

  let profile: ProviderProfile;
  try {
    const tokens = await p.exchange(query.code, saved.verifier);
    profile = await p.profile(tokens);
  } catch (err) {
    deps.log.warn({ err, service: p.service }, 'social login: provider exchange failed');
    return error(null);
  }

  if (saved.mode === 'connect' && user) {
    const linked = await linkProfile(deps.db, user.id, p.service, profile);
    if (!linked) return error(SOCIAL_MESSAGES.alreadyConnected);
    await deps.events.emit('account.changed', { userId: user.id });
    return { result: { status: 'SUCCESS', bootstrapData: await bootstrapFor(deps, user.id) } };
  }

  const [existing] = await deps.db
    .select({ userId: socialProfiles.userId })
    .from(socialProfiles)
    .where(and(eq(socialProfiles.serviceName, p.service), eq(socialProfiles.userServiceId, profile.id)));
  const inviteId = saved.inviteId ?? null;
  if (existing) {
    await updateProfile(deps.db, existing.userId, p.service, profile);
    await deps.events.emit('account.changed', { userId: existing.userId });
    return logIn(deps, existing.userId, meta, inviteId);
  }

  if (!profile.email) return error(SOCIAL_MESSAGES.noEmail);
  const [sameEmail] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, profile.email));
  if (sameEmail) {
    // RELIABILITY: linked to an existing email account only after its password is entered.
    const pending: PendingCookie = {
      service: p.service,
      userId: sameEmail.id,
      profile,
      inviteId,
      expiresAt: clock(deps) + SOCIAL_COOKIE_TTL_MS,
    };
    return {
      result: { status: 'REQUEST_PASSWORD', service: p.service },
      pending: deps.codec.encode(pending),
    };
  }

  const created = await createSocialUser(deps.db, p.service, profile, inviteId);
  if (created === null) return error(SOCIAL_MESSAGES.alreadyConnected);
  if (created.joined) await deps.events.emit('workspace.invite_closed', { inviteId: created.joined });
  return logIn(deps, created.userId, meta);
}

async function logIn(
  deps: SocialDeps,
  userId: number,
  meta: SessionMeta,
  inviteId: string | null = null,
): Promise<CallbackOutcome> {
  let user = await loadUser(deps.db, userId);
  if (!user) return error(null);
  // A social login must not be a way around the second factor.
  if (user.two_factor_confirmed_at) return error(SOCIAL_MESSAGES.twoFactor);
  const session = await createSession(deps.db, userId, { ...meta, remember: true });
  await noticeSignIn(deps, userId, meta);
  if (inviteId && (await joinInvite(deps, inviteId, user))) user = (await loadUser(deps.db, userId)) ?? user;
  return { result: { status: 'SUCCESS', bootstrapData: await buildBootstrapData(deps, user) }, session };
}

/** Joins the workspace of the invitation a sign-in carried, when it is this account's. */
async function joinInvite(deps: SocialDeps, inviteId: string, user: { id: number; email: string | null }) {
  if (!user.email) return false;
  const email = user.email;
  const joined = await deps.db.transaction((tx) => joinOnSignIn(tx, inviteId, { id: user.id, email }));
  if (joined) await deps.events.emit('workspace.invite_closed', { inviteId: joined });
  return joined !== null;
}

async function bootstrapFor(deps: SocialDeps, userId: number): Promise<BootstrapData> {
  return buildBootstrapData(deps, await loadUser(deps.db, userId));
}

const profileColumns = (profile: ProviderProfile) => ({
  username: profile.name ?? profile.email,
  email: profile.email,
  avatar: profile.avatar,
});

async function updateProfile(db: Database, userId: number, service: SocialService, profile: ProviderProfile) {
  await db
    .update(socialProfiles)
    .set(profileColumns(profile))
    .where(and(eq(socialProfiles.userId, userId), eq(socialProfiles.serviceName, service)));
}

/**
 * Links the provider account to `userId` (replacing another account of the same service the user
 * had linked). False when the provider account belongs to someone else: one provider account
 * links to one user, also under concurrent requests (the unique index decides).
 */
export async function linkProfile(
  db: Database,
  userId: number,
  service: SocialService,
  profile: ProviderProfile,
): Promise<boolean> {
  const taken = await db
    .select({ userId: socialProfiles.userId })
    .from(socialProfiles)
    .where(
      and(
        eq(socialProfiles.serviceName, service),
        eq(socialProfiles.userServiceId, profile.id),
        ne(socialProfiles.userId, userId),
      ),
    );
  if (taken.length) return false;
  try {
    await db.transaction(async (tx) => {
      await tx
        .delete(socialProfiles)
        .where(and(eq(socialProfiles.userId, userId), eq(socialProfiles.serviceName, service)));
      await tx
        .insert(socialProfiles)
        .values({ userId, serviceName: service, userServiceId: profile.id, ...profileColumns(profile) });
      if (profile.emailVerified && profile.email) {
        // The provider vouches for this very address, so the account's email is verified too.
        await updateUser(
          tx,
          userId,
          { emailVerifiedAt: new Date() },
          and(isNull(users.emailVerifiedAt), sql`lower(${users.email}) = lower(${profile.email})`),
        );
      }
    });
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

function splitName(name: string | null): { firstName: string | null; lastName: string | null } {
  if (!name) return { firstName: null, lastName: null };
  const [first, ...rest] = name.split(/\s+/);
  return { firstName: first ?? null, lastName: rest.join(' ') || null };
}

/**
 * A new user (default roles, no password) with the profile; null if it lost a race. An invitation
 * sent to this very email (the login started from its join page) proves the mailbox, as in a
 * registration: the account is verified and joins in the same transaction.
 */
async function createSocialUser(
  db: Database,
  service: SocialService,
  profile: ProviderProfile,
  inviteId: string | null,
): Promise<{ userId: number; joined: string | null } | null> {
  const email = profile.email!;
  const invite = inviteId ? await liveInvite(db, inviteId) : null;
  const viaInvite = invite?.invite.email === email.toLowerCase() ? invite.invite.id : null;
  try {
    return await db.transaction(async (tx) => {
      const row = {
        id: await insertUser(tx, {
          email,
          passwordHash: null,
          ...splitName(profile.name),
          avatar: profile.avatar,
          emailVerifiedAt: profile.emailVerified || viaInvite ? new Date() : null,
        }),
      };
      await tx.insert(socialProfiles).values({
        userId: row!.id,
        serviceName: service,
        userServiceId: profile.id,
        ...profileColumns(profile),
      });
      const joined = viaInvite ? await joinOnSignIn(tx, viaInvite, { id: row!.id, email }) : null;
      return { userId: row!.id, joined };
    });
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

/** The pending profile of a REQUEST_PASSWORD answer, when its cookie is valid and unexpired. */
export function readPending(deps: SocialDeps, raw: string | undefined): PendingCookie | null {
  return deps.codec.decode(raw, pendingCookieSchema, clock(deps));
}

/** POST secure/auth/social/connect: the existing account's password links the profile and logs in. */
export async function connectWithPassword(
  deps: SocialDeps,
  rawPending: string | undefined,
  password: string,
  meta: SessionMeta,
): Promise<{ bootstrapData: BootstrapData; session: string }> {
  const pending = readPending(deps, rawPending);
  if (!pending) throw new InvalidInputError(SOCIAL_MESSAGES.pendingExpired);
  const [row] = await deps.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, pending.userId));
  if (!(await verifyPassword(row?.passwordHash, password))) {
    throw invalidInput({ password: [SOCIAL_MESSAGES.wrongPassword] });
  }
  const user = await loadUser(deps.db, pending.userId);
  if (!user) throw new InvalidInputError(SOCIAL_MESSAGES.pendingExpired);
  if (user.two_factor_confirmed_at) throw new InvalidInputError(SOCIAL_MESSAGES.twoFactor);
  if (!(await linkProfile(deps.db, user.id, pending.service, pending.profile))) {
    throw new InvalidInputError(SOCIAL_MESSAGES.alreadyConnected);
  }
  await deps.events.emit('account.changed', { userId: user.id });
  const session = await createSession(deps.db, user.id, { ...meta, remember: true });
  await noticeSignIn(deps, user.id, meta);
  if (pending.inviteId) await joinInvite(deps, pending.inviteId, user);
  return { bootstrapData: await bootstrapFor(deps, user.id), session };
}

/** Unlinks a provider unless it is the user's only way to sign in. */
export async function disconnect(
  deps: SocialDeps,
  user: User,
  service: SocialService,
): Promise<BootstrapData> {
  // The user row is locked so two concurrent disconnects cannot remove the last two ways in.
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    const mine = await tx
      .select({ serviceName: socialProfiles.serviceName })
      .from(socialProfiles)
      .where(eq(socialProfiles.userId, user.id));
    if (!mine.some((p) => p.serviceName === service))
      throw new InvalidInputError(SOCIAL_MESSAGES.notConnected);
    if (!row?.passwordHash && mine.length === 1) throw new InvalidInputError(SOCIAL_MESSAGES.onlySignIn);
    await tx
      .delete(socialProfiles)
      .where(and(eq(socialProfiles.userId, user.id), eq(socialProfiles.serviceName, service)));
  });
  await deps.events.emit('account.changed', { userId: user.id });
  return bootstrapFor(deps, user.id);
}
