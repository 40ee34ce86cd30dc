import { type APIRequestContext, type BrowserContext, expect, request, test } from '@playwright/test';
import { XSRF_COOKIE, XSRF_HEADER } from '@zema/contracts';

/**
 * The local OpenID provider scripts/e2e-server.mjs starts for Google login (oauth2-mock-server).
 * It approves every authorization at once and signs in the account named by the
 * `zema_e2e_identity` cookie of the browser context.
 */
export const SOCIAL_PROVIDER_URL = `http://127.0.0.1:${process.env.E2E_OAUTH_PORT ?? 8190}`;
const IDENTITY_COOKIE = 'zema_e2e_identity';

/** Makes the provider sign this browser context in as `email` (verified). */
export async function signInAtProvider(context: BrowserContext, email: string) {
  await context.addCookies([
    { name: IDENTITY_COOKIE, value: encodeURIComponent(email), url: SOCIAL_PROVIDER_URL },
  ]);
}

/** A unique address per test and project, so parallel runs never share an account. */
export function uniqueSocialEmail(prefix: string): string {
  const salt = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return `${prefix}-${test.info().project.name}-${salt}@zema.test`;
}

/** Registers an email/password account through the API (SPEC §7 POST auth/register). */
export async function registerByApi(email: string, password: string) {
  const api: APIRequestContext = await request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    await api.get('/api/v1/bootstrap-data');
    const { cookies } = await api.storageState();
    const xsrf = decodeURIComponent(cookies.find((c) => c.name === XSRF_COOKIE)?.value ?? '');
    const res = await api.post('/auth/register', {
      data: { email, password, password_confirmation: password },
      headers: { [XSRF_HEADER]: xsrf, Accept: 'application/json' },
    });
    expect(res.ok(), `register answered ${res.status()}: ${await res.text()}`).toBe(true);
  } finally {
    await api.dispose();
  }
}
