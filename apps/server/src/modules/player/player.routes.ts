import { randomBytes } from 'node:crypto';
import { ID_PATTERN, INT32_MAX } from '@zema/contracts';
import { player, streamQuerySchema } from '@zema/contracts/player/player.operations';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cookieOptions } from '#src/http/cookies';
import { defineRoute } from '#src/http/define-route';
import { invalidInput, NotFoundError } from '#src/lib/errors';
import { describeUserAgentNames } from '#src/lib/user-agent';
import { attachmentHeader, downloadAlbum, downloadTrack } from './downloads.service';
import { listenerKey, recordPlay } from './plays.service';
import { sendTrackStream, TrackFileCache } from './stream.http';
import { sendTrackAudio } from './transcode.http';

/** Long-lived random id of an anonymous listener, so plays are limited per visitor, not per IP. */
export const LISTENER_COOKIE = 'zema_listener';
const LISTENER_ID = /^[a-f0-9]{32}$/;
const TWO_YEARS_S = 2 * 365 * 24 * 3600;

/**
 * The listener of a play: the user, else the visitor's cookie. A visitor without the cookie is
 * counted by IP (and given a cookie for next time), so clearing cookies never escapes the limits.
 */
function listenerOf(request: FastifyRequest, reply: FastifyReply): string {
  if (request.user) return listenerKey({ userId: request.user.id });
  const cookie = request.cookies[LISTENER_COOKIE];
  if (cookie && LISTENER_ID.test(cookie)) return listenerKey({ anonymousId: cookie });
  reply.setCookie(
    LISTENER_COOKIE,
    randomBytes(16).toString('hex'),
    cookieOptions(request, { maxAge: TWO_YEARS_S }),
  );
  return listenerKey({ ip: request.ip });
}

export const playerRoutes: FastifyPluginAsyncZod = async (app) => {
  // The same offline database as the sessions list: the play keeps the country, never the address.
  const { geoip } = app.deps;
  const files = new TrackFileCache(app.deps);
  app.addHook('onClose', async () => {
    files.clear();
    await files.settled();
  });

  // No schema on purpose: this is the hot path, and the id is checked by hand just as strictly.
  const streamHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = (request.params as { id: string }).id;
    const id = ID_PATTERN.test(raw) ? Number(raw) : 0;
    if (id < 1 || id > INT32_MAX) throw new NotFoundError();
    const query = request.query as { format?: string; maxBitRate?: string } | undefined;
    if (!query?.format && !query?.maxBitRate) return sendTrackStream(app.deps, files, request, reply, id);
    // Transcoded (the web's "Data saver"); HEAD has no schema, so the ask is checked here too.
    const ask = streamQuerySchema.safeParse(query);
    if (!ask.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of ask.error.issues) {
        const field = String(issue.path[0] ?? 'query');
        errors[field] = [...(errors[field] ?? []), issue.message];
      }
      throw invalidInput(errors);
    }
    const { format, maxBitRate = 0 } = ask.data;
    return sendTrackAudio(app.deps, files, request, reply, id, { format, maxBitRate, offsetSeconds: 0 });
  };
  // No helmet: a media answer needs no CSP (stream.http.ts sets nosniff and CORP itself). No compression:
  // audio is already compressed, and ranges count bytes of the file as it is. No XSRF cookie: a
  // media element or a phone app never sends it back.
  defineRoute(
    app,
    player.stream,
    { exposeHeadRoute: false, helmet: false, compress: false, config: { xsrfCookie: false } },
    streamHandler,
  );
  // HEAD is its own route rather than derived from GET: the derived one resets Content-Length to 0.
  // Hidden from the API document, which lists GET operations only; the GET's operation and access.
  app.head(
    '/tracks/:id/stream',
    {
      config: { access: player.stream.access, operation: player.stream, xsrfCookie: false },
      helmet: false,
      compress: false,
      schema: { hide: true },
    },
    streamHandler,
  );

  // Downloads: attachments, never cached by a shared cache; no compression (audio and zips of
  // audio are compressed already, and a zip is streamed with no length known up front). The daily
  // limit's refusal carries its Retry-After (DownloadLimitError), which the error handler sends.
  defineRoute(app, player.downloadTrack, { compress: false }, async (request, reply) => {
    const file = await downloadTrack(app.deps, request.user!, request.params.id);
    return reply
      .header('content-disposition', attachmentHeader(file.fileName))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-length', file.size)
      .type(file.contentType)
      .send(file.stream);
  });
  defineRoute(app, player.downloadAlbum, { compress: false }, async (request, reply) => {
    const zip = await downloadAlbum(app.deps, request.user!, request.params.id);
    return reply
      .header('content-disposition', attachmentHeader(zip.fileName))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .type('application/zip')
      .send(zip.stream);
  });

  defineRoute(app, player.recordPlay, async (request, reply) => {
    const device = describeUserAgentNames(request.headers['user-agent']);
    const result = await recordPlay(app.deps.db, {
      trackId: request.params.id,
      userId: request.user?.id ?? null,
      listener: listenerOf(request, reply),
      listenId: request.body.listen_id,
      seconds: request.body.seconds,
      countAfterSeconds: (await app.deps.settings.getClientSettings()).player.count_play_after_seconds,
      context: {
        country: (await geoip.lookup(request.ip)).country,
        deviceType: device.device_type,
        platform: device.platform,
        browser: device.browser,
      },
    });
    if (!result) throw new NotFoundError();
    return result;
  });
};
