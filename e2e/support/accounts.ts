import { execFileSync } from 'node:child_process';
import { type APIRequestContext, type APIResponse, expect, type Page, request, test } from '@playwright/test';
import { XSRF_COOKIE, XSRF_HEADER } from '@zema/contracts';
import { mailCode, mailsBefore, waitForMail } from './mail';
import { adminStateFile } from './server-data';

/** Accounts through the API (SPEC §7), for setting up what a browser test then does by hand. */

export const ADMIN = { email: 'admin@zema.test', password: 'e2e-admin-password' } as const;

/** A unique address per test and project, so parallel tests never share an account. */
export function uniqueEmail(prefix: string, project: string): string {
  const salt = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return `${prefix}-${project}-${salt}@zema.test`;
}

export class ApiSession {
  private constructor(readonly context: APIRequestContext) {}

  /**
   * The admin's session that `admin.setup.ts` signed in once for the whole run: specs share it
   * instead of each signing in (the login limit is 5 a minute per email and address, and a spec
   * over it waited a minute). Never log it out or "Log in as" with it: admin.spec.ts has its own.
   */
  static async admin(): Promise<ApiSession> {
    const baseURL = test.info().project.use.baseURL;
    const context = await request.newContext({ baseURL, storageState: adminStateFile(baseURL) });
    return new ApiSession(context);
  }

  /** A cookie session with the XSRF cookie already issued. */
  static async open(): Promise<ApiSession> {
    const context = await request.newContext({ baseURL: test.info().project.use.baseURL });
    const session = new ApiSession(context);
    await context.get('/api/v1/bootstrap-data');
    return session;
  }

  private async xsrf(): Promise<string> {
    const { cookies } = await this.context.storageState();
    const cookie = cookies.find((c) => c.name === XSRF_COOKIE);
    if (!cookie) throw new Error('the server issued no XSRF-TOKEN cookie');
    return decodeURIComponent(cookie.value);
  }

  async post(path: string, data: unknown = {}): Promise<APIResponse> {
    return this.context.post(path, {
      data,
      headers: { [XSRF_HEADER]: await this.xsrf(), Accept: 'application/json' },
    });
  }

  /** POST and expect a 2xx answer; resolves with its JSON. */
  async postOk<T = unknown>(path: string, data: unknown = {}): Promise<T> {
    const res = await this.post(path, data);
    expect(res.ok(), `${path} answered ${res.status()}: ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  }

  /** PUT and expect a 2xx answer; resolves with its JSON. */
  async putOk<T = unknown>(path: string, data: unknown = {}): Promise<T> {
    const res = await this.context.put(path, {
      data,
      headers: { [XSRF_HEADER]: await this.xsrf(), Accept: 'application/json' },
    });
    expect(res.ok(), `${path} answered ${res.status()}: ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  }

  async getOk<T = unknown>(path: string): Promise<T> {
    const res = await this.context.get(path, { headers: { Accept: 'application/json' } });
    expect(res.ok(), `${path} answered ${res.status()}: ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  }

  /**
   * Signs in. Specs running side by side share the login limit (5 a minute per email and
   * address): a 429 says when to come back (Retry-After), so the login waits that long and asks
   * again rather than failing the test.
   */
  async login(email: string, password: string): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const res = await this.post('/auth/login', { email, password, remember: false });
      if (res.status() !== 429 || attempt >= 4) {
        expect(res.ok(), `/auth/login answered ${res.status()}: ${await res.text()}`).toBe(true);
        return;
      }
      const seconds = Number(res.headers()['retry-after'] ?? '5');
      await new Promise((resolve) => setTimeout(resolve, (seconds + 1) * 1000));
    }
  }

  /**
   * Registers and signs in. Email confirmation is on by default, so when the server asks for it
   * the code is read from the mail outbox and entered, as a new user would.
   */
  async register(email: string, password: string): Promise<{ status: string }> {
    const seen = await mailsBefore(email);
    const answer = await this.postOk<{ status: string }>('/auth/register', {
      email,
      password,
      password_confirmation: password,
    });
    if (answer.status === 'needs_email_verification') {
      const mail = await waitForMail(email, { seen, subject: /verif|code/i });
      await this.postOk('/api/v1/validate-email-verification-otp', { code: mailCode(mail) });
    }
    return answer;
  }

  /** Admin settings API: `{'dotted.key': value}`. */
  async setSettings(patch: Record<string, unknown>): Promise<void> {
    await this.postOk('/api/v1/settings', patch);
  }

  /** Turns two-factor on for the signed-in user; returns the setup secret and recovery codes. */
  async enableTwoFactor(
    password: string,
  ): Promise<{ secret: string; recoveryCodes: string[]; usedCode: string }> {
    await this.postOk('/auth/user/confirm-password', { password });
    await this.postOk('/auth/user/two-factor-authentication');
    const { secret } = await this.getOk<{ secret: string }>('/auth/user/two-factor/qr-code');
    const usedCode = totp(secret);
    const { recovery_codes } = await this.postOk<{ recovery_codes: string[] }>(
      '/auth/user/confirmed-two-factor-authentication',
      { code: usedCode },
    );
    return { secret, recoveryCodes: recovery_codes, usedCode };
  }

  async dispose(): Promise<void> {
    await this.context.dispose();
  }
}

/** The admin's shared API session (ApiSession.admin). */
export const adminSession = () => ApiSession.admin();

/** A TOTP code from Debian's oathtool: an implementation independent of the server's. */
export function totp(secret: string): string {
  return execFileSync('oathtool', ['--totp', '-b', secret], { encoding: 'utf8' }).trim();
}

/**
 * A code other than `used` (codes are single use) without waiting for the clock: the code of the
 * next 30 s step, which the server accepts (window ±1 step, newer than the last one used).
 */
export async function freshTotp(secret: string, used: string): Promise<string> {
  const code = execFileSync('oathtool', ['--totp', '-b', '-N', 'now + 30 seconds', secret], {
    encoding: 'utf8',
  }).trim();
  if (code === used) throw new Error('the next step has the code just used');
  return code;
}

/**
 * Signs `page` in with an API session's cookies. Every spec signing in as the admin shares one
 * login rate limit (5 a minute per email and address); one API login per file and this keep them
 * under it, and admin.spec.ts proves the login form itself.
 */
export async function signInWith(page: Page, api: ApiSession): Promise<void> {
  await page.context().addCookies((await api.context.storageState()).cookies);
}
