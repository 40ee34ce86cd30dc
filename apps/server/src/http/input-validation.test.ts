// Both drivers: database errors of each driver mapped to 400/409.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { genres } from '#src/modules/catalogue/tables';
import { playlists } from '#src/modules/library/tables';
import { adminUserId, type Client, createUser, guest, request, sessionFor, useApp } from '#test/helpers';
import { MULTIPART_MESSAGE } from './error-handler';
import { NUL_MESSAGE } from './text-input.plugin';

// The reproducers of the review that found 500s on client input (decision 0008).

const ID_ERROR = { id: ['The id must be a whole number from 1 to 2147483647.'] };

const t = useApp();
let admin: Client;
let user: Client;
beforeAll(async () => {
  // Routes that fail in the database the way an unchecked input would (the safety net's cases).
  t.app.get('/api/v1/test/db/out-of-range', { config: { access: 'guest' } }, async () =>
    t.db.execute(sql`select ${'99999999999'}::int as n`),
  );
  t.app.get('/api/v1/test/db/duplicate', { config: { access: 'guest' } }, async () => {
    await t.db.insert(genres).values({ name: 'dup-genre', displayName: 'Dup' }).onConflictDoNothing();
    return t.db.insert(genres).values({ name: 'dup-genre', displayName: 'Dup secret@example.test' });
  });
  t.app.get('/api/v1/test/db/bad-text', { config: { access: 'guest' } }, async () =>
    t.db.execute(sql`select ${'abc'}::int as n`),
  );
  admin = await sessionFor(t.db, await adminUserId(t.db));
  user = await sessionFor(t.db, (await createUser(t.db)).id);
});

