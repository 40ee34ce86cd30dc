// Both drivers: an invitation rate limit, on the Redis store or in memory.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUser, request, sessionFor, useApp } from '#test/helpers';

const t = useApp();

const unique = () => randomBytes(4).toString('hex');

async function person() {
  const user = await createUser(t.db);
  return { ...user, client: await sessionFor(t.db, user.id) };
}

type Person = Awaited<ReturnType<typeof person>>;
const api = (actor: Person['client'], method: 'POST', url: string, payload: object) =>
  request(t.app, actor, { method, url: `/api/v1${url}`, payload });

async function newWorkspace(owner: Person): Promise<number> {
  const res = await api(owner.client, 'POST', '/workspaces', { name: `Team ${unique()}` });
  expect(res.statusCode).toBe(200);
  return res.json().workspace.id;
}

describe('invitations', () => {
  it('limits invitation calls to 10 a minute per user (they mail any address)', async () => {
    const owner = await person();
    const id = await newWorkspace(owner);
    const send = () =>
      api(owner.client, 'POST', `/workspaces/${id}/invites`, {
        emails: [`burst-${unique()}@example.test`],
        role: 'viewer',
      });
    for (let i = 0; i < 10; i++) expect((await send()).statusCode).toBe(200);
    const over = await send();
    expect(over.statusCode).toBe(429);
    expect(over.json().errors.emails[0]).toMatch(/^Too many invitations\./);
  });
});
