import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getBootstrapData } from '#src/lib/bootstrap-store';
import { clearToasts } from '#src/ui/toast';
import { visit } from '#test/auth';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { fail, mockApi, ok } from '#test/mock-api';

afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
  delete window.grecaptcha;
});

const newUser = makeUser({ id: 40, email: 'new@example.com', email_verified_at: null });
const policies = [
  { id: 'terms', name: 'Terms of Service', action: '/pages/terms' },
  { id: 'privacy', name: 'Privacy Policy', action: 'https://example.com/privacy' },
];

async function fill(email: string | null = 'new@example.com', password = 'long-password') {
  const u = userEvent.setup();
  if (email !== null) await u.type(await screen.findByLabelText('Email'), email);
  await u.type(screen.getByLabelText('Password'), password);
  await u.type(screen.getByLabelText('Confirm password'), password);
  return u;
}

describe('register screen headings', () => {
  it.each([
    ['/register', 'Create a new account'],
    ['/register?redirectFrom=pricing', "First, let's create your account"],
    ['/workspace/join/register', 'To join your team on Zema, create an account'],
  ])('%s → %s', async (path, heading) => {
    mockApi(() => undefined);
    visit(path, makeBootstrap());
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });

  it('links to sign in, on the same kind of path', async () => {
    mockApi(() => undefined);
    visit('/workspace/join/register?redirect=%2Fx', makeBootstrap());
    expect(await screen.findByText(/Already have an account\?/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in.' }).getAttribute('href')).toBe(
      '/workspace/join/login?redirect=%2Fx',
    );
  });

  it('uses new-password autocomplete on both password fields', async () => {
    mockApi(() => undefined);
    visit('/register', makeBootstrap());
    await screen.findByLabelText('Email');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByLabelText('Confirm password').getAttribute('autocomplete')).toBe('new-password');
  });
});