describe('ids', () => {
  it('refuses ids above 2147483647 in paths with 422 on the id', async () => {
    for (const url of [
      '/api/v1/playlists/2147483648',
      '/api/v1/user-profile/99999999999',
      '/api/v1/me/likes/track/2147483648',
      '/api/v1/access-tokens/2147483648',
    ]) {
      const method = url.includes('/me/likes/') || url.includes('access-tokens') ? 'DELETE' : 'GET';
      const res = await request(t.app, user, { method, url });
      expect(res.statusCode, url).toBe(422);
      expect(Object.keys(res.json().errors), url).toEqual(['id']);
    }
  });

  it('reads only plain decimal ids: DELETE playlists/0x1A does not delete playlist 26', async () => {
    const rows = await t.db
      .insert(playlists)
      .values({ id: 26, ownerId: user.userId!, name: 'Twenty-six' })
      .returning({ id: playlists.id });
    expect(rows[0]!.id).toBe(26);
    for (const raw of ['0x1A', '%2026', '26%20', '2.6e1', '026', '+26', '-26']) {
      const res = await request(t.app, user, { method: 'DELETE', url: `/api/v1/playlists/${raw}` });
      expect(res.statusCode, raw).toBe(422);
      expect(res.json()).toEqual({ message: ID_ERROR.id[0], errors: ID_ERROR });
    }
    const still = await request(t.app, user, { url: '/api/v1/playlists/26' });
    expect(still.statusCode).toBe(200);
  });

  it('refuses ids and 32-bit numbers out of range in JSON bodies', async () => {
    const created = await request(t.app, user, {
      method: 'POST',
      url: '/api/v1/playlists',
      payload: { name: 'B' },
    });
    const id = created.json().playlist.id;
    const cases: [string, string, object, string][] = [
      ['POST', `/api/v1/playlists/${id}/tracks`, { track_ids: [2147483648] }, 'track_ids.0'],
      ['POST', `/api/v1/playlists/${id}/tracks`, { track_ids: [1], position: 2147483648 }, 'position'],
      ['DELETE', `/api/v1/playlists/${id}/tracks`, { entry_ids: [2147483648] }, 'entry_ids.0'],
      ['POST', `/api/v1/playlists/${id}/tracks/reorder`, { entry_id: 2147483648, to_index: 0 }, 'entry_id'],
    ];
    for (const [method, url, payload, field] of cases) {
      const res = await request(t.app, user, { method: method as 'POST', url, payload });
      expect(res.statusCode, `${url} ${field}`).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    const adminCases: [string, object, string][] = [
      ['/api/v1/tracks', { name: 'T', artist_ids: [1], duration_ms: 2147483648 }, 'duration_ms'],
      ['/api/v1/tracks', { name: 'T', artist_ids: [1], album_id: 2147483648 }, 'album_id'],
      ['/api/v1/albums', { name: 'A', artist_ids: [2147483648] }, 'artist_ids.0'],
    ];
    for (const [url, payload, field] of adminCases) {
      const res = await request(t.app, admin, { method: 'POST', url, payload });
      expect(res.statusCode, field).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
  });

  it('reads page numbers as strictly as ids', async () => {
    for (const page of ['1e2', '0x10', '%202', '2147483648']) {
      const res = await request(t.app, user, { url: `/api/v1/search?query=a&page=${page}` });
      expect(res.statusCode, page).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['page']);
    }
  });
});

describe('NUL characters', () => {
  it('answers 422 on the field for a NUL in a path, a query or a body', async () => {
    const cases: [Client, 'GET' | 'POST', string, object | undefined, string][] = [
      [guest(), 'GET', '/api/v1/genres/%00', undefined, 'name'],
      [guest(), 'GET', '/api/v1/channels/a%00', undefined, 'id'],
      [user, 'GET', '/api/v1/search?query=%00', undefined, 'query'],
      [
        guest(),
        'POST',
        '/auth/register',
        {
          email: 'nul@example.test',
          password: 'Secret-pass-123',
          password_confirmation: 'Secret-pass-123',
          first_name: 'a\u0000b',
        },
        'first_name',
      ],
      [admin, 'POST', '/api/v1/artists', { name: 'A', genres: ['ok', 'b\u0000'] }, 'genres.1'],
    ];
    for (const [actor, method, url, payload, field] of cases) {
      const res = await request(t.app, actor, { method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, url).toBe(422);
      expect(res.json(), url).toEqual({ message: NUL_MESSAGE, errors: { [field]: [NUL_MESSAGE] } });
    }
  });

  it('also refuses a NUL in a JSON key', async () => {
    const res = await request(t.app, admin, {
      method: 'POST',
      url: '/api/v1/settings',
      payload: { 'branding.site_name\u0000': 'x' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ body: [NUL_MESSAGE] });
  });
});

describe('genres', () => {
  it('answers 422 on name when a genre is renamed onto an existing one', async () => {
    const a = await request(t.app, admin, {
      method: 'POST',
      url: '/api/v1/genres',
      payload: { name: 'Taken Name' },
    });
    const b = await request(t.app, admin, {
      method: 'POST',
      url: '/api/v1/genres',
      payload: { name: 'Other' },
    });
    expect(a.statusCode).toBe(200);
    const res = await request(t.app, admin, {
      method: 'PUT',
      url: `/api/v1/genres/${b.json().genre.id}`,
      payload: { name: 'taken name' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'A genre with this name already exists.',
      errors: { name: ['A genre with this name already exists.'] },
    });
    // Renaming a genre onto its own name is no clash.
    const same = await request(t.app, admin, {
      method: 'PUT',
      url: `/api/v1/genres/${a.json().genre.id}`,
      payload: { name: 'Taken Name', display_name: 'Taken' },
    });
    expect(same.statusCode).toBe(200);
  });
});

describe('multipart bodies without a boundary', () => {
  it('answer 400 on every upload', async () => {
    const created = await request(t.app, admin, {
      method: 'POST',
      url: '/api/v1/playlists',
      payload: { name: 'C' },
    });
    const uploads = [
      '/api/v1/users/me/avatar',
      `/api/v1/playlists/${created.json().playlist.id}/image`,
      '/api/v1/tracks/1/audio',
      '/api/v1/catalogue/images',
    ];
    for (const url of uploads) {
      for (const type of ['multipart/form-data', 'multipart/form-data; boundary=']) {
        const res = await request(t.app, admin, {
          method: 'POST',
          url,
          headers: { 'content-type': type },
          payload: 'abc',
        });
        expect(res.statusCode, `${url} ${type}`).toBe(400);
        expect(res.json()).toEqual({ message: MULTIPART_MESSAGE });
      }
    }
  });
});

describe('database errors as a safety net', () => {
  it('maps range, text and unique errors to 4xx without the driver message', async () => {
    const outOfRange = await t.app.inject({ url: '/api/v1/test/db/out-of-range' });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json()).toEqual({ message: 'The request contains a value that cannot be stored.' });
    const badText = await t.app.inject({ url: '/api/v1/test/db/bad-text' });
    expect(badText.statusCode).toBe(400);
    const duplicate = await t.app.inject({ url: '/api/v1/test/db/duplicate' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: 'This conflicts with an existing record.' });
    for (const res of [outOfRange, badText, duplicate]) {
      expect(res.body).not.toMatch(/Failed query|params|genres|integer|duplicate|secret@/);
    }
  });
});
