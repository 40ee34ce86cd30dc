import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client';
import { notSuspended } from '#src/modules/identity/index';
import { personalAccessTokens, sessions } from '#src/modules/identity/tables';
import { users } from '#src/modules/users/tables';
import type { LiveEvents, LiveFrame } from '#src/platform/live-events';
import { sseFrame } from '#src/platform/live-events';
import type { Unsubscribe } from '#src/platform/pubsub';

/**
 * The open event streams of this instance (`GET api/v1/events`, PROTOCOLS.md "Server-sent
 * events"): each is one browser tab of one signed-in user. One timer writes the heartbeat to all
 * of them and one re-checks their sessions, and both run only while a stream is open; a stream
 * that closes (the tab, the session, the server) unsubscribes and leaves nothing behind.
 */
export type LiveStreamOptions = {
  /** A `: ping` comment this often, so proxies keep the stream open (default 15 s, the most allowed). */
  heartbeatMs?: number;
  /** How often the streams' sessions and tokens are checked again (default 30 s). */
  credentialCheckMs?: number;
  /** Streams one user may hold open on one instance (default 16: tabs, windows, devices). */
  maxStreamsPerUser?: number;
  /** The reconnection delay suggested to the browser (`retry:`, default 3 s). */
  retryMs?: number;
  /** A client that stops reading is dropped once this much waits for it (default 1 MiB). */
  maxBufferedBytes?: number;
};

/** What a stream writes to: the response body. */
export interface LiveSink {
  write(chunk: string): boolean;
  end(): void;
  readonly writableLength: number;
  readonly destroyed: boolean;
}

/** How the stream's caller signed in, so it ends when that ends (logout, revocation, suspension). */
export type LiveCredential = { kind: 'session' | 'token'; hash: string };

export type LiveStreamDeps = { db: Database; live: LiveEvents; log: FastifyBaseLogger };

export class TooManyStreamsError extends Error {}
export class StreamClosedError extends Error {}

type Stream = {
  userId: number;
  credential: LiveCredential;
  sink: LiveSink;
  unsubscribe: Unsubscribe | null;
  closed: boolean;
};

export { parseLastEventId, sseFrame } from '#src/platform/live-events';

