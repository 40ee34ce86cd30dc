import { commaList, XSRF_COOKIE } from '@zema/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  adminUserId,
  buildTestApp,
  cookieFrom,
  createUser,
  guest,
  request,
  sessionFor,
  tokenFor,
  useApp,
} from '#test/helpers';

const t = useApp();
let userId: number;

beforeAll(async () => {
  const app = t.app.withTypeProvider<ZodTypeProvider>();
  // Test-only routes: one per method, echoing what the server saw.
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/v1/test/echo',
      config: { access: 'guest' },
      handler: async (req) => ({
        method: req.method,
        user: req.user?.id ?? null,
        workspaceId: req.workspaceId,
      }),
    });
  }
  app.post(
    '/api/v1/test/validate',
    {
      config: { access: 'guest' },
      schema: {
        body: z.object({
          email: z.email(),
          name: z.string().min(2),
          profile: z.object({ age: z.number().int().min(13) }),
        }),
      },
    },
    async (req) => ({ ok: true, email: req.body.email }),
  );
  app.get(
    '/api/v1/test/arrays',
    {
      config: { access: 'guest' },
      schema: {
        querystring: z.object({
          with: commaList.optional(),
          load: commaList.optional(),
          loadCount: commaList.optional(),
        }),
      },
    },
    async (req) => req.query,
  );
  app.post('/api/v1/test/webhook', { config: { access: 'guest', csrf: false } }, async () => ({
    received: true,
  }));
  userId = (await createUser(t.db)).id;
});

describe('method override (SPEC §7)', () => {
  it.each(['PUT', 'PATCH', 'DELETE'])('turns POST + X-HTTP-Method-Override %s into %s', async (m) => {
    const res = await request(t.app, guest(), {
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'x-http-method-override': m.toLowerCase() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().method).toBe(m);
  });

  it('honours the _method query parameter', async () => {
    const res = await request(t.app, guest(), { method: 'POST', url: '/api/v1/test/echo?_method=DELETE' });
    expect(res.json().method).toBe('DELETE');
  });

  it('never overrides a GET', async () => {
    const res = await request(t.app, guest(), {
      method: 'GET',
      url: '/api/v1/test/echo?_method=DELETE',
      headers: { 'x-http-method-override': 'DELETE' },
    });
    expect(res.json().method).toBe('GET');
  });

  it.each(['GET', 'HEAD', 'OPTIONS', 'TRACE', 'CONNECT', 'BOGUS'])('ignores an override to %s', async (m) => {
    const res = await request(t.app, guest(), {
      method: 'POST',
      url: `/api/v1/test/echo?_method=${m}`,
      headers: { 'x-http-method-override': m },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().method).toBe('POST');
  });

  it('still requires the XSRF token for the overridden method', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'x-http-method-override': 'DELETE' },
    });
    expect(res.statusCode).toBe(419);
  });
});

