import { Server as NetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Readiness } from './readiness.service';

/**
 * How long connections opened before a drain may still bring requests. Behind nginx a stopped
 * listener is noticed at the next connection (refused: the request goes to another instance and
 * this one is left out for `fail_timeout`), so one second of traffic is plenty for nginx to stop
 * using the connections it keeps open to this instance.
 */
export const DRAIN_GRACE_MS = 1000;

export type Drain = {
  /** True from the first call of `start` on. */
  readonly active: boolean;
  /**
   * Leaves the load balancer's rotation without failing a request: not ready from now on, no new
   * connection accepted, every answer from now on closes its connection; resolves once no
   * connection is left or `graceMs` has passed, after closing the idle ones. `app.close()` then
   * ends the event streams, waits for requests in flight and closes the database.
   */
  start(opts?: { graceMs?: number }): Promise<void>;
};

/**
 * The first half of a graceful shutdown (main.ts on SIGTERM; docs/operations.md, "Cluster").
 * Closing the app at once would answer 503 to requests that arrive on connections already open
 * (Fastify's closing routes) and destroy idle connections a balancer may be sending a request on
 * that very moment; a POST lost that way is not retried. Draining first lets those connections
 * bring their last requests, answered in full with `Connection: close`.
 */
export function createDrain(app: FastifyInstance, readiness: Readiness): Drain {
  let active = false;
  // Draining or closing: from either on, every answer ends its keep-alive connection. Draining, so
  // the balancer lets go of the connections it keeps; closing (`app.close()` with no drain before:
  // tests, scripts, `close()` after the drain), so an idle client connection does not hold
  // server.close() (and the shutdown) open until it times out. One hook for both, a callback hook
  // (no promise per request) reading one boolean.
  let ending = false;
  // Not ready from the moment the server starts closing, too: balancers stop sending new work.
  app.addHook('preClose', async () => {
    ending = true;
    readiness.closing();
  });
  app.addHook('onSend', (_request, reply, _payload, done) => {
    if (ending) reply.header('connection', 'close');
    done();
  });

  const connections = () =>
    new Promise<number>((resolve) => app.server.getConnections((err, count) => resolve(err ? 0 : count)));

  return {
    get active() {
      return active;
    },
    async start({ graceMs = DRAIN_GRACE_MS } = {}) {
      if (active) return;
      active = true;
      ending = true;
      readiness.closing();
      const server = app.server;
      if (!server.listening) return;
      app.log.info({ graceMs }, 'draining: not ready, no new connections');
      // net.Server's close stops accepting and leaves open connections alone; http.Server's would
      // also destroy the idle ones at once. Fastify's own close later finds the listener closed,
      // which it expects.
      NetServer.prototype.close.call(server);
      const until = performance.now() + graceMs;
      while (performance.now() < until && (await connections()) > 0) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      server.closeIdleConnections();
    },
  };
}
