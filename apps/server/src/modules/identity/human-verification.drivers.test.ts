// Both drivers: human marks kept in Redis or in memory, and shared by two instances on Redis.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '#test/auth';
import { buildTestApp, Client, useApp } from '#test/helpers';

/** The provider's siteverify, as human-verification.test.ts stands it in: tokens starting with 'human' pass. */
async function startVerifier() {
  const server: Server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const form = new URLSearchParams(body);
    const human = form.get('secret') === 'stand-in-secret' && form.get('response')?.startsWith('human');
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(human ? { success: true, score: 0.9 } : { success: false }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
  return { url, close: () => new Promise<void>((r) => server.close(() => r())) };
}

let verifier: Awaited<ReturnType<typeof startVerifier>>;
beforeAll(async () => {
  verifier = await startVerifier();
});
afterAll(() => verifier.close());
const t = useApp(() => ({
  HUMAN_VERIFICATION_SECRET: 'stand-in-secret',
  HUMAN_VERIFICATION_VERIFY_URL: verifier.url,
}));
beforeAll(async () => {
  await t.app.deps.settings.set('human_verification', {
    provider: 'recaptcha',
    site_key: 'public-site-key',
    register: true,
    contact: false,
  });
});

const PASSWORD = 'correct horse battery';
const registerBody = () => ({
  email: uniqueEmail('human'),
  password: PASSWORD,
  password_confirmation: PASSWORD,
});

describe('registration with human verification on', () => {
  it('is refused with 422 on recaptcha unless this browser was verified', async () => {
    const b = new Client(t.app);
    const refused = await b.post('/auth/register', registerBody());
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ recaptcha: ['Could not verify you are human.'] });

    // A failed verification does not mark the browser.
    await b.post('/api/v1/recaptcha/verify', { token: 'bot' });
    expect((await b.post('/auth/register', registerBody())).statusCode).toBe(422);

    await b.post('/api/v1/recaptcha/verify', { token: 'human-2' });
    expect((await b.post('/auth/register', registerBody())).statusCode).toBe(200);
    // The mark belongs to that browser (its XSRF cookie), not to everyone at that address.
    const neighbour = new Client(t.app, { ip: b.ip });
    expect((await neighbour.post('/auth/register', registerBody())).statusCode).toBe(422);
  });

  it.skipIf(!process.env.REDIS_URL)(
    'a browser verified on one instance may register on another (Redis)',
    async () => {
      const second = await buildTestApp({
        HUMAN_VERIFICATION_SECRET: 'stand-in-secret',
        HUMAN_VERIFICATION_VERIFY_URL: verifier.url,
      });
      try {
        await second.app.deps.settings.set('human_verification.register', true);
        const onFirst = new Client(t.app);
        await onFirst.post('/api/v1/recaptcha/verify', { token: 'human-4' });
        const onSecond = new Client(second.app, {
          ip: onFirst.ip,
          cookies: Object.fromEntries(onFirst.cookies),
        });
        expect((await onSecond.post('/auth/register', registerBody())).statusCode).toBe(200);
      } finally {
        await second.close();
      }
    },
  );
});
