import { execFileSync } from 'node:child_process';
import { type APIRequestContext, type APIResponse, expect, type Page, request, test } from '@playwright/test';
import { XSRF_COOKIE, XSRF_HEADER } from '@zema/contracts';
import { mailCode, mailsBefore, waitForMail } from './mail';

/** Accounts through the API (SPEC §7), for setting up what a browser test then does by hand. */

export const ADMIN = { email: 'admin@zema.test', password: 'e2e-admin-password' } as const;

/** A unique address per test and project, so parallel tests never share an account. */
export function uniqueEmail(prefix: string, project: string): string {
  const salt = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return `${prefix}-${project}-${salt}@zema.test`;
}

export class ApiSession {
  private constructor(readonly context: APIRequestContext) {}

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

/** A TOTP code from Debian's oathtool: an implementation independent of the server's. */
export function totp(secret: string): string {
  return execFileSync('oathtool', ['--totp', '-b', secret], { encoding: 'utf8' }).trim();
}

/** A code other than `used` (codes are single use): waits for the next 30 s step if needed. */
export async function freshTotp(secret: string, used: string): Promise<string> {
  for (;;) {
    const code = totp(secret);
    if (code !== used) return code;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/**
 * React Aria announces a pending button's label through its live region by `aria-labelledby`; when
 * the button is gone (the login card turned into the two-factor card) that announcement points at
 * nothing until React Aria removes it after 7 s, and axe reports it (role-img-alt). Wait it out.
 */
export async function settleLiveAnnouncements(page: Page): Promise<void> {
  await expect(page.locator('[role="log"] > [role="img"]')).toHaveCount(0);
}

/**
 * Signs `page` in with an API session's cookies. Every spec signing in as the admin shares one
 * login rate limit (5 a minute per email and address); one API login per file and this keep them
 * under it, and admin.spec.ts proves the login form itself.
 */
export async function signInWith(page: Page, api: ApiSession): Promise<void> {
  await page.context().addCookies((await api.context.storageState()).cookies);
}
