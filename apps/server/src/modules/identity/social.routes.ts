import type { SocialLoginResult } from '@zema/contracts';
import { social } from '@zema/contracts/identity/social.operations';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionCookieOptions } from '#src/http/auth.plugin';
import { cookieOptions, SESSION_COOKIE } from '#src/http/cookies';
import { defineRoute } from '#src/http/define-route';
import { HttpError } from '#src/http/errors';
import { REMEMBER_LIFETIME_MS } from './session.service';
import {
  createCookieCodec,
  PENDING_COOKIE,
  resolveAppKey,
  SOCIAL_COOKIE_PATH,
  SOCIAL_COOKIE_TTL_MS,
  STATE_COOKIE,
} from './social.cookies';
import { renderResultPage } from './social.page';
import {
  connectWithPassword,
  disconnect,
  handleCallback,
  readPending,
  type SocialDeps,
  startFlow,
} from './social.service';

/** Social login (SPEC §4, §7): popup start, provider callback, password connect, disconnect. */
export const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  const codec = createCookieCodec(await resolveAppKey(app.deps.config));
  const deps: SocialDeps = {
    db: app.deps.db,
    settings: app.deps.settings,
    cache: app.deps.cache,
    config: app.deps.config,
    codec,
    log: app.log,
    mail: app.deps.mail,
    events: app.deps.events,
  };
  const appOrigin = new URL(app.deps.config.appUrl).origin;

  const socialCookie = (request: FastifyRequest) => cookieOptions(request, { path: SOCIAL_COOKIE_PATH });
  const meta = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });
  const setSession = (request: FastifyRequest, reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(request, REMEMBER_LIFETIME_MS / 1000));

  // The popup leaves our origin for the provider and comes back: a COOP other than unsafe-none on
  // these pages would put the popup in a new browsing context group and cut it off its opener.
  const popupHeaders = (reply: FastifyReply) =>
    reply.header('cross-origin-opener-policy', 'unsafe-none').header('cache-control', 'no-store');

  async function sendResult(reply: FastifyReply, result: SocialLoginResult) {
    const settings = await app.deps.settings.getClientSettings();
    const nonce = reply.cspNonce?.script ?? '';
    return popupHeaders(reply)
      .type('text/html; charset=utf-8')
      .send(renderResultPage(result, appOrigin, nonce, settings.site_name));
  }

  async function startPopup(
    request: FastifyRequest,
    reply: FastifyReply,
    mode: 'login' | 'connect',
    inviteId: string | null,
  ) {
    const service = (request.params as { service: string }).service;
    const start = await startFlow(deps, service, mode, request.user, inviteId);
    if (start.kind === 'result') return sendResult(reply, start.result);
    reply.setCookie(STATE_COOKIE, start.stateCookie, {
      ...socialCookie(request),
      maxAge: SOCIAL_COOKIE_TTL_MS / 1000,
    });
    return popupHeaders(reply).redirect(start.url, 302);
  }
  // From a workspace join page, the login carries the invitation (`?invite=`) to join once signed in.
  defineRoute(app, social.login, (request, reply) =>
    startPopup(request, reply, 'login', request.query.invite ?? null),
  );
  defineRoute(app, social.connect, (request, reply) => startPopup(request, reply, 'connect', null));

  defineRoute(app, social.callback, async (request, reply) => {
    const outcome = await handleCallback(
      deps,
      request.params.service,
      request.query,
      request.cookies[STATE_COOKIE],
      request.user,
      meta(request),
    );
    // Single use: a state is spent whatever the outcome.
    reply.clearCookie(STATE_COOKIE, socialCookie(request));
    if (outcome.session) setSession(request, reply, outcome.session);
    if (outcome.pending) {
      reply.setCookie(PENDING_COOKIE, outcome.pending, {
        ...socialCookie(request),
        maxAge: SOCIAL_COOKIE_TTL_MS / 1000,
      });
    }
    return sendResult(reply, outcome.result);
  });

  defineRoute(
    app,
    social.connectWithPassword,
    {
      config: {
        // Like login (RELIABILITY): 5 password attempts a minute per pending profile and IP.
        rateLimit: {
          max: 5,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => {
            const pending = readPending(deps, request.cookies[PENDING_COOKIE]);
            const who = pending ? `${pending.service}:${pending.profile.id}` : 'none';
            return `social-connect:${who}:${request.ip}`;
          },
          errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) => {
            const message = `Too many attempts. Please try again in ${context.after}.`;
            return new HttpError(429, message, { password: [message] });
          },
        },
      },
    },
    async (request, reply) => {
      const { bootstrapData, session } = await connectWithPassword(
        deps,
        request.cookies[PENDING_COOKIE],
        request.body.password,
        meta(request),
      );
      setSession(request, reply, session);
      reply.clearCookie(PENDING_COOKIE, socialCookie(request));
      return { bootstrapData };
    },
  );

  defineRoute(app, social.disconnect, async (request) => ({
    bootstrapData: await disconnect(deps, request.user!, request.params.service),
  }));
};
