// Both drivers: human marks kept in Redis or in memory, and shared by two instances on Redis.
import { describe, expect, it } from 'vitest';
import { buildTestApp, Client } from '#test/helpers';
import { registerBody, useHumanVerificationApp } from '#test/human-verification';

const { t, verifier: stand } = useHumanVerificationApp();

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
        HUMAN_VERIFICATION_VERIFY_URL: stand().url,
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
