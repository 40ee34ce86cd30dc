import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { apiClient, apiClientConfig } from '#src/lib/api-client';
import { mockApi, ok, takeProblems } from '#test/mock-api';

describe('mockApi', () => {
  it('records the method meant: PUT, PATCH and DELETE go as POST with the override', async () => {
    const calls = mockApi((c) => (c.path === '/api/v1/playlists/7' ? ok({ done: c.method }) : undefined));
    await expect(apiClient.delete('playlists/7')).resolves.toEqual({ done: 'DELETE' });
    await expect(apiClient.put('playlists/7', { name: 'A' })).resolves.toEqual({ done: 'PUT' });
    await expect(apiClient.patch('playlists/7', {})).resolves.toEqual({ done: 'PATCH' });
    await expect(apiClient.post('playlists/7', {})).resolves.toEqual({ done: 'POST' });
    expect(calls.map((c) => [c.method, c.sentMethod])).toEqual([
      ['DELETE', 'POST'],
      ['PUT', 'POST'],
      ['PATCH', 'POST'],
      ['POST', 'POST'],
    ]);
    expect(calls[1]?.body).toEqual({ name: 'A' });
  });

  it('reads _method when a form posts without the header', async () => {
    const calls = mockApi(() => ok({}));
    await fetch('/api/v1/playlists/7?_method=DELETE', { method: 'POST' });
    expect(calls[0]).toMatchObject({ method: 'DELETE', sentMethod: 'POST', path: '/api/v1/playlists/7' });
  });

  it('asks the latest handler first, then the earlier ones', async () => {
    mockApi((c) => (c.path === '/api/v1/a' ? ok('first a') : ok('first other')));
    mockApi((c) => (c.path === '/api/v1/a' ? ok('second a') : undefined));
    await expect(apiClient.get('a')).resolves.toBe('second a');
    await expect(apiClient.get('b')).resolves.toBe('first other');
  });

  it('answers an unhandled request with 404 and records it to fail the test', async () => {
    mockApi((c) => (c.path === '/api/v1/known' ? ok({}) : undefined));
    const res = await fetch('/api/v1/unknown?x=1');
    expect(res.status).toBe(404);
    expect(takeProblems()).toEqual(['GET /api/v1/unknown?x=1 was not handled by mockApi()']);
  });

  it('retries without waiting in tests', async () => {
    expect(apiClientConfig.retryBaseDelayMs).toBe(0);
    let attempts = 0;
    mockApi(() => (++attempts < 3 ? { status: 503, body: {} } : ok({ attempts })));
    await expect(apiClient.get('flaky')).resolves.toEqual({ attempts: 3 });
  });

  let late: Promise<unknown> | undefined;
  let lateProblems: string[] = [];
  it('refuses a request after its test ended (it never reaches the network)', () => {
    mockApi(() => ok({}));
    onTestFinished(() => {
      late = fetch('/api/v1/too-late').catch((e: unknown) => e);
      lateProblems = takeProblems();
    });
  });

  it('… and reports it', async () => {
    expect(await late).toBeInstanceOf(TypeError);
    expect(lateProblems).toEqual(['GET /api/v1/too-late was requested after its test ended']);
  });

  afterAll(() => {
    expect(takeProblems()).toEqual([]);
  });
});
