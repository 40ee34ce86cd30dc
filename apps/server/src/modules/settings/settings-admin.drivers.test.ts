// Both drivers: a per-admin rate limit, on the Redis store or in memory.
import { describe, expect, it } from 'vitest';
import { Client, createUser, useApp } from '#test/helpers';

const t = useApp();

/**
 * An admin of its own: the test-mail limit counts per admin, in Redis across the test files
 * sharing it, so the test spends a budget nobody else touches.
 */
async function freshAdmin() {
  const user = await createUser(t.db, { password: 'admin password 1', permissions: [{ name: 'admin' }] });
  const client = new Client(t.app);
  expect(
    (await client.post('/auth/login', { email: user.email, password: 'admin password 1' })).statusCode,
  ).toBe(200);
  return client;
}

describe('POST api/v1/settings/test-mail', () => {
  it('is rate-limited per admin (6 a minute)', async () => {
    const a = await freshAdmin();
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await a.post('/api/v1/settings/test-mail', {})).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });
});
