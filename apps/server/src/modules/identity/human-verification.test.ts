// Human verification against a stand-in provider; the marks kept in Redis or in memory are tested
// in human-verification.drivers.test.ts.
import { describe, expect, it } from 'vitest';
import { buildTestApp, Client } from '#test/helpers';
import { registerBody, useHumanVerificationApp } from '#test/human-verification';
import { DEFAULT_VERIFY_URLS } from './human-verification.service';

const { t, verifier: stand } = useHumanVerificationApp();

describe('POST api/v1/recaptcha/verify', () => {
  it('posts secret, response and remoteip form-encoded to the verify URL and answers {success}', async () => {
    const b = new Client(t.app);
    const res = await b.post('/api/v1/recaptcha/verify', { token: 'human-token-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const last = stand().seen.find((s) => s.response === 'human-token-1')!;
    expect(last).toEqual({
      secret: 'stand-in-secret',
      response: 'human-token-1',
      remoteip: b.ip,
      contentType: 'application/x-www-form-urlencoded',
    });
  });

  it('fails on a refused token and on a reCAPTCHA v3 score below 0.5', async () => {
    const b = new Client(t.app);
    expect((await b.post('/api/v1/recaptcha/verify', { token: 'bot' })).json()).toEqual({ success: false });
    expect((await b.post('/api/v1/recaptcha/verify', { token: 'lowscore' })).json()).toEqual({
      success: false,
    });
  });

  it('the public site key reaches bootstrap data; the secret never does', async () => {
    const res = await new Client(t.app).get('/api/v1/bootstrap-data');
    expect(res.json().bootstrapData.settings.human_verification).toEqual({
      provider: 'recaptcha',
      site_key: 'public-site-key',
      register: true,
      contact: false,
    });
    expect(res.body).not.toContain('stand-in-secret');
  });
});

describe('registration with human verification on', () => {
  it('accepts a body that carries a token the provider confirms', async () => {
    const b = new Client(t.app);
    expect((await b.post('/auth/register', { ...registerBody(), recaptcha_token: 'bot' })).statusCode).toBe(
      422,
    );
    expect(
      (await b.post('/auth/register', { ...registerBody(), recaptcha_token: 'human-3' })).statusCode,
    ).toBe(200);
  });

  it('refuses when the endpoint cannot be reached or no secret is configured', async () => {
    const down = await buildTestApp({
      HUMAN_VERIFICATION_SECRET: 'stand-in-secret',
      HUMAN_VERIFICATION_VERIFY_URL: 'http://127.0.0.1:9/siteverify',
    });
    const noSecret = await buildTestApp({ HUMAN_VERIFICATION_VERIFY_URL: stand().url });
    try {
      for (const app of [down, noSecret]) {
        await app.app.deps.settings.set('human_verification.provider', 'turnstile');
        await app.app.deps.settings.set('human_verification.register', true);
        const b = new Client(app.app);
        expect((await b.post('/api/v1/recaptcha/verify', { token: 'turnstile-ok' })).json()).toEqual({
          success: false,
        });
        expect(
          (await b.post('/auth/register', { ...registerBody(), recaptcha_token: 'turnstile-ok' })).statusCode,
        ).toBe(422);
      }
    } finally {
      await down.close();
      await noSecret.close();
    }
  });

  it('Turnstile answers without a score pass; default verify URLs per provider', async () => {
    await t.app.deps.settings.set('human_verification.provider', 'turnstile');
    try {
      expect(
        (await new Client(t.app).post('/api/v1/recaptcha/verify', { token: 'turnstile-ok' })).json(),
      ).toEqual({
        success: true,
      });
    } finally {
      await t.app.deps.settings.set('human_verification.provider', 'recaptcha');
    }
    expect(DEFAULT_VERIFY_URLS).toEqual({
      recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
      turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    });
  });

  it('is not asked for when registration verification is off', async () => {
    const plain = await buildTestApp();
    try {
      expect((await new Client(plain.app).post('/auth/register', registerBody())).statusCode).toBe(200);
    } finally {
      await plain.close();
    }
  });
});
