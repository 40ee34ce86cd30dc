import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, ForbiddenError, NotFoundError } from '#src/lib/errors';
import { TrackFileCache, trackTranscoder } from '#src/modules/player/index';
import serverPackage from '../../../package.json' with { type: 'json' };
import { authenticate, createAuthThrottle } from './auth';
import { METHODS, PUBLIC_METHODS } from './methods';
import { MORE_METHODS } from './methods-more';
import { queueMethods } from './methods-queue';
import { paramsOf, SUBSONIC_ERRORS, SubsonicError, sendSubsonic, sendSubsonicError } from './protocol';

/** Form bodies of POST /rest (the formPost extension) are small: parameters only. */
const FORM_BODY_LIMIT = 256 * 1024;
const ALL_METHODS = { ...METHODS, ...MORE_METHODS, ...queueMethods };
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `/rest/{method}` and `/rest/{method}.view`, GET and POST: the Subsonic API (PROTOCOLS.md) that
 * phone, desktop and car apps speak. Every answer is HTTP 200 with `subsonic-response`; a refusal
 * is its `error` (codes 0–70), never a 4xx or 5xx, as clients expect. The route authenticates
 * itself (an app password or an access token, never the account password), so it is open to
 * guests at the HTTP level and needs no XSRF token (nothing here reads a cookie).
 */
export const subsonicRoutes: FastifyPluginAsync = async (app) => {
  // The formPost extension: parameters as a form body, repeated names kept (`id=1&id=2`).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      // No prototype: a parameter named `__proto__` is a parameter like any other.
      const form: Record<string, string[]> = Object.create(null);
      for (const [key, value] of new URLSearchParams(body as string)) {
        const values = form[key] ?? [];
        values.push(value);
        form[key] = values;
      }
      done(null, form);
    },
  );
  const { deps } = app;
  const throttle = createAuthThrottle(deps.redis, deps.config.redisPrefix);
  const files = new TrackFileCache(deps);
  app.addHook('onClose', async () => {
    files.clear();
    await files.settled();
  });
  const version = serverPackage.version;
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = paramsOf(request);
    const name = (request.params as { method: string }).method.replace(/\.view$/, '');
    try {
      // With ffmpeg, lossless files go out as MP3 unless the app asks `raw` (songs say so).
      const losslessAs = (await trackTranscoder(deps, app.log)) ? 'mp3' : null;
      if (Object.hasOwn(PUBLIC_METHODS, name)) {
        const payload = await PUBLIC_METHODS[name]!({ deps, params, request, reply, files, losslessAs });
        return sendSubsonic(reply, params, 'ok', payload, version);
      }
      const user = await authenticate(deps, throttle, params, request.ip, sleep);
      const method = Object.hasOwn(ALL_METHODS, name) ? ALL_METHODS[name] : undefined;
      if (!method) {
        throw new SubsonicError(
          SUBSONIC_ERRORS.generic,
          `Method not supported by this server: ${name.slice(0, 60)}`,
        );
      }
      const payload = await method({ deps, params, user, request, reply, files, losslessAs });
      if (payload === null || reply.sent) return reply;
      return sendSubsonic(reply, params, 'ok', payload, version);
    } catch (err) {
      // A media answer that had begun cannot become an error envelope: its socket ends.
      if (reply.sent) {
        request.log.warn({ err, method: name }, 'subsonic: a media answer failed after it began');
        return reply;
      }
      if (err instanceof SubsonicError) return sendSubsonicError(reply, params, err, version);
      if (err instanceof NotFoundError)
        return sendSubsonicError(reply, params, new SubsonicError(70, 'Not found'), version);
      // Not the caller's to do (another's playlist to rename): "not authorized", as apps show it.
      if (err instanceof ForbiddenError) {
        return sendSubsonicError(
          reply,
          params,
          new SubsonicError(SUBSONIC_ERRORS.notAuthorized, err.message),
          version,
        );
      }
      if (err instanceof DomainError) {
        return sendSubsonicError(
          reply,
          params,
          new SubsonicError(SUBSONIC_ERRORS.generic, err.message),
          version,
        );
      }
      request.log.error({ err, method: name }, 'subsonic: the method failed');
      return sendSubsonicError(
        reply,
        params,
        new SubsonicError(SUBSONIC_ERRORS.generic, 'There was an issue. Please try again.'),
        version,
      );
    }
  };

  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/rest/:method',
      // No helmet (media answers; the XML and JSON are data), no compression of audio, no cookie.
      helmet: false,
      config: { access: 'guest', csrf: false, xsrfCookie: false },
      handler,
    });
  }
};