describe('registering', () => {
  it('offers a display name, optional, and sends it trimmed', async () => {
    const calls = mockApi(() => ok({ status: 'success', bootstrapData: makeBootstrap({ user: newUser }) }));
    visit('/register', makeBootstrap());
    const name = await screen.findByLabelText('Display name');
    expect(name.getAttribute('autocomplete')).toBe('nickname');
    expect(screen.getByText('Shown on your profile and playlists. Optional.')).toBeTruthy();
    const u = userEvent.setup();
    await u.type(name, '  Mahlet ');
    await fill();
    await u.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ email: 'new@example.com', display_name: 'Mahlet' });
  });

  it('locks an email given in the query and sends it', async () => {
    const calls = mockApi(() => ok({ status: 'success', bootstrapData: makeBootstrap({ user: newUser }) }));
    const { router } = visit('/register?email=invited%40example.com', makeBootstrap());
    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    expect(email.value).toBe('invited@example.com');
    expect(email.readOnly).toBe(true);
    const u = await fill(null);
    await u.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/auth/register',
      body: {
        email: 'invited@example.com',
        password: 'long-password',
        password_confirmation: 'long-password',
      },
    });
  });

  it('requires every policy checkbox, each linking its page in a new tab, and sends the flags', async () => {
    const calls = mockApi(() => ok({ status: 'success', bootstrapData: makeBootstrap({ user: newUser }) }));
    visit('/register', makeBootstrap({ settings: { registration: { disable: false, policies } } }));
    const privacy = await screen.findByRole('link', { name: 'Privacy Policy' });
    expect(privacy.getAttribute('href')).toBe('https://example.com/privacy');
    expect(privacy.getAttribute('target')).toBe('_blank');
    // A custom page of the site opens in a new tab too.
    const terms = screen.getByRole('link', { name: 'Terms of Service' });
    expect(terms.getAttribute('href')).toBe('/pages/terms');
    expect(terms.getAttribute('target')).toBe('_blank');
    const u = await fill();
    await u.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please accept the Terms of Service.')).toBeTruthy();
    expect(screen.getByText('Please accept the Privacy Policy.')).toBeTruthy();
    expect(calls).toEqual([]);

    await u.click(screen.getByRole('checkbox', { name: /Terms of Service/ }));
    await u.click(screen.getByRole('checkbox', { name: /Privacy Policy/ }));
    await u.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ terms: true, privacy: true });
  });

  it('checks required fields and that the passwords match', async () => {
    const calls = mockApi(() => undefined);
    visit('/register', makeBootstrap());
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The email field is required.')).toBeTruthy();
    expect(screen.getByText('The password field is required.')).toBeTruthy();
    expect(screen.getByText('The password confirmation field is required.')).toBeTruthy();
    await u.type(screen.getByLabelText('Password'), 'long-password');
    await u.type(screen.getByLabelText('Confirm password'), 'other-password');
    await u.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The password confirmation does not match.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("goes to / when the answer is 'needs_email_verification', whatever the redirect", async () => {
    mockApi(() =>
      ok({
        status: 'needs_email_verification',
        bootstrapData: makeBootstrap({ user: newUser, settings: { require_email_confirmation: true } }),
      }),
    );
    const { router } = visit('/register?redirect=%2Faccount-settings', makeBootstrap());
    const u = await fill();
    await u.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getBootstrapData()?.user?.id).toBe(40);
    // The gate now shows only the verification screen.
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeTruthy();
  });

  it('goes to the redirect target on success', async () => {
    mockApi(() => ok({ status: 'success', bootstrapData: makeBootstrap({ user: newUser }) }));
    const { router } = visit('/register?redirect=%2Faccount-settings', makeBootstrap());
    const u = await fill();
    await u.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account-settings'));
  });

  it('places server errors on the fields, policy errors included', async () => {
    mockApi(() =>
      fail(422, {
        message: 'Invalid',
        errors: { email: 'The email has already been taken.', terms: ['You must accept the terms.'] },
      }),
    );
    visit(
      '/register',
      makeBootstrap({ settings: { registration: { disable: false, policies: policies.slice(0, 1) } } }),
    );
    const u = await fill();
    await u.click(screen.getByRole('checkbox', { name: /Terms of Service/ }));
    await u.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The email has already been taken.')).toBeTruthy();
    expect(screen.getByText('You must accept the terms.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });
});

describe('human verification on registration', () => {
  const settings = {
    human_verification: {
      provider: 'recaptcha' as const,
      site_key: 'site-key-1',
      register: true,
      contact: false,
    },
  };

  it('runs reCAPTCHA, checks the token with the server, then registers', async () => {
    const execute = vi.fn(async () => 'captcha-token');
    window.grecaptcha = { ready: (cb) => cb(), execute };
    const calls = mockApi(({ path }) =>
      path === '/api/v1/recaptcha/verify'
        ? ok({ success: true })
        : ok({ status: 'success', bootstrapData: makeBootstrap({ user: newUser }) }),
    );
    visit('/register', makeBootstrap({ settings }));
    const u = await fill();
    await u.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toEqual(['/api/v1/recaptcha/verify', '/auth/register']),
    );
    expect(execute).toHaveBeenCalledWith('site-key-1', { action: 'register' });
    expect(calls[0]?.body).toEqual({ token: 'captcha-token' });
  });

  it("stops with 'Could not verify you are human.' when the server says no", async () => {
    window.grecaptcha = { ready: (cb) => cb(), execute: async () => 'bot-token' };
    const calls = mockApi(() => ok({ success: false }));
    visit('/register', makeBootstrap({ settings }));
    const u = await fill();
    await u.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Could not verify you are human.')).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/api/v1/recaptcha/verify']);
  });

  it('fails the same way when the provider errors', async () => {
    window.grecaptcha = {
      ready: (cb) => cb(),
      execute: async () => {
        throw new Error('blocked');
      },
    };
    const calls = mockApi(() => undefined);
    visit('/register', makeBootstrap({ settings }));
    const u = await fill();
    await u.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Could not verify you are human.')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
