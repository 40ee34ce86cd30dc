import type { BootstrapData, UserSession } from '@zema/contracts';
import { vi } from 'vitest';
import type { AccountSettingsUser } from '#src/features/account/api/get-account';
import { visit } from '#test/auth';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import type { ApiAnswer, ApiCall as RecordedCall } from '#test/mock-api';

/** Test helpers for the account settings page. */

export function makeAccountUser(patch: Partial<AccountSettingsUser> = {}): AccountSettingsUser {
  // As the server sends it: recovery codes are always listed (masked), empty without two-factor.
  return { ...makeUser(), tokens: [], two_factor_recovery_codes: [], ...patch };
}

export const apiAccess = { id: 3, name: 'api.access', restrictions: [] };

export function makeSession(patch: Partial<UserSession> = {}): UserSession {
  return {
    id: 'sess-1',
    device_type: 'computer',
    platform: 'Linux',
    browser: 'Firefox',
    city: 'Addis Ababa',
    country: 'Ethiopia',
    ip_address: '196.188.0.10',
    token: false,
    last_active: new Date().toISOString(),
    is_current_device: true,
    ...patch,
  };
}

type Answer = ApiAnswer;

/**
 * Answers for the calls the page makes on load (users/me, user-sessions, app passwords, value
 * lists, password status). `extra` is asked first, so a test can override any of them.
 */
export function accountHandler(
  user: AccountSettingsUser,
  extra: (call: RecordedCall) => Answer | undefined = () => undefined,
  opts: { sessions?: UserSession[]; passwordConfirmed?: boolean } = {},
) {
  return (call: RecordedCall): Answer | undefined => {
    const answer = extra(call);
    if (answer) return answer;
    const key = `${call.method} ${call.path}`;
    if (key === 'GET /api/v1/users/me') return { status: 200, body: { user } };
    if (key === 'GET /api/v1/user-sessions') {
      return { status: 200, body: { sessions: opts.sessions ?? [makeSession()] } };
    }
    if (key === 'GET /api/v1/users/me/app-passwords') {
      return { status: 200, body: { app_passwords: [], username: user.email } };
    }
    if (key === 'GET /api/v1/value-lists/timezones,countries,localizations') {
      return {
        status: 200,
        body: {
          timezones: {
            Africa: [{ value: 'Africa/Addis_Ababa', text: '(UTC+03:00) Addis Ababa' }],
            Europe: [{ value: 'Europe/Berlin', text: '(UTC+01:00) Berlin' }],
          },
          countries: [
            { code: 'et', name: 'Ethiopia' },
            { code: 'de', name: 'Germany' },
          ],
          localizations: [
            { id: 1, name: 'English', language: 'en' },
            { id: 2, name: 'Amharic', language: 'am' },
          ],
        },
      };
    }
    if (key === 'GET /auth/user/confirmed-password-status') {
      return { status: 200, body: { confirmed: opts.passwordConfirmed ?? true } };
    }
    return undefined;
  };
}

/** Opens /account-settings as `user` (bootstrap user without tokens) on a large screen by default. */
export function visitAccountSettings(
  user: AccountSettingsUser,
  patch: Parameters<typeof makeBootstrap>[0] = {},
): ReturnType<typeof visit> {
  const { tokens: _t, two_factor_recovery_codes: _c, ...bootstrapUser } = user;
  const data: BootstrapData = makeBootstrap({ ...patch, user: bootstrapUser });
  return visit('/account-settings', data);
}

/** Makes `matchMedia` answer as a screen `width` px wide (min-width and max-width queries). */
export function mockViewport(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    const min = /min-width:\s*(\d+)px/.exec(query);
    const matches = max ? width <= Number(max[1]) : min ? width >= Number(min[1]) : false;
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    } as unknown as MediaQueryList;
  });
}
