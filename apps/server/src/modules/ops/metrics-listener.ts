import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Deps } from '#src/platform/deps';
import { METRICS_CHALLENGE, METRICS_PATH, metricsAccess } from './metrics-access';

export type MetricsListener = {
  /** Where it listens (port 0 in the config = the port it was given). */
  address(): AddressInfo;
  close(): Promise<void>;
};

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(JSON.stringify(body));
};

/**
 * A second, bare listener (METRICS_PORT, on METRICS_HOST: loopback by default) that serves only
 * `/metrics`, `/health` and `/ready`, with the same answers as the main port: a scraper or a
 * probe on the machine or a private network reaches them without going through the public site.
 * Plain node:http, none of the app's hooks: nothing here reads a session or the site's settings.
 * `/metrics` needs the bearer token here too when METRICS_TOKEN is set.
 */
export async function startMetricsListener(deps: Deps): Promise<MetricsListener> {
  const { port = 0, host, token } = deps.config.metrics;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]!.replace(/\/+$/, '') || '/';
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return json(res, 405, { message: 'Method Not Allowed' }, { allow: 'GET, HEAD' });
    if (path === METRICS_PATH) {
      const verdict = metricsAccess(token, req.headers.authorization, { listener: true });
      if (verdict !== 'open')
        return json(res, 401, { message: 'Unauthenticated.' }, { 'www-authenticate': METRICS_CHALLENGE });
      const body = await deps.ops.metrics.render();
      res.writeHead(200, { 'content-type': deps.ops.metrics.contentType, 'cache-control': 'no-store' });
      return res.end(body);
    }
    if (path === '/ready') {
      const report = await deps.ops.readiness.check();
      return json(res, report.status === 'ok' ? 200 : 503, report);
    }
    // The same answer as the main port's /health (modules/system): liveness only.
    if (path === '/health') return json(res, 200, { status: 'ok' });
    return json(res, 404, { message: 'Not found.' });
  };
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      deps.log.error({ err }, 'metrics listener: request failed');
      if (!res.headersSent) json(res, 500, { message: 'Server Error' });
      else res.destroy();
    });
  });
  // A scraper keeps its connection; a slow client must not hold one forever.
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  deps.log.info({ address: address.address, port: address.port }, 'metrics and health listener started');
  return {
    address: () => address,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