describe('XSRF (SPEC §7, RELIABILITY)', () => {
  it('sets a script-readable XSRF-TOKEN cookie when the request has none', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/test/echo' });
    const cookie = cookieFrom(res, XSRF_COOKIE);
    expect(cookie?.value).toMatch(/^[\w-]{30,}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.path).toBe('/');
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.secure).toBeFalsy();
  });

  it('does not believe X-Forwarded-Proto from an unconfigured proxy', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/test/echo',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    // X-Forwarded-Proto is only believed from a configured proxy, and none is configured here.
    expect(cookieFrom(res, XSRF_COOKIE)?.secure).toBeFalsy();
  });

  it('does not replace an existing cookie', async () => {
    const res = await request(t.app, guest(), { method: 'GET', url: '/api/v1/test/echo' });
    expect(cookieFrom(res, XSRF_COOKIE)).toBeUndefined();
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('rejects %s without the header with 419', async (method) => {
    const res = await t.app.inject({
      method: method as 'POST',
      url: '/api/v1/test/echo',
      cookies: { [XSRF_COOKIE]: 'abc' },
    });
    expect(res.statusCode).toBe(419);
    expect(res.json()).toEqual({ message: 'CSRF token mismatch.' });
  });

  it('rejects a wrong header and a header without a cookie', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      cookies: { [XSRF_COOKIE]: 'right-token-value' },
      headers: { 'x-xsrf-token': 'wrong-token-value' },
    });
    expect(wrong.statusCode).toBe(419);
    const noCookie = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'x-xsrf-token': 'whatever' },
    });
    expect(noCookie.statusCode).toBe(419);
    // The rejected visitor gets a cookie to retry with.
    expect(cookieFrom(noCookie, XSRF_COOKIE)).toBeDefined();
  });

  it('accepts a matching header for guests and session users', async () => {
    const asGuest = await request(t.app, guest(), { method: 'POST', url: '/api/v1/test/echo' });
    expect(asGuest.statusCode).toBe(200);
    const actor = await sessionFor(t.db, userId);
    const asUser = await request(t.app, actor, { method: 'POST', url: '/api/v1/test/echo' });
    expect(asUser.statusCode).toBe(200);
    expect(asUser.json().user).toBe(userId);
  });

  it('checks session users too', async () => {
    const actor = await sessionFor(t.db, userId);
    const res = await request(t.app, actor, {
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'x-xsrf-token': 'forged' },
    });
    expect(res.statusCode).toBe(419);
  });

  it('exempts bearer-token requests, but not when a bad token is sent', async () => {
    const api = await tokenFor(t.db, userId);
    const ok = await request(t.app, api, { method: 'DELETE', url: '/api/v1/test/echo' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toBe(userId);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { authorization: 'Bearer 1|not-a-real-token' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('lets a route opt out (signed webhooks)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/test/webhook' });
    expect(res.statusCode).toBe(200);
  });
});

