import { backstage } from '@zema/contracts/backstage/backstage.operations';
import { defineOperations } from '@zema/contracts/operation';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { type ApiCall, mockApi } from '#test/mock-api';
import { api, apiClient, apiClientConfig, apiFetch } from './api-client';
import { ApiError } from './api-error';
import { setCookie } from './cookies';

let calls: ApiCall[];
let answers: Array<Response | Error>;

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  answers = [];
  calls = mockApi(() => answers.shift() ?? json(200, { ok: true }));
});

const lastUrl = () => new URL(calls.at(-1)!.url, 'http://localhost');
const lastHeaders = () => calls.at(-1)!.init.headers as Record<string, string>;

describe('path prefixing (SPEC §7)', () => {
  it.each([
    ['users/me', '/api/v1/users/me'],
    ['value-lists/localizations', '/api/v1/value-lists/localizations'],
    ['authors/1', '/api/v1/authors/1'],
    ['auth/login', '/auth/login'],
    ['secure/auth/social/google/login', '/secure/auth/social/google/login'],
    ['log-viewer/logs', '/log-viewer/logs'],
    ['horizon/api/stats', '/horizon/api/stats'],
    ['/health', '/health'],
    ['https://cdn.example.com/a.json', 'https://cdn.example.com/a.json'],
    ['http://radio.example.com/now', 'http://radio.example.com/now'],
  ])('%s → %s', async (path, expected) => {
    await apiFetch(path);
    expect(calls[0]!.url).toBe(expected);
  });
});

describe('request basics', () => {
  it('sends credentials and accepts JSON', async () => {
    await apiFetch('users/me');
    expect(calls[0]!.init.credentials).toBe('include');
    expect(lastHeaders().Accept).toBe('application/json');
  });

  it('sends the XSRF-TOKEN cookie as X-XSRF-TOKEN', async () => {
    setCookie('XSRF-TOKEN', 'abc==123');
    await apiClient.post('contact-page', { name: 'A' });
    expect(lastHeaders()['X-XSRF-TOKEN']).toBe('abc==123');
  });

  it('never hands the XSRF token to another origin', async () => {
    setCookie('XSRF-TOKEN', 'secret');
    await apiFetch('https://elsewhere.example.com/x');
    expect(lastHeaders()['X-XSRF-TOKEN']).toBeUndefined();
  });

  it('sends plain values as JSON and FormData as it is', async () => {
    await apiClient.post('contact-page', { name: 'Abebe' });
    expect(calls[0]!.init.body).toBe('{"name":"Abebe"}');
    expect(lastHeaders()['Content-Type']).toBe('application/json');

    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.txt');
    await apiClient.post('file-entries', form);
    expect(calls[1]!.init.body).toBe(form);
    expect(lastHeaders()['Content-Type']).toBeUndefined();
  });
});

describe('params', () => {
  it('joins with, load and loadCount arrays with commas; other arrays repeat', async () => {
    await apiClient.get('users/me', {
      params: {
        with: ['roles', 'tokens'],
        load: ['a', 'b'],
        loadCount: ['albums', 'tracks'],
        ids: [1, 2],
        q: 'x',
      },
    });
    const url = lastUrl();
    expect(url.searchParams.get('with')).toBe('roles,tokens');
    expect(url.searchParams.get('load')).toBe('a,b');
    expect(url.searchParams.get('loadCount')).toBe('albums,tracks');
    expect(url.searchParams.getAll('ids')).toEqual(['1', '2']);
    expect(url.searchParams.get('q')).toBe('x');
  });

  it('leaves out null and undefined params', async () => {
    await apiClient.get('notifications', { params: { page: undefined, perPage: 30, q: null } });
    expect(lastUrl().search).toBe('?perPage=30');
  });
});

describe('workspaceId (SPEC §7)', () => {
  it('is added from the activeWorkspaceId cookie to GET, POST and PUT only', async () => {
    setCookie('activeWorkspaceId', '5');
    await apiClient.get('tracks');
    expect(lastUrl().searchParams.get('workspaceId')).toBe('5');
    await apiClient.post('tracks', {});
    expect(lastUrl().searchParams.get('workspaceId')).toBe('5');
    await apiClient.put('tracks/1', {});
    expect(lastUrl().searchParams.get('workspaceId')).toBe('5');
    await apiClient.patch('tracks/1', {});
    expect(lastUrl().searchParams.has('workspaceId')).toBe(false);
    await apiClient.delete('tracks/1');
    expect(lastUrl().searchParams.has('workspaceId')).toBe(false);
  });

  it('is added to an operation that acts in the workspace whatever its method (a team backstage delete)', async () => {
    setCookie('activeWorkspaceId', '5');
    // The stub answers {} (not the operation's answer): only the request is looked at here.
    await api.call(backstage.deleteTrack, { params: { id: 9 } }).catch(() => {});
    expect(lastUrl().pathname).toBe('/api/v1/backstage/tracks/9');
    expect(lastUrl().searchParams.get('workspaceId')).toBe('5');
    expect(lastUrl().searchParams.get('_method')).toBe('DELETE');
  });

  it('is not added for the default workspace (no cookie, or 0)', async () => {
    await apiClient.get('tracks');
    expect(lastUrl().searchParams.has('workspaceId')).toBe(false);
    setCookie('activeWorkspaceId', '0');
    await apiClient.get('tracks');
    expect(lastUrl().searchParams.has('workspaceId')).toBe(false);
  });
});