export function createLiveStreams(deps: LiveStreamDeps, opts: LiveStreamOptions = {}) {
  const heartbeatMs = Math.min(opts.heartbeatMs ?? 15_000, 15_000);
  const credentialCheckMs = opts.credentialCheckMs ?? 30_000;
  const maxPerUser = opts.maxStreamsPerUser ?? 16;
  const retryMs = opts.retryMs ?? 3000;
  const maxBuffered = opts.maxBufferedBytes ?? 1024 * 1024;

  const byUser = new Map<number, Set<Stream>>();
  let count = 0;
  let subscriptions = 0;
  let heartbeat: NodeJS.Timeout | null = null;
  let credentialCheck: NodeJS.Timeout | null = null;
  let checking = false;
  let shuttingDown = false;

  const write = (stream: Stream, chunk: string) => {
    if (stream.closed || stream.sink.destroyed) return;
    stream.sink.write(chunk);
    // A client that stopped reading would make the server hold every event for it.
    if (stream.sink.writableLength > maxBuffered) close(stream);
  };

  const each = (fn: (stream: Stream) => void) => {
    for (const set of byUser.values()) for (const stream of set) fn(stream);
  };

  const startTimers = () => {
    if (heartbeat) return;
    heartbeat = setInterval(() => each((s) => write(s, ': ping\n\n')), heartbeatMs);
    credentialCheck = setInterval(() => void checkCredentials(), credentialCheckMs);
  };
  const stopTimers = () => {
    if (heartbeat) clearInterval(heartbeat);
    if (credentialCheck) clearInterval(credentialCheck);
    heartbeat = null;
    credentialCheck = null;
  };

  function close(stream: Stream) {
    if (stream.closed) return;
    stream.closed = true;
    const set = byUser.get(stream.userId);
    if (set?.delete(stream)) {
      count--;
      if (set.size === 0) byUser.delete(stream.userId);
    }
    if (count === 0) stopTimers();
    const unsubscribe = stream.unsubscribe;
    stream.unsubscribe = null;
    if (unsubscribe) {
      subscriptions--;
      unsubscribe().catch((err: unknown) => deps.log.warn({ err }, 'live stream: unsubscribe failed'));
    }
    if (!stream.sink.destroyed) stream.sink.end();
  }

  /** Ends the streams whose session or token is gone (logged out, revoked, expired, suspended). */
  async function checkCredentials() {
    if (checking || count === 0) return;
    checking = true;
    try {
      // Only the streams open now are judged: one opened while the query runs was signed in
      // just then, and its credential is not among those looked up.
      const checked: Stream[] = [];
      const sessionHashes = new Set<string>();
      const tokenHashes = new Set<string>();
      each((s) => {
        checked.push(s);
        (s.credential.kind === 'session' ? sessionHashes : tokenHashes).add(s.credential.hash);
      });
      const valid = await validCredentials(deps.db, [...sessionHashes], [...tokenHashes]);
      for (const s of checked) {
        if (!valid.has(`${s.credential.kind}:${s.credential.hash}:${s.userId}`)) close(s);
      }
    } catch (err) {
      // The database being briefly away is no reason to drop every stream; the next check decides.
      deps.log.warn({ err }, 'live stream: could not check sessions');
    } finally {
      checking = false;
    }
  }

  return {
    /**
     * Opens a stream for `userId`: subscribes, writes the `retry:` hint and what the user missed
     * since `lastEventId`, then every new event. Resolves once the subscription is in place, so
     * anything published after that reaches the stream.
     */
    async open(userId: number, credential: LiveCredential, lastEventId: number | null, sink: LiveSink) {
      if (shuttingDown) throw new StreamClosedError();
      let set = byUser.get(userId);
      if ((set?.size ?? 0) >= maxPerUser) throw new TooManyStreamsError();
      const stream: Stream = { userId, credential, sink, unsubscribe: null, closed: false };
      if (!set) {
        set = new Set();
        byUser.set(userId, set);
      }
      set.add(stream);
      count++;
      startTimers();

      // Events that arrive while the backlog is read wait here, so none is lost or sent twice.
      // Only ids already written are skipped: an id the browser kept from before a restart of the
      // counter (Redis or the process lost it, and the backlog with it) must not hold back new ones.
      let pending: LiveFrame[] | null = [];
      let lastSent = 0;
      const deliver = (frame: LiveFrame) => {
        if (frame.id <= lastSent) return;
        lastSent = frame.id;
        write(stream, sseFrame(frame));
      };
      try {
        const unsubscribe = await deps.live.subscribe(userId, (frame) => {
          if (pending) pending.push(frame);
          else deliver(frame);
        });
        if (stream.closed) {
          // Closed while subscribing (the server is shutting down): no stream to answer with.
          await unsubscribe();
          throw new StreamClosedError();
        }
        subscriptions++;
        stream.unsubscribe = unsubscribe;
        write(stream, `retry: ${retryMs}\n\n`);
        if (lastEventId !== null)
          for (const frame of await deps.live.since(userId, lastEventId)) deliver(frame);
        for (const frame of pending) deliver(frame);
        pending = null;
      } catch (err) {
        close(stream);
        throw err;
      }
      return { close: () => close(stream) };
    },

    /** Ends every stream (server shutdown: an open stream must not hold `close()`). */
    closeAll() {
      shuttingDown = true;
      each(close);
      stopTimers();
    },

    /** The reconnection delay the streams suggest (`retry:`). */
    retryMs,

    /** Runs the session check now (tests; the timer does it every `credentialCheckMs`). */
    checkCredentials,

    /** Open streams, subscriptions and running timers: all drop to nothing when the last stream closes. */
    get stats() {
      return {
        streams: count,
        users: byUser.size,
        subscriptions,
        timers: (heartbeat ? 1 : 0) + (credentialCheck ? 1 : 0),
      };
    },
  };
}

export type LiveStreams = ReturnType<typeof createLiveStreams>;

/** `kind:hash:userId` for each session and token that still signs its user in. */
async function validCredentials(db: Database, sessionHashes: string[], tokenHashes: string[]) {
  const valid = new Set<string>();
  const now = new Date();
  const chunk = 500;
  for (let i = 0; i < sessionHashes.length; i += chunk) {
    const rows = await db
      .select({ id: sessions.id, userId: sessions.userId })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          inArray(sessions.id, sessionHashes.slice(i, i + chunk)),
          gt(sessions.expiresAt, now),
          notSuspended(),
        ),
      );
    for (const row of rows) valid.add(`session:${row.id}:${row.userId}`);
  }
  for (let i = 0; i < tokenHashes.length; i += chunk) {
    const rows = await db
      .select({ hash: personalAccessTokens.tokenHash, userId: personalAccessTokens.userId })
      .from(personalAccessTokens)
      .innerJoin(users, eq(users.id, personalAccessTokens.userId))
      .where(
        and(
          inArray(personalAccessTokens.tokenHash, tokenHashes.slice(i, i + chunk)),
          or(isNull(personalAccessTokens.expiresAt), gt(personalAccessTokens.expiresAt, now)),
          notSuspended(),
        ),
      );
    for (const row of rows) valid.add(`token:${row.hash}:${row.userId}`);
  }
  return valid;
}
