import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getBootstrapData } from '#src/lib/bootstrap-store';
import { ONBOARDING_CHOICE_STORAGE_KEY } from '#src/lib/onboarding-choice';
import { clearToasts } from '#src/ui/toast';
import { visit } from '#test/auth';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { fail, mockApi, ok } from '#test/mock-api';

afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

const user = makeUser({ email: 'abebe@example.com' });
const admin = makeUser({ id: 1, permissions: [{ id: 9, name: 'admin.access', restrictions: [] }] });
const signedIn = (u = user) => makeBootstrap({ user: u });

async function fillAndSubmit(email = 'abebe@example.com', password = 'secret-password') {
  const u = userEvent.setup();
  await u.type(await screen.findByLabelText('Email'), email);
  await u.type(screen.getByLabelText('Password'), password);
  await u.click(screen.getByRole('button', { name: 'Continue' }));
  return u;
}

describe('login screen', () => {
  it('shows its texts in the user language when the bootstrap lines translate them', async () => {
    mockApi(() => undefined);
    visit(
      '/login',
      makeBootstrap({
        i18n: {
          locale: { id: 2, name: 'አማርኛ', language: 'am' },
          lines: {
            'Sign in to your account': 'ወደ መለያዎ ይግቡ',
            Email: 'ኢሜይል',
            Password: 'የይለፍ ቃል',
            'Stay signed in for a month': 'ለአንድ ወር እንደገቡ ይቆዩ',
            Continue: 'ቀጥል',
            'Forgot your password?': 'የይለፍ ቃልዎን ረስተዋል?',
          },
        },
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'ወደ መለያዎ ይግቡ' })).toBeTruthy();
    expect(screen.getByLabelText('ኢሜይል')).toBeTruthy();
    expect(screen.getByLabelText('የይለፍ ቃል')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'ለአንድ ወር እንደገቡ ይቆዩ' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ቀጥል' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'የይለፍ ቃልዎን ረስተዋል?' })).toBeTruthy();
    // Untranslated lines fall back to the English source.
    expect(screen.getByRole('link', { name: 'Sign up.' })).toBeTruthy();
  });

  it('shows the SPEC texts, remember-me checked by default and the sign-up link', async () => {
    mockApi(() => undefined);
    visit('/login', makeBootstrap());
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('autocomplete')).toBe('email');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
    const remember = screen.getByRole('checkbox', { name: 'Stay signed in for a month' }) as HTMLInputElement;
    expect(remember.checked).toBe(true);
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.getByText(/Don't have an account\?/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up.' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('passes the typed email on to forgot-password', async () => {
    mockApi(() => undefined);
    visit('/login', makeBootstrap());
    await userEvent.type(await screen.findByLabelText('Email'), 'a+b@example.com');
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/forgot-password?email=a%2Bb%40example.com',
    );
  });

  it('says it is for joining a team on workspace paths, and keeps sign-up there', async () => {
    mockApi(() => undefined);
    visit(
      '/workspace/join/login?redirect=%2Fnotifications',
      makeBootstrap({ settings: { site_name: 'Zema Radio' } }),
    );
    expect(
      await screen.findByRole('heading', { name: 'To join your team on Zema Radio, log in to your account' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up.' }).getAttribute('href')).toBe(
      '/workspace/join/register?redirect=%2Fnotifications',
    );
  });

  it('hides the sign-up link when registration is disabled', async () => {
    mockApi(() => undefined);
    visit('/login', makeBootstrap({ settings: { registration: { disable: true, policies: [] } } }));
    await screen.findByRole('heading', { name: 'Sign in to your account' });
    expect(screen.queryByRole('link', { name: 'Sign up.' })).toBeNull();
    expect(screen.queryByText(/Don't have an account/)).toBeNull();
  });

  it('shows the social login buttons under the form only when a provider is on', async () => {
    mockApi(() => undefined);
    visit('/login', makeBootstrap());
    await screen.findByRole('heading', { name: 'Sign in to your account' });
    expect(screen.queryByRole('button', { name: /Continue with/ })).toBeNull();
    cleanup();
    visit('/login', makeBootstrap({ settings: { social: { google: { enable: true } } } }));
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue with Facebook' })).toBeNull();
  });

  it('prefills the demo credentials in demo mode', async () => {
    mockApi(() => undefined);
    visit(
      '/login',
      makeBootstrap({
        settings: { demo: true, demo_credentials: { email: 'admin@demo.test', password: 'demo-pass' } },
      }),
    );
    expect(((await screen.findByLabelText('Email')) as HTMLInputElement).value).toBe('admin@demo.test');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('demo-pass');
  });

  it('requires email and password before calling the server', async () => {
    const calls = mockApi(() => undefined);
    visit('/login', makeBootstrap());
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The email field is required.')).toBeTruthy();
    expect(screen.getByText('The password field is required.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('signs in: posts the credentials, applies bootstrap data and goes to /', async () => {
    const calls = mockApi(({ path }) =>
      path === '/auth/login' ? ok({ bootstrapData: signedIn() }) : undefined,
    );
    const { router } = visit('/login', makeBootstrap());
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Stay signed in for a month' }));
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/auth/login',
      body: { email: 'abebe@example.com', password: 'secret-password', remember: false },
    });
    expect(getBootstrapData()?.user?.email).toBe('abebe@example.com');
  });

  it('follows a same-site redirect target, never another site', async () => {
    mockApi(() => ok({ bootstrapData: signedIn() }));
    const { router } = visit('/login?redirect=%2Faccount-settings%3Ftab%3Dsessions', makeBootstrap());
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/account-settings'));
    expect(router.state.location.search).toBe('?tab=sessions');
  });

  it('ignores a redirect to another site', async () => {
    mockApi(() => ok({ bootstrapData: signedIn() }));
    const { router } = visit('/login?redirect=%2F%2Fevil.example.com', makeBootstrap());
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends admins to /admin', async () => {
    mockApi(() => ok({ bootstrapData: signedIn(admin) }));
    const { router } = visit('/login', makeBootstrap());
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('continues to checkout with a saved onboarding choice, once', async () => {
    localStorage.setItem(ONBOARDING_CHOICE_STORAGE_KEY, JSON.stringify({ productId: 3, priceId: 9 }));
    const data = makeBootstrap({ user, settings: { billing: { enable: true } } });
    mockApi(() => ok({ bootstrapData: data }));
    const { router } = visit(
      '/login?redirect=%2Fnotifications',
      makeBootstrap({ settings: { billing: { enable: true } } }),
    );
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/3/9'));
    await waitFor(() => expect(localStorage.getItem(ONBOARDING_CHOICE_STORAGE_KEY)).toBeNull());
  });

  it('places server field errors on the fields and focuses the first', async () => {
    mockApi(() =>
      fail(422, { message: 'Invalid', errors: { email: ['These credentials do not match our records.'] } }),
    );
    visit('/login', makeBootstrap());
    await fillAndSubmit();
    expect(await screen.findByText('These credentials do not match our records.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the rate limit message (429) on the email field', async () => {
    mockApi(() =>
      fail(429, {
        message: 'Too many login attempts.',
        errors: { email: ['Too many login attempts. Please try again in 60 seconds.'] },
      }),
    );
    visit('/login', makeBootstrap());
    await fillAndSubmit();
    expect(await screen.findByText('Too many login attempts. Please try again in 60 seconds.')).toBeTruthy();
  });
});

describe('two-factor challenge', () => {
  async function reachChallenge(answers: (path: string, body: unknown) => ReturnType<typeof ok> | undefined) {
    const calls = mockApi(({ path, body }) =>
      path === '/auth/login' ? ok({ two_factor: true }) : answers(path, body),
    );
    const rendered = visit('/login', makeBootstrap());
    await fillAndSubmit();
    await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication' });
    return { calls, ...rendered };
  }

  it('asks for a 6-character code with a numeric keyboard and one-time-code autocomplete', async () => {
    const { calls } = await reachChallenge(() => undefined);
    const code = screen.getByLabelText('Code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('maxlength')).toBe('6');
    await userEvent.type(code, '123');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The code must be 6 characters.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/auth/two-factor-challenge')).toEqual([]);
  });

  it('signs in with a code: posts {code} and redirects', async () => {
    const { calls, router } = await reachChallenge((path) =>
      path === '/auth/two-factor-challenge' ? ok({ bootstrapData: signedIn() }) : undefined,
    );
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.at(-1)).toMatchObject({ path: '/auth/two-factor-challenge', body: { code: '123456' } });
    expect(getBootstrapData()?.user?.id).toBe(user.id);
  });

  it('toggles to a 21-character recovery code and back', async () => {
    const { calls, router } = await reachChallenge((path) =>
      path === '/auth/two-factor-challenge' ? ok({ bootstrapData: signedIn(admin) }) : undefined,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const recovery = screen.getByLabelText('Recovery code');
    expect(recovery.getAttribute('maxlength')).toBe('21');
    expect(screen.queryByLabelText('Code')).toBeNull();
    await userEvent.type(recovery, 'abcdefghij-abcdefghi');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The recovery code must be 21 characters.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Use an authentication code' }));
    expect(screen.getByLabelText('Code')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await userEvent.clear(screen.getByLabelText('Recovery code'));
    await userEvent.type(screen.getByLabelText('Recovery code'), 'abcdefghij-abcdefghij');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(calls.at(-1)).toMatchObject({ body: { recovery_code: 'abcdefghij-abcdefghij' } });
  });

  it('shows a wrong code on the field', async () => {
    await reachChallenge((path) =>
      path === '/auth/two-factor-challenge'
        ? fail(422, {
            message: 'Invalid code',
            errors: { code: ['The provided two factor authentication code was invalid.'] },
          })
        : undefined,
    );
    await userEvent.type(screen.getByLabelText('Code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The provided two factor authentication code was invalid.')).toBeTruthy();
  });
});
