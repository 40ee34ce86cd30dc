import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_ERROR_MESSAGE, debugErrorPayloadSchema, type ErrorFrame } from '@zema/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminUserId,
  buildTestApp,
  createUser,
  guest,
  request,
  sessionFor,
  type TestApp,
  useApp,
} from '#test/helpers';
import { parseStack } from './debug-trace';

class PlaylistExplodedError extends Error {
  override name = 'PlaylistExplodedError';
}

function explode(what?: string): never {
  throw new PlaylistExplodedError(what ? `the playlist exploded (${what})` : 'the playlist exploded'); // marker: failing line
}

function addFailingRoutes(t: TestApp) {
  // `?what=` makes a different error each time: the same one within a minute is only counted.
  t.app.get('/api/v1/test/explode', { config: { access: 'guest' } }, async (request) =>
    explode((request.query as { what?: string }).what),
  );
  t.app.get('/api/v1/test/teapot', { config: { access: 'guest' } }, async (_req, reply) =>
    reply.code(418).send({ message: 'I am a teapot.' }),
  );
}

describe('with APP_DEBUG off', () => {
  const t = useApp({ APP_DEBUG: 'false' });
  beforeAll(async () => {
    addFailingRoutes(t);
  });

  it('answers a generic message and no trace', async () => {
    const res = await t.app.inject({ url: '/api/v1/test/explode' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: DEFAULT_ERROR_MESSAGE });
  });

  it('writes every 5xx to the daily error log', async () => {
    const res = await t.app.inject({
      url: '/api/v1/test/explode?what=log',
      headers: { 'x-request-id': 'req-log-1' },
    });
    expect(res.statusCode).toBe(500);
    const day = new Date().toISOString().slice(0, 10);
    const file = join(t.config.dataDir, 'logs', `error-${day}.log`);
    const lines = (await readFile(file, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const entry = lines.find((l) => l.reqId === 'req-log-1');
    expect(entry).toMatchObject({
      method: 'GET',
      route: '/api/v1/test/explode',
      url: '/api/v1/test/explode?what=log',
      message: 'the playlist exploded (log)',
      count: 1,
    });
    expect(entry.stack).toContain('PlaylistExplodedError');
    expect(Number.isNaN(Date.parse(entry.time))).toBe(false);
  });

  it('does not log 4xx answers', async () => {
    await t.app.inject({ url: '/api/v1/test/teapot', headers: { 'x-request-id': 'req-teapot' } });
    const files = await readdir(join(t.config.dataDir, 'logs'));
    const all = await Promise.all(files.map((f) => readFile(join(t.config.dataDir, 'logs', f), 'utf8')));
    expect(all.join('')).not.toContain('req-teapot');
  });

  it('lets only admins download the newest log', async () => {
    await t.app.inject({
      url: '/api/v1/test/explode?what=download',
      headers: { 'x-request-id': 'req-download' },
    });
    const url = '/api/v1/logs/error/download-latest';
    const asGuest = await request(t.app, guest(), { method: 'GET', url });
    expect(asGuest.statusCode).toBe(401);
    const user = await sessionFor(t.db, (await createUser(t.db)).id);
    const asUser = await request(t.app, user, { method: 'GET', url });
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json()).toEqual({ message: 'This action is unauthorized.' });
    const admin = await sessionFor(t.db, await adminUserId(t.db));
    const asAdmin = await request(t.app, admin, { method: 'GET', url });
    expect(asAdmin.statusCode).toBe(200);
    const day = new Date().toISOString().slice(0, 10);
    expect(asAdmin.headers['content-disposition']).toBe(`attachment; filename="error-${day}.log"`);
    expect(asAdmin.body).toContain('req-download');
  });
});

describe('with APP_DEBUG on', () => {
  const t = useApp({ APP_DEBUG: 'true' });
  beforeAll(async () => {
    addFailingRoutes(t);
  });

  it('sends the SPEC §3 debug payload with source snippets', async () => {
    const res = await t.app.inject({ url: '/api/v1/test/explode' });
    expect(res.statusCode).toBe(500);
    const payload = debugErrorPayloadSchema.parse(res.json());
    expect(payload.exception).toBe('PlaylistExplodedError');
    expect(payload.message).toBe('the playlist exploded');

    const top = payload.trace[0] as ErrorFrame;
    expect('vendorGroup' in top).toBe(false);
    expect(top.path).toMatch(/src\/http\/errors\.test\.ts$/);
    expect(top.flatIndex).toBe(0);
    expect(top.isVendor).toBe(false);
    expect(top.codeSnippet[String(top.lineNumber)]).toContain('marker: failing line');
    const numbers = Object.keys(top.codeSnippet).map(Number);
    expect(Math.min(...numbers)).toBe(Math.max(1, top.lineNumber - 7));
    expect(Math.max(...numbers)).toBe(top.lineNumber + 7);

    const groups = payload.trace.filter((i) => 'vendorGroup' in i);
    expect(groups.length).toBe(payload.totalVendorGroups);
    expect(groups.length).toBeGreaterThan(0);
    for (const g of groups) {
      if (!('vendorGroup' in g)) continue;
      expect(g.items.every((f) => f.isVendor)).toBe(true);
    }
    // Groups hold runs: two groups are never adjacent, and flat indexes count every frame once.
    const flat = payload.trace.flatMap((i) => ('vendorGroup' in i ? i.items : [i]));
    expect(flat.map((f) => f.flatIndex)).toEqual(flat.map((_, i) => i));
    payload.trace.forEach((item, i) => {
      if ('vendorGroup' in item) expect('vendorGroup' in (payload.trace[i + 1] ?? {})).toBe(false);
    });
  });

  it('keeps 4xx answers plain even in debug mode', async () => {
    const res = await t.app.inject({ url: '/api/v1/test/teapot' });
    expect(res.statusCode).toBe(418);
    expect(res.json()).toEqual({ message: 'I am a teapot.' });
  });

  it('exposes debug in the client settings', async () => {
    const res = await t.app.inject({ url: '/api/v1/bootstrap-data' });
    expect(res.json().bootstrapData.settings.debug).toBe(true);
  });

  it('answers 404 with a message when there is no log yet', async () => {
    const fresh = await buildTestApp({ APP_DEBUG: 'true' });
    try {
      const admin = await sessionFor(fresh.db, await adminUserId(fresh.db));
      const res = await request(fresh.app, admin, {
        method: 'GET',
        url: '/api/v1/logs/error/download-latest',
      });
      expect(res.statusCode).toBe(404);
      expect(typeof res.json().message).toBe('string');
    } finally {
      await fresh.close();
    }
  });
});

describe('stack parsing', () => {
  it('reads frames with and without a method, async frames and file URLs', () => {
    const frames = parseStack(
      [
        'Error: x',
        '    at explode (/app/src/a.ts:10:5)',
        '    at async Promise.all (index 0)',
        '    at file:///app/src/b.ts:3:1',
        '    at async handler (/app/node_modules/fastify/lib/x.js:1:2)',
        '    at node:internal/process/task_queues:95:5',
      ].join('\n'),
    );
    expect(frames).toEqual([
      { method: 'explode', path: '/app/src/a.ts', lineNumber: 10 },
      { method: '<anonymous>', path: '/app/src/b.ts', lineNumber: 3 },
      { method: 'handler', path: '/app/node_modules/fastify/lib/x.js', lineNumber: 1 },
      { method: '<anonymous>', path: 'node:internal/process/task_queues', lineNumber: 95 },
    ]);
  });
});
