// The human-verification stand-in provider (human-verification.test.ts, its .drivers.test.ts and
// contact.test.ts) and an app whose registration asks for it: a local siteverify endpoint.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { uniqueEmail } from './auth';
import { type TestApp, useApp } from './helpers';

export type Seen = {
  secret: string | null;
  response: string | null;
  remoteip: string | null;
  contentType?: string;
};

/**
 * A local stand-in of the provider's siteverify endpoint: tokens starting with 'human' pass,
 * 'lowscore' passes with a reCAPTCHA v3 score of 0.3, anything else fails.
 */
export async function startVerifier() {
  const seen: Seen[] = [];
  const read = async (req: IncomingMessage) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    return body;
  };
  const server: Server = createServer(async (req, res) => {
    const form = new URLSearchParams(await read(req));
    const entry: Seen = {
      secret: form.get('secret'),
      response: form.get('response'),
      remoteip: form.get('remoteip'),
      contentType: req.headers['content-type'],
    };
    seen.push(entry);
    const token = entry.response ?? '';
    const answer =
      entry.secret !== 'stand-in-secret'
        ? { success: false, 'error-codes': ['invalid-input-secret'] }
        : token.startsWith('human')
          ? { success: true, score: 0.9 }
          : token.startsWith('lowscore')
            ? { success: true, score: 0.3 }
            : token.startsWith('turnstile')
              ? { success: true }
              : { success: false, 'error-codes': ['invalid-input-response'] };
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(answer));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
  return { seen, url, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/**
 * Registers the file's hooks: the stand-in provider, and an app using it with reCAPTCHA asked at
 * registration. `verifier()` is the running stand-in (its `seen` requests).
 */
export function useHumanVerificationApp(): {
  t: TestApp;
  verifier: () => Awaited<ReturnType<typeof startVerifier>>;
} {
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
  return { t, verifier: () => verifier };
}

export const PASSWORD = 'correct horse battery';
export const registerBody = () => ({
  email: uniqueEmail('human'),
  password: PASSWORD,
  password_confirmation: PASSWORD,
});
