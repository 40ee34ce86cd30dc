import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineOperations, type Operation } from '@zema/contracts/operation';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { defineRoute } from './define-route';

/**
 * Routes that are deliberately not API operations: the web app's pages and build files (the SPA
 * fallback answers every unknown GET with index.html), stored files (covers, avatars) by their
 * URL, and the tus endpoint's OPTIONS (the protocol's discovery; operations speak the API's
 * methods). Nothing else may be registered by hand.
 */
const NOT_OPERATIONS = new Set([
  'GET /*',
  'GET /storage/*',
  'OPTIONS /api/v1/tus/upload',
  // The web app manifest: a file of the site for browsers (W3C Web App Manifest), not an API call.
  'GET /manifest.webmanifest',
  // What search engines read (robots.txt, the sitemaps): files of the site for crawlers.
  'GET /robots.txt',
  'GET /sitemap.xml',
  'GET /sitemaps/:file',
  // The embeddable player: a page of the site that other sites frame, not an API call.
  'GET /embed/:kind/:id',
  // A language's lines as a script of the site the pages load (cached by version).
  'GET /i18n/:file',
  // The Subsonic API (PROTOCOLS.md): a protocol of its own that phone apps speak, one route for
  // every method, answering its own envelope (modules/subsonic).
  'GET /rest/:method',
  'POST /rest/:method',
  // Prometheus' text exposition format for a scraper (modules/ops), not an API call.
  'GET /metrics',
]);

const contractsDir = fileURLToPath(new URL('../../../../packages/contracts/src/', import.meta.url));

/** Every operation object of every concept in packages/contracts (`<concept>/*.operations.ts`). */
async function allOperations(): Promise<{ name: string; operation: Operation }[]> {
  const found: { name: string; operation: Operation }[] = [];
  const files = readdirSync(contractsDir, { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.operations.ts'),
  );
  for (const file of files) {
    const module = (await import(`@zema/contracts/${file.slice(0, -3)}`)) as Record<string, unknown>;
    for (const [exported, value] of Object.entries(module)) {
      // A feature's operations are a plain object; schemas and other exports are skipped.
      if (!value || Object.getPrototypeOf(value) !== Object.prototype) continue;
      for (const [key, op] of Object.entries(value)) {
        if (op && typeof op === 'object' && 'method' in op && 'path' in op && 'access' in op)
          found.push({ name: `${file}: ${exported}.${key}`, operation: op as Operation });
      }
    }
  }
  return found;
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const key = (method: string, url: string) => `${method} ${url}`;

describe('routes and operations', () => {
  it('registers every server route from an operation object, except the listed non-API routes', () => {
    // HEAD routes answer for their GET (derived, or the stream's own HEAD that shares its operation).
    const routes = t.app.guardedRoutes.filter((r) => r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(90);
    const handWritten = routes
      .filter((r) => !r.operation && !NOT_OPERATIONS.has(key(r.method, r.url)))
      .map((r) => key(r.method, r.url));
    expect(handWritten).toEqual([]);
    // The listed exceptions still exist (a stale list would hide a new hand-written route).
    for (const exception of NOT_OPERATIONS)
      expect(
        routes.some((r) => key(r.method, r.url) === exception),
        exception,
      ).toBe(true);
  });

  it('registers each route at its operation’s method and path, with its access', () => {
    for (const route of t.app.guardedRoutes) {
      if (!route.operation) continue;
      expect(key(route.method === 'HEAD' ? 'GET' : route.method, route.url)).toBe(
        key(route.operation.method, route.operation.path),
      );
      expect(route.access).toEqual(route.operation.access);
      expect(route.allowUnverified).toBe(route.operation.allowUnverified === true);
    }
  });

  it('has a server route for every operation object', async () => {
    const operations = await allOperations();
    expect(operations.length).toBeGreaterThan(90);
    const registered = new Set(
      t.app.guardedRoutes.filter((r) => r.operation).map((r) => r.operation as Operation),
    );
    const unrouted = operations.filter(({ operation }) => !registered.has(operation)).map(({ name }) => name);
    expect(unrouted).toEqual([]);
  });

  it('has one operation per method and path', async () => {
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const { name, operation } of await allOperations()) {
      const k = key(operation.method, operation.path);
      if (seen.has(k)) duplicates.push(`${k}: ${seen.get(k)} and ${name}`);
      seen.set(k, name);
    }
    expect(duplicates).toEqual([]);
  });
});

describe('defineRoute', () => {
  const op = defineOperations('Test', {
    ping: { method: 'GET', path: '/auth/ping', access: 'guest', summary: 'Ping' },
  }).ping;

  it('refuses an operation whose path is not under the plugin prefix', async () => {
    const app = Fastify();
    const start = async () => {
      await app.register(async (api) => defineRoute(api, op, async () => 'pong'), { prefix: '/api/v1' });
      await app.ready();
    };
    await expect(start()).rejects.toThrow('Operation GET /auth/ping registered under the prefix /api/v1');
    await app.close();
  });

  it('registers the path without the prefix, with the access and the operation in the config', async () => {
    const app = Fastify();
    let config: unknown;
    app.addHook('onRoute', (route) => {
      config = route.config;
    });
    await app.register(async (auth) => defineRoute(auth, op, async () => 'pong'), { prefix: '/auth' });
    const res = await app.inject({ url: '/auth/ping' });
    expect(res.body).toBe('pong');
    expect(config).toMatchObject({ access: 'guest', operation: op });
    await app.close();
  });
});
