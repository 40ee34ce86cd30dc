import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getBootstrapData } from '#src/lib/bootstrap-store';
import { ONBOARDING_CHOICE_STORAGE_KEY } from '#src/lib/onboarding-choice';
import { clearToasts } from '#src/ui/toast';
import { visit } from '#test/auth';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { fail, mockApi, ok } from '#test/mock-api';

const editor = vi.hoisted(() => ({ active: false }));
vi.mock('#src/lib/appearance-editor', async (importOriginal) => ({
  ...(await importOriginal<typeof import('#src/lib/appearance-editor')>()),
  isAppearanceEditorActive: () => editor.active,
}));

const reload = vi.fn();
beforeEach(() => {
  reload.mockReset();
  vi.spyOn(window.location, 'reload').mockImplementation(reload);
});
afterEach(() => {
  editor.active = false;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearToasts();
});

const unverified = (email: string | null = 'abebe@example.com') =>
  makeBootstrap({
    user: makeUser({ email: email as string, email_verified_at: null }),
    settings: { require_email_confirmation: true },
  });

describe('email verification screen', () => {
  it('replaces every route for an unverified user, with the SPEC texts and a masked email', async () => {
    mockApi(() => undefined);
    visit('/account-settings', unverified());
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify your email' })).toBeTruthy();
    expect(screen.getByText('Enter the verification code we sent to ab***@example.com')).toBeTruthy();
    const code = screen.getByLabelText('Code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('maxlength')).toBe('6');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend email' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zema home' })).toBeTruthy();
  });

  it('shows the address typed at sign-up in this tab whole, and has "Change email" to put a typo right', async () => {
    sessionStorage.setItem('zema.sign-up-email', 'abebe@exmaple.com');
    let verified = false;
    const calls = mockApi((call) => {
      const key = `${call.method} ${call.path}`;
      if (key === 'GET /auth/user/confirmed-password-status') return ok({ confirmed: true });
      if (key === 'POST /api/v1/users/me/email') return ok({ message: 'Email sent' });
      if (key === 'POST /api/v1/users/me/email/confirm') {
        verified = true;
        return ok({
          user: {
            ...makeUser({ email: 'abebe@example.com', email_verified_at: '2026-11-29T00:00:00.000Z' }),
            tokens: [],
            two_factor_recovery_codes: [],
          },
        });
      }
      return undefined;
    });
    visit('/', unverified('abebe@exmaple.com'));
    expect(await screen.findByText('Enter the verification code we sent to abebe@exmaple.com')).toBeTruthy();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Change email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change email' });
    await u.type(within(dialog).getByLabelText('New email'), 'abebe@example.com');
    await u.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await u.type(await within(dialog).findByLabelText('Code'), '123456');
    await u.click(within(dialog).getByRole('button', { name: 'Change email' }));
    // The new address is proven by its code: the app opens, no log-out on the way.
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Verify your email' })).toBeNull());
    expect(verified).toBe(true);
    expect(getBootstrapData()?.user?.email).toBe('abebe@example.com');
    expect(calls.some((c) => c.path === '/auth/logout')).toBe(false);
    sessionStorage.clear();
  });

  it('masks with asterisks only when there is no email', async () => {
    mockApi(() => undefined);
    visit('/', unverified(null));
    expect(await screen.findByText('Enter the verification code we sent to *****')).toBeTruthy();
  });

  it('is not shown when confirmation is not required', async () => {
    mockApi(() => undefined);
    visit('/login', makeBootstrap({ user: makeUser({ email_verified_at: null }) }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Verify your email' })).toBeNull());
  });

  it('requires the code', async () => {
    const calls = mockApi(() => undefined);
    visit('/', unverified());
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The code field is required.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('posts the code and reloads the page on success', async () => {
    const calls = mockApi(() => ok({ message: 'Verified' }));
    visit('/', unverified());
    await userEvent.type(await screen.findByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(calls).toMatchObject([
      { method: 'POST', path: '/api/v1/validate-email-verification-otp', body: { code: '123456' } },
    ]);
  });

  it('continues to the checkout of a plan picked on pricing before signing up, once', async () => {
    const assign = vi.fn();
    vi.spyOn(window.location, 'assign').mockImplementation(assign);
    localStorage.setItem(ONBOARDING_CHOICE_STORAGE_KEY, JSON.stringify({ productId: 2, priceId: 4 }));
    mockApi(() => ok({ message: 'Verified' }));
    const data = unverified();
    data.settings.billing.enable = true;
    visit('/', data);
    await userEvent.type(await screen.findByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/2/4'));
    expect(reload).not.toHaveBeenCalled();
    expect(localStorage.getItem(ONBOARDING_CHOICE_STORAGE_KEY)).toBeNull();
  });

  it('shows a wrong code on the field and does not reload', async () => {
    mockApi(() =>
      fail(422, { message: 'Invalid', errors: { code: ['The code is invalid or has expired.'] } }),
    );
    visit('/', unverified());
    await userEvent.type(await screen.findByLabelText('Code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The code is invalid or has expired.')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
  });

  it("resends the email and says 'Email sent'", async () => {
    const calls = mockApi(() => ok({ message: 'ok' }));
    visit('/', unverified());
    await userEvent.click(await screen.findByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('Email sent')).toBeTruthy();
    expect(calls).toMatchObject([
      { method: 'POST', path: '/api/v1/resend-email-verification', body: { email: 'abebe@example.com' } },
    ]);
  });

  it('logs out: bootstrap data replaced and off to /login', async () => {
    const guest = makeBootstrap();
    const calls = mockApi(({ path }) => (path === '/auth/logout' ? ok({ bootstrapData: guest }) : undefined));
    const { router } = visit('/account-settings', unverified());
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.map((c) => c.path)).toEqual(['/auth/logout']);
    expect(getBootstrapData()?.user).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeTruthy();
  });

  it("refuses to log out inside the appearance editor with the SPEC's toast", async () => {
    editor.active = true;
    const calls = mockApi(() => undefined);
    const { router } = visit('/', unverified());
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByText("Can't logout while in appearance editor.")).toBeTruthy();
    expect(calls).toEqual([]);
    expect(router.state.location.pathname).toBe('/');
  });
});