describe('method override (SPEC §7)', () => {
  it.each(['PUT', 'PATCH', 'DELETE'] as const)(
    '%s is sent as POST with the header and _method',
    async (method) => {
      await apiFetch('users/me', { method, body: { a: 1 } });
      expect(calls[0]!.init.method).toBe('POST');
      expect(lastHeaders()['X-HTTP-Method-Override']).toBe(method);
      expect(lastUrl().searchParams.get('_method')).toBe(method);
    },
  );

  it('GET and POST are sent as they are', async () => {
    await apiClient.get('users/me');
    await apiClient.post('users/me/locale', { locale: 'am' });
    expect(calls.map((c) => c.init.method)).toEqual(['GET', 'POST']);
    expect(calls.every((c) => !(c.init.headers as Record<string, string>)['X-HTTP-Method-Override'])).toBe(
      true,
    );
    expect(lastUrl().searchParams.has('_method')).toBe(false);
  });
});

describe('answers and errors', () => {
  it('resolves with the parsed JSON', async () => {
    answers.push(json(200, { user: { id: 1 } }));
    await expect(apiClient.get('users/me')).resolves.toEqual({ user: { id: 1 } });
  });

  it('throws ApiError with status, message and field errors', async () => {
    answers.push(
      json(422, { message: 'The given data was invalid.', errors: { email: ['Taken'], name: 'Short' } }),
    );
    const err = await apiClient.post('auth/register', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(422);
    expect((err as ApiError).message).toBe('The given data was invalid.');
    expect((err as ApiError).errors).toEqual({ email: ['Taken'], name: ['Short'] });
  });

  it('keeps the debug payload of a failed answer', async () => {
    const debug = { message: 'Boom', exception: 'TypeError', trace: [], totalVendorGroups: 0 };
    answers.push(json(500, debug));
    const err = (await apiClient.post('contact-page', {}).catch((e: unknown) => e)) as ApiError;
    expect(err.debug).toEqual(debug);
  });
});

describe('retries (SPEC §8)', () => {
  it('retries a GET 3 times on 5xx, then throws', async () => {
    answers.push(json(503, {}), json(502, {}), json(500, {}), json(500, { message: 'Down' }));
    const err = (await apiClient.get('tracks').catch((e: unknown) => e)) as ApiError;
    expect(calls).toHaveLength(4);
    expect(err.status).toBe(500);
    expect(err.message).toBe('Down');
  });

  it('retries a GET after a network error and succeeds', async () => {
    answers.push(new TypeError('Failed to fetch'), json(200, { ok: 1 }));
    await expect(apiClient.get('tracks')).resolves.toEqual({ ok: 1 });
    expect(calls).toHaveLength(2);
  });

  it('does not retry POST (not idempotent) nor 4xx', async () => {
    answers.push(json(500, {}));
    await expect(apiClient.post('tracks', {})).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
    answers.push(new TypeError('Failed to fetch'));
    await expect(apiClient.post('tracks', {})).rejects.toBeInstanceOf(TypeError);
    expect(calls).toHaveLength(2);
    answers.push(json(404, {}));
    await expect(apiClient.get('tracks/9')).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(3);
  });

  it('waits exponentially longer between retries', async () => {
    vi.useFakeTimers();
    try {
      apiClientConfig.retryBaseDelayMs = 100;
      answers.push(json(500, {}), json(500, {}), json(500, {}), json(200, {}));
      const done = apiClient.get('tracks');
      await vi.advanceTimersByTimeAsync(99);
      expect(calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(199);
      expect(calls).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toHaveLength(3);
      await vi.advanceTimersByTimeAsync(400);
      expect(calls).toHaveLength(4);
      await done;
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('api.call(operation) (ARCHITECTURE convention 2)', () => {
  const itemsOp = defineOperations('Test', {
    list: {
      method: 'GET',
      path: '/api/v1/things/:names/items',
      access: 'guest',
      params: z.object({ names: z.string() }),
      query: z.object({ page: z.string().optional(), with: z.string().optional() }),
      response: z.object({ items: z.array(z.number()) }),
      summary: 'Test list',
    },
    remove: {
      method: 'DELETE',
      path: '/api/v1/things/:id',
      access: 'user',
      params: z.object({ id: z.string() }),
      body: z.object({ reason: z.string() }),
      response: z.object({ message: z.string() }),
      summary: 'Test delete',
    },
  });

  it('fills the path (encoded, commas kept), sends the query by the SPEC §7 rules and parses the answer', async () => {
    answers.push(json(200, { items: [1, 2], extra: 'dropped' }));
    const answer = await api.call(itemsOp.list, {
      params: { names: 'a b,c' },
      query: { page: 2, with: ['x', 'y'] },
    });
    expect(lastUrl().pathname).toBe('/api/v1/things/a%20b,c/items');
    expect(lastUrl().searchParams.get('page')).toBe('2');
    expect(lastUrl().searchParams.get('with')).toBe('x,y');
    expect(answer).toEqual({ items: [1, 2] });
  });

  it('sends the body and overrides DELETE like apiFetch', async () => {
    answers.push(json(200, { message: 'Deleted.' }));
    await api.call(itemsOp.remove, { params: { id: 7 }, body: { reason: 'old' } });
    expect(calls.at(-1)!.init.method).toBe('POST');
    expect(lastHeaders()['X-HTTP-Method-Override']).toBe('DELETE');
    expect(calls.at(-1)!.init.body).toBe(JSON.stringify({ reason: 'old' }));
  });

  it('refuses an answer that does not match the response schema', async () => {
    answers.push(json(200, { message: 42 }));
    await expect(api.call(itemsOp.remove, { params: { id: 7 }, body: { reason: 'x' } })).rejects.toThrow();
  });

  it('fails before sending when a path parameter is missing', async () => {
    const before = calls.length;
    await expect(api.call(itemsOp.list, { params: {} as { names: string } })).rejects.toThrow(/names/);
    expect(calls.length).toBe(before);
  });
});
