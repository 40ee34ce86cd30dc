import { Readable } from 'node:stream';
import { msg } from '@zema/contracts';
import { notifications } from '@zema/contracts/notifications/notifications.operations';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '#src/http/caller';
import { defineRoute } from '#src/http/define-route';
import { HttpError } from '#src/http/errors';
import { invalidInput, RateLimitedError } from '#src/lib/errors';
import { sha256Hex } from '#src/lib/tokens';
import {
  type LiveCredential,
  type LiveSink,
  parseLastEventId,
  StreamClosedError,
  TooManyStreamsError,
} from './live.service';

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
    // EventSource always asks for an event stream; anything else (a plain fetch, a crawler, a
    // test walking every route) gets an answer instead of a connection that never ends.
    if (!/\btext\/event-stream\b/i.test(request.headers.accept ?? '')) {
      throw new HttpError(406, msg('This is an event stream: send Accept: text/event-stream.'));
    }
    const lastEventId = parseLastEventId(request.headers['last-event-id']);
    if (lastEventId === 'invalid') {
      throw invalidInput({ 'Last-Event-ID': [msg('The Last-Event-ID header must be an event id.')] });
    }
    let credential: LiveCredential;
    if (caller.via === 'session' && caller.sessionId) {
      credential = { kind: 'session', hash: caller.sessionId };
    } else {
      const bearer = (request.headers.authorization ?? '').replace(/^bearer\s+/i, '').trim();
      const plain = bearer.includes('|') ? bearer.slice(bearer.indexOf('|') + 1) : bearer;
      credential = { kind: 'token', hash: sha256Hex(plain) };
    }

    // The response body: frames are pushed straight into what Fastify pipes to the socket (a
    // PassThrough would take each through its writable side as well: about a sixth of the
    // JavaScript time of a burst to 5 000 streams).
    const body = new Readable({ read() {} });
    let ended = false;
    const sink: LiveSink = {
      write: (chunk) => body.push(chunk),
      end: () => {
        if (ended) return;
        ended = true;
        body.push(null);
      },
      // What waits for the client: the socket applies backpressure and the frames queue here.
      get writableLength() {
        return body.readableLength;
      },
      get destroyed() {
        return body.destroyed || ended;
      },
    };
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
        return sseHeaders(reply).header('connection', 'close').send(`retry: ${streams.retryMs}\n\n`);
      }
      throw err;
    }
    // The tab closed, the network went, or the server ended the response: clean up once.
    reply.raw.once('close', () => stream.close());
    body.once('close', () => stream.close());
    body.on('error', () => stream.close());
    if (reply.raw.destroyed) stream.close();

    return sseHeaders(reply).send(body);
  });
};

const sseHeaders = (reply: FastifyReply) =>
  reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    // nginx buffers proxied answers by default; this turns it off for this answer only.
    .header('x-accel-buffering', 'no');
