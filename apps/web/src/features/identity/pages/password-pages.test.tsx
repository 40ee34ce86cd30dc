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
});

const SENT = 'If an account exists for that email, we have sent a link to reset your password.';

describe('forgot password', () => {
  it('asks for the email, posts it on Continue and shows the answer', async () => {
    const calls = mockApi(() => ok({ message: SENT }));
    visit('/forgot-password', makeBootstrap());
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
    await userEvent.type(screen.getByLabelText('Email'), 'abebe@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(SENT)).toBeTruthy();
    expect(calls).toMatchObject([
      { method: 'POST', path: '/auth/forgot-password', body: { email: 'abebe@example.com' } },
    ]);
  });

  it('prefills and locks the email from the query', async () => {
    const calls = mockApi(() => ok({ message: SENT }));
    visit('/forgot-password?email=abebe%40example.com', makeBootstrap());
    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    expect(email.value).toBe('abebe@example.com');
    expect(email.readOnly).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(calls[0]?.body).toEqual({ email: 'abebe@example.com' }));
  });

  it('requires the email, and shows the rate limit on it', async () => {
    const calls = mockApi(() =>
      fail(429, { message: 'Too many', errors: { email: ['Too many requests. Try again in 60 seconds.'] } }),
    );
    visit('/forgot-password', makeBootstrap());
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The email field is required.')).toBeTruthy();
    expect(calls).toEqual([]);
    await userEvent.type(screen.getByLabelText('Email'), 'abebe@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Too many requests. Try again in 60 seconds.')).toBeTruthy();
  });
});

describe('reset password', () => {
  const path = '/password/reset/tok-123?email=abebe%40example.com';

  async function fillReset(password = 'new-password-1', confirmation = password) {
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('New password'), password);
    await u.type(screen.getByLabelText('Confirm password'), confirmation);
    await u.click(screen.getByRole('button', { name: 'Reset password' }));
  }

  it('prefills the email, posts token + fields, toasts the message and goes to /login', async () => {
    const calls = mockApi(() => ok({ message: 'Your password has been reset.' }));
    const { router } = visit(path, makeBootstrap());
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('abebe@example.com');
    expect(screen.getByLabelText('New password').getAttribute('autocomplete')).toBe('new-password');
    await fillReset();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/auth/reset-password',
      body: {
        token: 'tok-123',
        email: 'abebe@example.com',
        password: 'new-password-1',
        password_confirmation: 'new-password-1',
      },
    });
    expect(await screen.findByText('Your password has been reset.')).toBeTruthy();
  });

  it('signs in when the server answers with a session', async () => {
    mockApi(() =>
      ok({ message: 'Your password has been reset.', bootstrapData: makeBootstrap({ user: makeUser() }) }),
    );
    const { router } = visit(path, makeBootstrap());
    await fillReset();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getBootstrapData()?.user).not.toBeNull();
  });

  it('checks the confirmation and shows an expired token on the email field', async () => {
    mockApi(() =>
      fail(422, { message: 'Invalid', errors: { email: ['This password reset token is invalid.'] } }),
    );
    visit(path, makeBootstrap());
    await fillReset('new-password-1', 'different-1');
    expect(await screen.findByText('The password confirmation does not match.')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm password'), 'new-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('This password reset token is invalid.')).toBeTruthy();
  });
});
