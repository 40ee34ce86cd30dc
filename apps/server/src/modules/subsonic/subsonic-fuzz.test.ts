// Both drivers: each database parses the hostile values its own way.
// Every Subsonic method with wrong, hostile and extreme parameters (issue 34: no 500): each
// answer is HTTP 200 with a `subsonic-response` whose status is ok or a clear error, never the
// answer of an unexpected failure. A fixed set of values, so a failure names what broke it.

import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInClient, useApp } from '#test/helpers';
import { METHODS } from './methods';
import { MORE_METHODS } from './methods-more';
import { queueMethods } from './methods-queue';

const t = useApp();
let auth: Record<string, string> = {};

const PARAMS = [
  'id',
  'albumId',
  'artistId',
  'songId',
  'playlistId',
  'type',
  'size',
  'offset',
  'fromYear',
  'toYear',
  'genre',
  'query',
  'count',
  'artistCount',
  'albumCount',
  'songCount',
  'artistOffset',
  'albumOffset',
  'songOffset',
  'maxBitRate',
  'format',
  'timeOffset',
  'time',
  'submission',
  'name',
  'comment',
  'public',
  'songIdToAdd',
  'songIndexToRemove',
  'current',
  'position',
  'rating',
  'username',
  'artist',
  'musicFolderId',
  'estimateContentLength',
];

const BAD_VALUES = [
  '',
  '-1',
  '0',
  '99999999999999999999',
  '1e309',
  'NaN',
  '../../../etc/passwd',
  'al-0',
  'tr-2147483648',
  'ar-1; drop table users',
  '\u0000',
  '\ud800',
  // Long, but every parameter at once stays under the form body's limit (256 kB; then 413).
  'x'.repeat(5_000),
  '%00',
  '{"$gt":""}',
  'pl-1',
];

const UNEXPECTED = 'There was an issue. Please try again.';

beforeAll(async () => {
  const user = await createUser(t.db, {});
  const web = await signedInClient(t, user.id);
  const made = await web.post('/api/v1/users/me/app-passwords', { name: 'Fuzz' });
  auth = { u: user.email, p: made.json().password, v: '1.16.1', c: 'fuzz', f: 'json' };
});

describe('every method, hostile parameters', () => {
  const methods = Object.keys({ ...METHODS, ...MORE_METHODS, ...queueMethods }).sort();

  it.each(methods)('%s never fails unexpectedly', async (method) => {
    for (const value of BAD_VALUES) {
      const query = new URLSearchParams(auth);
      for (const name of PARAMS) query.append(name, value);
      // A repeated parameter too (id=…&id=…), as star and playlists take.
      query.append('id', value);
      const res = await t.app.inject({
        method: 'POST',
        url: `/rest/${method}.view`,
        payload: query.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const what = `${method} with ${JSON.stringify(value.slice(0, 40))}`;
      // A NUL byte is refused before any route, for every route alike (decision 0008): 422.
      if (value.includes('\u0000')) {
        expect(res.statusCode, what).toBe(422);
        continue;
      }
      expect(res.statusCode, what).toBe(200);
      if (!res.headers['content-type']?.toString().startsWith('application/json')) continue;
      const body = res.json()['subsonic-response'];
      expect(['ok', 'failed'], what).toContain(body.status);
      expect(body.error?.message, `${method} with ${JSON.stringify(value.slice(0, 40))}`).not.toBe(
        UNEXPECTED,
      );
    }
  });

  it('refuses a form body over its limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/rest/ping.view',
      payload: new URLSearchParams({ ...auth, query: 'x'.repeat(300_000) }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(413);
  });

  it('answers malformed requests with an envelope too: no parameters, a JSON body, an unknown method', async () => {
    for (const [url, init] of [
      ['/rest/ping', {}],
      ['/rest/', {}],
      ['/rest/%00', {}],
      [
        '/rest/getAlbum.view?f=json&u=x',
        { method: 'POST', payload: '{"a":', headers: { 'content-type': 'application/json' } },
      ],
    ] as const) {
      const res = await t.app.inject({ url, method: 'GET', ...init });
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});
