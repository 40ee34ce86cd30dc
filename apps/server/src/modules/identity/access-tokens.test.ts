import { createAccessTokenResponseSchema } from '@zema/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '#src/lib/tokens';
import { personalAccessTokens } from '#src/modules/identity/tables';
import { adminUserId, createUser, guest, request, sessionFor, tokenFor, useApp } from '#test/helpers';

const t = useApp();

const create = async (userId: number, tokenName: unknown) =>
  request(t.app, await sessionFor(t.db, userId), {
    method: 'POST',
    url: '/api/v1/access-tokens',
    payload: { tokenName },
  });

describe('POST access-tokens', () => {
  it('returns the plain token once, stores only its SHA-256, and the token works as Bearer', async () => {
    const user = await createUser(t.db);
    const res = await create(user.id, 'CLI');
    expect(res.statusCode).toBe(200);
    const { token, plainTextToken } = createAccessTokenResponseSchema.parse(res.json());
    expect(token).toMatchObject({ name: 'CLI', last_used_at: null });

    const [row] = await t.db.select().from(personalAccessTokens).where(eq(personalAccessTokens.id, token.id));
    const secret = plainTextToken.slice(plainTextToken.indexOf('|') + 1);
    expect(row!.tokenHash).toBe(sha256Hex(secret));
    expect(JSON.stringify(row)).not.toContain(secret);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: `Bearer ${plainTextToken}` },
    });
    expect(me.statusCode).toBe(200);
    const listed = me.json().user.tokens.find((x: { id: number }) => x.id === token.id);
    expect(listed.last_used_at).not.toBeNull();
    expect(JSON.stringify(me.json())).not.toContain(secret);
  });

  it('validates the name (required, at most 100) and needs api.access', async () => {
    const user = await createUser(t.db);
    for (const bad of ['', '   ', 'x'.repeat(101), undefined]) {
      const res = await create(user.id, bad);
      expect(res.statusCode, String(bad)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['tokenName']);
    }
    expect((await create(user.id, 'x'.repeat(100))).statusCode).toBe(200);

    const noApi = await createUser(t.db, { roles: [] });
    expect((await create(noApi.id, 'nope')).statusCode).toBe(403);
    const anon = await request(t.app, guest(), {
      method: 'POST',
      url: '/api/v1/access-tokens',
      payload: { tokenName: 'x' },
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe('DELETE access-tokens/:id', () => {
  it('deletes only your own tokens (others are 404); a deleted token is rejected', async () => {
    const owner = await createUser(t.db);
    const stranger = await createUser(t.db);
    const api = await tokenFor(t.db, owner.id);
    const [row] = await t.db
      .select({ id: personalAccessTokens.id })
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.userId, owner.id));
    const url = `/api/v1/access-tokens/${row!.id}`;

    expect(
      (await request(t.app, await sessionFor(t.db, stranger.id), { method: 'DELETE', url })).statusCode,
    ).toBe(404);
    expect((await request(t.app, api, { method: 'GET', url: '/api/v1/users/me' })).statusCode).toBe(200);

    const res = await request(t.app, await sessionFor(t.db, owner.id), { method: 'DELETE', url });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect((await request(t.app, api, { method: 'GET', url: '/api/v1/users/me' })).statusCode).toBe(401);
    expect(
      (await request(t.app, await sessionFor(t.db, owner.id), { method: 'DELETE', url })).statusCode,
    ).toBe(404);
  });
});

describe('token rules', () => {
  it("never grants more than the user's permissions", async () => {
    const user = await createUser(t.db);
    const userToken = await tokenFor(t.db, user.id);
    const adminToken = await tokenFor(t.db, await adminUserId(t.db));
    for (const url of ['/api/v1/settings', '/api/v1/logs/error/download-latest']) {
      expect((await request(t.app, userToken, { method: 'GET', url })).statusCode, url).toBe(403);
    }
    expect((await request(t.app, adminToken, { method: 'GET', url: '/api/v1/settings' })).statusCode).toBe(
      200,
    );
  });

  it('tokens are exempt from CSRF, cookies are not', async () => {
    const user = await createUser(t.db);
    const api = await tokenFor(t.db, user.id);
    const byToken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/access-tokens',
      headers: { authorization: `Bearer ${api.token}` },
      payload: { tokenName: 'from the API' },
    });
    expect(byToken.statusCode).toBe(200);

    const session = await sessionFor(t.db, user.id);
    const withoutXsrf = await t.app.inject({
      method: 'POST',
      url: '/api/v1/access-tokens',
      headers: { cookie: session.headers.cookie! },
      payload: { tokenName: 'from a page' },
    });
    expect(withoutXsrf.statusCode).toBe(419);
    expect((await create(user.id, 'with the header')).statusCode).toBe(200);
  });
});