describe('validation errors (SPEC §5, §8)', () => {
  it('answers 422 with {message, errors} keyed by dotted field path', async () => {
    const res = await request(t.app, guest(), {
      method: 'POST',
      url: '/api/v1/test/validate',
      payload: { email: 'not-an-email', name: 'x', profile: { age: 3 } },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'name', 'profile.age']);
    for (const messages of Object.values(body.errors)) {
      expect(Array.isArray(messages) && messages.every((m) => typeof m === 'string')).toBe(true);
    }
    expect(body.message).toBe(`${body.errors.email[0]} (and 2 more errors)`);
  });

  it('uses the single message as is when there is one error', async () => {
    const res = await request(t.app, guest(), {
      method: 'POST',
      url: '/api/v1/test/validate',
      payload: { email: 'a@b.co', name: 'ok', profile: {} },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['profile.age']);
    expect(res.json().message).toBe(res.json().errors['profile.age'][0]);
  });

  it('answers 400 {message} for malformed JSON, never 500', async () => {
    const res = await request(t.app, guest(), {
      method: 'POST',
      url: '/api/v1/test/validate',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('accepts a valid body', async () => {
    const res = await request(t.app, guest(), {
      method: 'POST',
      url: '/api/v1/test/validate',
      payload: { email: 'a@b.co', name: 'ok', profile: { age: 30 } },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('comma-joined array params (SPEC §7)', () => {
  it('splits with, load and loadCount', async () => {
    const res = await t.app.inject({
      url: '/api/v1/test/arrays?with=artist,album&load=tracks&loadCount=likes,plays',
    });
    expect(res.json()).toEqual({
      with: ['artist', 'album'],
      load: ['tracks'],
      loadCount: ['likes', 'plays'],
    });
  });

  it('also accepts repeated params and drops empty items', async () => {
    const res = await t.app.inject({ url: '/api/v1/test/arrays?with=a&with=b&load=,x,,' });
    expect(res.json()).toEqual({ with: ['a', 'b'], load: ['x'] });
  });
});

describe('workspaceId', () => {
  it('defaults to 0 and accepts 0', async () => {
    expect((await t.app.inject({ url: '/api/v1/test/echo' })).json().workspaceId).toBe(0);
    expect((await t.app.inject({ url: '/api/v1/test/echo?workspaceId=0' })).json().workspaceId).toBe(0);
  });

  it.each(['abc', '-1', '1.5', '1e3', '007', '0x7', '%207', '2147483648'])(
    'answers 422 for workspaceId=%s',
    async (value) => {
      const res = await t.app.inject({ url: `/api/v1/test/echo?workspaceId=${value}` });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.workspaceId).toHaveLength(1);
    },
  );

  it('answers 403 for a workspace the user is not a member of', async () => {
    const actor = await sessionFor(t.db, await adminUserId(t.db));
    const res = await request(t.app, actor, { method: 'GET', url: '/api/v1/test/echo?workspaceId=7' });
    expect(res.statusCode).toBe(403);
    const post = await request(t.app, actor, { method: 'POST', url: '/api/v1/test/echo?workspaceId=7' });
    expect(post.statusCode).toBe(403);
  });

  it('uses the resolver the workspaces feature provides', async () => {
    const other = await buildTestApp({}, { resolveWorkspace: async (_req, id) => id === 7 });
    try {
      other.app.get('/api/v1/test/ws', { config: { access: 'guest' } }, async (req) => ({
        id: req.workspaceId,
      }));
      expect((await other.app.inject({ url: '/api/v1/test/ws?workspaceId=7' })).json()).toEqual({ id: 7 });
      expect((await other.app.inject({ url: '/api/v1/test/ws?workspaceId=8' })).statusCode).toBe(403);
    } finally {
      await other.close();
    }
  });
});

describe('not found', () => {
  it.each(['GET', 'POST', 'PUT', 'DELETE'])(
    'answers JSON 404 for an unknown /api/v1 path (%s)',
    async (method) => {
      const res = await request(t.app, guest(), { method: method as 'GET', url: '/api/v1/no/such/thing' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ message: 'Not found.' });
    },
  );

  it.each(['/auth/nothing', '/secure/nothing', '/api', '/health/x'])(
    'answers JSON 404 for %s',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.' });
    },
  );

  it('answers the SPA for an unknown page, with a 404 status (the app shows its 404 page)', async () => {
    const res = await t.app.inject({ url: '/some/client/route?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('window.bootstrapData = ');
  });
});

describe('request ids, security headers, health', () => {
  it('generates an x-request-id and echoes a sane incoming one', async () => {
    const generated = await t.app.inject({ url: '/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await t.app.inject({ url: '/health', headers: { 'x-request-id': 'lb-1234.abc' } });
    expect(echoed.headers['x-request-id']).toBe('lb-1234.abc');
    const hostile = await t.app.inject({ url: '/health', headers: { 'x-request-id': 'x\n{"level":60}' } });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers with a per-request CSP nonce', async () => {
    const a = await t.app.inject({ url: '/' });
    const b = await t.app.inject({ url: '/' });
    expect(a.headers['x-content-type-options']).toBe('nosniff');
    expect(a.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(a.headers['referrer-policy']).toBeDefined();
    const csp = String(a.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("media-src 'self'");
    // Radio stations stream from hosts an admin names; media and images are never run as code.
    expect(csp).toMatch(/media-src [^;]*https: http:/);
    expect(csp).toMatch(/script-src 'self' 'nonce-[0-9a-f]+'(;|$)/);
    expect(csp).toContain("object-src 'none'");
    const nonce = /script-src 'self' 'nonce-([0-9a-f]+)'/.exec(csp)?.[1];
    expect(nonce).toBeDefined();
    expect(a.body).toContain(`<script nonce="${nonce}">`);
    const styleNonce = /style-src 'self' 'nonce-([0-9a-f]+)'/.exec(csp)?.[1];
    expect(a.body).toContain(`<style nonce="${styleNonce}">`);
    expect(b.headers['content-security-policy']).not.toBe(a.headers['content-security-policy']);
  });

  it('sends the same security headers on API answers, with a policy that allows no inline code', async () => {
    const page = await t.app.inject({ url: '/' });
    const api = await t.app.inject({ url: '/api/v1/value-lists/timezones' });
    const missing = await t.app.inject({ url: '/api/v1/no-such-thing' });
    for (const res of [api, missing]) {
      for (const name of [
        'x-content-type-options',
        'x-frame-options',
        'referrer-policy',
        'cross-origin-opener-policy',
      ]) {
        expect(res.headers[name], name).toBe(page.headers[name]);
      }
      const csp = String(res.headers['content-security-policy']);
      // The page's policy without its two nonces.
      expect(csp).toBe(String(page.headers['content-security-policy']).replace(/ 'nonce-[0-9a-f]+'/g, ''));
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toContain('nonce-');
      expect(csp).not.toMatch(/(script|style)-src [^;]*'unsafe-inline'/);
    }
  });

  it('answers liveness on /health', async () => {
    const res = await t.app.inject({ url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
