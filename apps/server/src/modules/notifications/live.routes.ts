import { msg } from '@zema/contracts';
import { notifications } from '@zema/contracts/notifications/notifications.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '#src/http/caller';
import { defineRoute } from '#src/http/define-route';
import {
  closeWithAnswer,
  eventStreamBody,
  eventStreamHeaders,
  eventStreamRequest,
} from '#src/http/event-stream';
import { RateLimitedError } from '#src/lib/errors';
import { sha256Hex } from '#src/lib/tokens';
import { type LiveCredential, StreamClosedError, TooManyStreamsError } from './live.service';

/**
 * `GET api/v1/events`: the signed-in user's live events as server-sent events (PROTOCOLS.md).
 * EventSource sends the session cookie; an API client may use its bearer token.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  // This instance's streams, made once by the module's register (ended before the server closes).
  const streams = app.deps.liveStreams;

  // No HEAD twin: a stream has no headers to preview, and a HEAD must not hold a subscription.
  defineRoute(app, notifications.events, { exposeHeadRoute: false }, async (request, reply) => {
    const caller = callerOf(request);
    const lastEventId = eventStreamRequest(request);
    let credential: LiveCredential;
    if (caller.via === 'session' && caller.sessionId) {
      credential = { kind: 'session', hash: caller.sessionId };
    } else {
      const bearer = (request.headers.authorization ?? '').replace(/^bearer\s+/i, '').trim();
      const plain = bearer.includes('|') ? bearer.slice(bearer.indexOf('|') + 1) : bearer;
      credential = { kind: 'token', hash: sha256Hex(plain) };
    }

    const { body, sink } = eventStreamBody();
    let stream: { close(): void };
    try {
      stream = await streams.open(caller.user.id, credential, lastEventId, sink);
    } catch (err) {
      if (err instanceof TooManyStreamsError) {
        throw new RateLimitedError(msg('Too many live connections are open. Close a tab and try again.'));
      }
      if (err instanceof StreamClosedError) {
        // Shutting down: an event stream that ends at once, so the browser reconnects by itself
        // after `retry` (to this instance's successor) rather than giving up as on an error.
        return eventStreamHeaders(reply).header('connection', 'close').send(`retry: ${streams.retryMs}\n\n`);
      }
      throw err;
    }
    // The tab closed, the network went, or the server ended the response: clean up once.
    closeWithAnswer(reply, body, stream);

    return eventStreamHeaders(reply).send(body);
  });
};
