import { createServer, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BlockedAddressError,
  checkPublicHttpUrl,
  isBlockedAddressError,
  publicRequest,
  publicRequestFollowing,
} from '#src/platform/public-http';
import { SOURCE_MESSAGES } from './errors';
import { readSourceOnce, watchSource } from './index';
import type { OutsideSourceConfig } from './types';

// A local server stands in for a station's host. Without allowPrivateAddresses every source must
// refuse it before a byte is sent, as it would refuse any private or loopback address.
let server: Server;
let base: string;
let port: number;
const seen: string[] = [];
const routes: Record<string, (res: ServerResponse) => void> = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    const route = routes[new URL(req.url ?? '/', 'http://x').pathname];
    if (route) route(res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const configs = (root: string): OutsideSourceConfig[] => [
  { kind: 'icecast', base_url: root, mounts: [] },
  { kind: 'icy', url: `${root}/live.mp3` },
  { kind: 'azuracast', base_url: root, station: 'radio' },
];

describe('the SSRF guard on the watchers', () => {
  it('refuses loopback and private hosts, by address or by name, before any request', async () => {
    seen.length = 0;
    for (const root of [base, `http://localhost:${port}`, `http://[::ffff:127.0.0.1]:${port}`]) {
      for (const config of configs(root)) {
        await expect(readSourceOnce(config, []), `${config.kind} ${root}`).rejects.toThrow(
          SOURCE_MESSAGES.notAllowed,
        );
        const controller = new AbortController();
        await expect(watchSource(config, [], () => undefined, controller.signal)).rejects.toThrow(
          SOURCE_MESSAGES.notAllowed,
        );
      }
    }
    expect(seen).toEqual([]);
  });

  it('checks URLs: http(s) only, no credentials, no private address literal', () => {
    for (const url of [
      'ftp://example.org/',
      'file:///etc/passwd',
      'http://user:pw@example.org/',
      'http://10.1.2.3/',
      'http://169.254.169.254/latest/meta-data',
      'http://0x7f.1/',
      'http://[::1]/',
      'http://[fd00::1]/',
      'not a url',
    ])
      expect(checkPublicHttpUrl(url, false), url).toBeNull();
    expect(checkPublicHttpUrl('https://radio.example.org:8443/a?b', false)?.port).toBe('8443');
    expect(checkPublicHttpUrl('http://1.1.1.1/', false)).not.toBeNull();
    expect(checkPublicHttpUrl('http://10.1.2.3/', true)).not.toBeNull();
  });

  it('refuses a redirect to a private address, and one to another scheme', async () => {
    seen.length = 0;
    routes['/to-private'] = (res) =>
      res.writeHead(302, { location: `http://127.0.0.2:${port}/status-json.xsl` }).end();
    routes['/to-file'] = (res) => res.writeHead(301, { location: 'file:///etc/passwd' }).end();
    routes['/loop'] = (res) => res.writeHead(302, { location: '/loop' }).end();
    // Only this test server's own address is allowed: the redirect's target is another.
    const onlyOurs = (address: string) => address === '127.0.0.1';
    const follow = (path: string) => publicRequestFollowing(`${base}${path}`, { allowPrivate: onlyOurs });
    await expect(follow('/to-private')).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(follow('/to-file')).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(follow('/loop')).rejects.toThrow(/more than 3 redirects/);
    expect(seen).toEqual(['/to-private', '/to-file', '/loop', '/loop', '/loop', '/loop']);

    // The same for every source kind (their redirects go through the same check).
    routes['/status-json.xsl'] = (res) => res.writeHead(302, { location: 'gopher://127.0.0.1/' }).end();
    routes['/live.mp3'] = (res) => res.writeHead(302, { location: 'ftp://127.0.0.1/live.mp3' }).end();
    const local = { allowPrivateAddresses: true };
    await expect(readSourceOnce(configs(base)[0]!, [], local)).rejects.toThrow(SOURCE_MESSAGES.notAllowed);
    await expect(readSourceOnce(configs(base)[1]!, [], local)).rejects.toThrow(SOURCE_MESSAGES.notAllowed);
  });

  it('refuses a name that resolves to a private address at connect time', async () => {
    const err = await publicRequest(`http://localhost:${port}/`).catch((e: unknown) => e);
    expect(isBlockedAddressError(err)).toBe(true);
  });
});

describe('failures reject, so the caller backs off', () => {
  const local = { allowPrivateAddresses: true, timeoutMs: 1000 };

  it('an unreachable host, an error status, a page that is not the format, a huge answer, a silent server', async () => {
    routes['/status-json.xsl'] = (res) => res.writeHead(500).end('oops');
    routes['/html/status-json.xsl'] = (res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    routes['/huge/status-json.xsl'] = (res) =>
      res.writeHead(200).end(`{"icestats":"${'x'.repeat(1_100_000)}"}`);
    routes['/silent/status-json.xsl'] = () => undefined;
    const icecast = (root: string) => ({ kind: 'icecast' as const, base_url: root, mounts: [] });

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as { port: number }).port;
    await new Promise((r) => closed.close(r));

    await expect(readSourceOnce(icecast(`http://127.0.0.1:${deadPort}`), [], local)).rejects.toThrow(
      SOURCE_MESSAGES.unreachable,
    );
    await expect(readSourceOnce(icecast(base), [], local)).rejects.toThrow(SOURCE_MESSAGES.httpError);
    await expect(readSourceOnce(icecast(`${base}/html`), [], local)).rejects.toThrow(
      SOURCE_MESSAGES.badFormat,
    );
    await expect(readSourceOnce(icecast(`${base}/huge`), [], local)).rejects.toThrow(
      SOURCE_MESSAGES.tooLarge,
    );
    await expect(readSourceOnce(icecast(`${base}/silent`), [], local)).rejects.toThrow(
      SOURCE_MESSAGES.timeout,
    );
  });

  it('a watcher whose source starts failing rejects, with no reading for the failure', async () => {
    let up = true;
    routes['/flaky/status-json.xsl'] = (res) =>
      up
        ? res
            .writeHead(200, { 'content-type': 'application/json' })
            .end('{"icestats":{"source":{"listeners":2,"listenurl":"http://h/a.mp3","title":"A - B"}}}')
        : res.writeHead(503).end();
    const readings: unknown[] = [];
    const controller = new AbortController();
    const watching = watchSource(
      { kind: 'icecast', base_url: `${base}/flaky`, mounts: [] },
      [],
      (r) => {
        readings.push(r);
        up = false;
      },
      controller.signal,
      { ...local, pollMs: 20 },
    );
    await expect(watching).rejects.toThrow(SOURCE_MESSAGES.httpError);
    expect(readings).toHaveLength(1);
  });
});
