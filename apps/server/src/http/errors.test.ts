import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_ERROR_MESSAGE, debugErrorPayloadSchema, type ErrorFrame } from '@zema/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseStack } from '#src/lib/debug-trace';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  InvalidInputError,
  invalidInput,
  LockedError,
  NotFoundError,
  RateLimitedError,
  TooLargeError,
  UnauthenticatedError,
  UnavailableError,
  UpstreamError,
} from '#src/lib/errors';
import { UploadRefusedError } from '#src/modules/uploads/index';
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
import { answerOf, HttpError } from './errors';

class PlaylistExplodedError extends Error {
  override name = 'PlaylistExplodedError';
}

function explode(what?: string): never {
  throw new PlaylistExplodedError(what ? `the playlist exploded (${what})` : 'the playlist exploded'); // marker: failing line
}

/** One of each refusal a service may throw, as `GET /api/v1/test/refuse/:kind` throws it. */
const REFUSALS: Record<string, () => Error> = {
  badRequest: () => new BadRequestError('Bad signature.', { signature: ['Bad signature.'] }),
  unauthenticated: () => new UnauthenticatedError(),
  forbidden: () => new ForbiddenError(),
  notFound: () => new NotFoundError(),
  conflict: () => new ConflictError('Already under way.'),
  invalid: () => invalidInput({ name: ['The name field is required.'], email: ['Taken.', 'Too long.'] }),
  invalidNoFields: () => new InvalidInputError('This invitation has expired.'),
  tooLarge: () => new UploadRefusedError('size', 'The file may not be greater than 1 MB.'),
  locked: () => new LockedError('Password confirmation required.'),
  rateLimited: () => new RateLimitedError('Try again tomorrow.', { retryAfterS: 3600 }),
  upstream: () => new UpstreamError('The payment service could not be reached.'),
  unavailable: () => new UnavailableError('Search is busy.', { retryAfterS: 1 }),
};

function addFailingRoutes(t: TestApp) {
  t.app.get('/api/v1/test/refuse/:kind', { config: { access: 'guest' } }, async (request) => {
    throw REFUSALS[(request.params as { kind: string }).kind]!();
  });
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

  it('answers every domain error with its status, body and headers, and logs none', async () => {
    const answers = Object.fromEntries(
      await Promise.all(
        Object.keys(REFUSALS).map(async (kind) => {
          const res = await t.app.inject({
            url: `/api/v1/test/refuse/${kind}`,
            headers: { 'x-request-id': `req-refuse-${kind}` },
          });
          return [kind, { status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] }];
        }),
      ),
    );
    const many = 'The name field is required. (and 2 more errors)';
    expect(answers).toEqual({
      badRequest: {
        status: 400,
        body: { message: 'Bad signature.', errors: { signature: ['Bad signature.'] } },
      },
      unauthenticated: { status: 401, body: { message: 'Unauthenticated.' } },
      forbidden: { status: 403, body: { message: 'This action is unauthorized.' } },
      notFound: { status: 404, body: { message: 'Not found.' } },
      conflict: { status: 409, body: { message: 'Already under way.' } },
      invalid: {
        status: 422,
        body: {
          message: many,
          errors: { name: ['The name field is required.'], email: ['Taken.', 'Too long.'] },
        },
      },
      invalidNoFields: { status: 422, body: { message: 'This invitation has expired.' } },
      tooLarge: {
        status: 413,
        body: {
          message: 'The file may not be greater than 1 MB.',
          errors: { file: ['The file may not be greater than 1 MB.'] },
        },
      },
      locked: { status: 423, body: { message: 'Password confirmation required.' } },
      rateLimited: { status: 429, body: { message: 'Try again tomorrow.' }, retryAfter: '3600' },
      upstream: { status: 502, body: { message: 'The payment service could not be reached.' } },
      unavailable: { status: 503, body: { message: 'Search is busy.' }, retryAfter: '1' },
    });
    // Only a failure is written to the error log; a refusal is an answer (503 and 502 included).
    const files = await readdir(join(t.config.dataDir, 'logs')).catch(() => [] as string[]);
    const all = await Promise.all(files.map((f) => readFile(join(t.config.dataDir, 'logs', f), 'utf8')));
    expect(all.join('')).not.toContain('req-refuse-');
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

describe('domain errors → HTTP answers (answerOf)', () => {
  it('maps each class to its status and SPEC §8 body, with the headers it asks for', () => {
    const cases: [Error, number, object, Record<string, string>][] = [
      [new BadRequestError('Bad.'), 400, { message: 'Bad.' }, {}],
      [new UnauthenticatedError(), 401, { message: 'Unauthenticated.' }, {}],
      [new ForbiddenError(), 403, { message: 'This action is unauthorized.' }, {}],
      [new ForbiddenError('Not yours.'), 403, { message: 'Not yours.' }, {}],
      [new NotFoundError(), 404, { message: 'Not found.' }, {}],
      [
        new ConflictError('Taken.', { slug: ['Taken.'] }),
        409,
        { message: 'Taken.', errors: { slug: ['Taken.'] } },
        {},
      ],
      [new InvalidInputError('Expired.'), 422, { message: 'Expired.' }, {}],
      [
        new TooLargeError('Too big.', { file: ['Too big.'] }),
        413,
        { message: 'Too big.', errors: { file: ['Too big.'] } },
        {},
      ],
      [new LockedError('Confirm first.'), 423, { message: 'Confirm first.' }, {}],
      [new RateLimitedError('Slow down.'), 429, { message: 'Slow down.' }, {}],
      [
        new RateLimitedError('Slow down.', { retryAfterS: 60 }),
        429,
        { message: 'Slow down.' },
        { 'retry-after': '60' },
      ],
      [new UpstreamError('Gateway down.'), 502, { message: 'Gateway down.' }, {}],
      [new UnavailableError('Busy.', { retryAfterS: 1 }), 503, { message: 'Busy.' }, { 'retry-after': '1' }],
      [new HttpError(419, 'CSRF token mismatch.'), 419, { message: 'CSRF token mismatch.' }, {}],
    ];
    for (const [error, status, body, headers] of cases) {
      expect(answerOf(error), error.name).toEqual({ status, body, headers });
    }
    expect(answerOf(new Error('boom'))).toBeNull();
    expect(answerOf({ statusCode: 404, message: 'not ours' })).toBeNull();
  });

  it('answers input refused with field errors by the first error and a count', () => {
    // What validationError() (http/errors.ts) built before the domain errors: one message rule.
    expect(invalidInput({ name: ['The name field is required.'] }).message).toBe(
      'The name field is required.',
    );
    expect(invalidInput({ name: ['Required.'], email: ['Taken.'] }).message).toBe(
      'Required. (and 1 more error)',
    );
    expect(invalidInput({ name: ['Required.', 'Too short.'], email: ['Taken.'] }).message).toBe(
      'Required. (and 2 more errors)',
    );
    expect(invalidInput({}).message).toBe('The given data was invalid.');
    // An InvalidInputError made by hand answers with the same rule, whatever its own message says.
    const byHand = new InvalidInputError('The setting "debug" cannot be changed.', {
      debug: ['This setting is read-only.'],
    });
    expect(answerOf(byHand)).toEqual({
      status: 422,
      body: { message: 'This setting is read-only.', errors: { debug: ['This setting is read-only.'] } },
      headers: {},
    });
  });

  it('answers an upload refused for its size alone with 413, any other refusal with 422', () => {
    expect(answerOf(new UploadRefusedError('size', 'Too big.'))?.status).toBe(413);
    expect(answerOf(new UploadRefusedError('quota', 'Full.'))).toEqual({
      status: 422,
      body: { message: 'Full.', errors: { file: ['Full.'] } },
      headers: {},
    });
    expect(answerOf(new UploadRefusedError('name', 'Bad path.', 'relativePath'))?.body).toEqual({
      message: 'Bad path.',
      errors: { relativePath: ['Bad path.'] },
    });
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
