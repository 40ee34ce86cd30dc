import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getBootstrapData } from '#src/lib/bootstrap-store';
import { clearToasts } from '#src/ui/toast';
import { accountHandler, makeAccountUser, mockViewport, visitAccountSettings } from '#test/account';
import { fail, mockApi, ok, type ApiCall as RecordedCall } from '#test/mock-api';
import { initialTwoFactorState } from '../lib/two-factor-state';

beforeEach(() => mockViewport(1280));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearToasts();
});

const CODES = Array.from({ length: 8 }, (_, i) => `AAAAAAAAA${i}-BBBBBBBBB${i}`);
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

/** A scripted server for the two-factor calls; `confirmed` is the password status. */
function twoFactorServer(opts: { confirmed: boolean }) {
  const state = { confirmed: opts.confirmed };
  const handler = (call: RecordedCall) => {
    const key = `${call.method} ${call.path}`;
    if (key === 'GET /auth/user/confirmed-password-status') return ok({ confirmed: state.confirmed });
    if (key === 'POST /auth/user/confirm-password') {
      const password = (call.body as { password: string }).password;
      if (password !== 'right-password') {
        return fail(422, {
          message: 'Invalid',
          errors: { password: ['The provided password was incorrect.'] },
        });
      }
      state.confirmed = true;
      return ok({ confirmed: true });
    }
    const guarded =
      call.path.startsWith('/auth/user/two-factor') || call.path.startsWith('/auth/user/confirmed-two');
    if (guarded && !state.confirmed) return fail(423, { message: 'Password confirmation required.' });
    if (key === 'POST /auth/user/two-factor-authentication') return ok({ enabled: false, pending: true });
    if (key === 'DELETE /auth/user/two-factor-authentication') return ok({ enabled: false, pending: false });
    if (key === 'GET /auth/user/two-factor/qr-code')
      return ok({ svg: SVG, secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' });
    if (key === 'POST /auth/user/confirmed-two-factor-authentication') {
      return (call.body as { code: string }).code === '123456'
        ? ok({ recovery_codes: CODES })
        : fail(422, {
            message: 'Invalid',
            errors: { code: ['The provided two factor authentication code was invalid.'] },
          });
    }
    if (key === 'POST /auth/user/two-factor-recovery-codes')
      return ok({ recovery_codes: CODES.map((c) => `${c.slice(0, 20)}Z`) });
    return undefined;
  };
  return { state, handler };
}

const panel = async () => {
  await screen.findByRole('heading', { level: 2, name: 'Two-factor authentication' });
  return document.getElementById('two-factor') as HTMLElement;
};

describe('two-factor initial state (SPEC §4)', () => {
  it('is enabled when confirmed, setup when recovery codes exist unconfirmed, otherwise not enabled', () => {
    expect(initialTwoFactorState({ two_factor_confirmed_at: '2024-01-01T00:00:00Z' })).toBe('enabled');
    expect(
      initialTwoFactorState({
        two_factor_confirmed_at: '2024-01-01T00:00:00Z',
        two_factor_recovery_codes: ['x'],
      }),
    ).toBe('enabled');
    expect(initialTwoFactorState({ two_factor_confirmed_at: null, two_factor_recovery_codes: ['x'] })).toBe(
      'setup',
    );
    expect(initialTwoFactorState({ two_factor_confirmed_at: null, two_factor_recovery_codes: [] })).toBe(
      'disabled',
    );
    expect(initialTwoFactorState({ two_factor_confirmed_at: null })).toBe('disabled');
  });

  it('renders each state from the loaded user', async () => {
    const { handler } = twoFactorServer({ confirmed: true });
    const enabledUser = makeAccountUser({ two_factor_confirmed_at: '2024-01-01T00:00:00Z' });
    mockApi(accountHandler(enabledUser, handler));
    const first = visitAccountSettings(enabledUser);
    const p = await panel();
    expect(within(p).getByText('You have enabled two-factor authentication.')).toBeTruthy();
    expect(within(p).getByRole('button', { name: 'Disable' })).toBeTruthy();
    expect(within(p).getByRole('button', { name: 'Regenerate recovery codes' })).toBeTruthy();
    first.unmount();

    const setupUser = makeAccountUser({ two_factor_recovery_codes: ['hashed'] });
    mockApi(accountHandler(setupUser, handler));
    visitAccountSettings(setupUser);
    const s = await panel();
    expect(within(s).getByText('Finish enabling two-factor authentication.')).toBeTruthy();
    expect(await within(s).findByRole('img', { name: /QR code/ })).toBeTruthy();
    expect(within(s).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });
});

describe('two-factor flow', () => {
  it('asks for the password before enabling, shows the QR code and key, then the codes after a valid code', async () => {
    const server = twoFactorServer({ confirmed: false });
    const calls = mockApi(accountHandler(makeAccountUser(), server.handler));
    visitAccountSettings(makeAccountUser());
    const p = await panel();
    expect(within(p).getByText('You have not enabled two-factor authentication.')).toBeTruthy();

    await userEvent.click(within(p).getByRole('button', { name: 'Enable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm password' });
    expect(calls.some((c) => c.path === '/auth/user/two-factor-authentication')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('Password'), 'wrong-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('The provided password was incorrect.')).toBeTruthy();
    await userEvent.clear(within(dialog).getByLabelText('Password'));
    await userEvent.type(within(dialog).getByLabelText('Password'), 'right-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    const qr = (await within(p).findByRole('img', { name: /QR code/ })) as HTMLImageElement;
    expect(qr.src.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(atob(qr.src.split(',')[1] ?? '')).toBe(SVG);
    expect(p.querySelector('svg[viewBox="0 0 10 10"]')).toBeNull(); // never injected as markup
    expect((within(p).getByLabelText('Setup key') as HTMLInputElement).value).toBe(
      'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    );
    expect(within(p).getByText('Finish enabling two-factor authentication.')).toBeTruthy();

    await userEvent.click(within(p).getByRole('button', { name: 'Confirm' }));
    expect(await within(p).findByText('The code field is required.')).toBeTruthy();
    await userEvent.type(within(p).getByLabelText('Code'), '000000');
    await userEvent.click(within(p).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(p).findByText('The provided two factor authentication code was invalid.'),
    ).toBeTruthy();
    await userEvent.clear(within(p).getByLabelText('Code'));
    await userEvent.type(within(p).getByLabelText('Code'), '123456');
    await userEvent.click(within(p).getByRole('button', { name: 'Confirm' }));

    expect(await within(p).findByText('You have enabled two-factor authentication.')).toBeTruthy();
    const list = within(p).getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(within(p).getByText(/They will not be shown again/)).toBeTruthy();
    expect(getBootstrapData()?.user?.two_factor_confirmed_at).toBeTruthy();
  });

  it('does not ask again once the password is confirmed', async () => {
    const server = twoFactorServer({ confirmed: true });
    const calls = mockApi(accountHandler(makeAccountUser(), server.handler));
    visitAccountSettings(makeAccountUser());
    const p = await panel();
    await userEvent.click(within(p).getByRole('button', { name: 'Enable' }));
    expect(await within(p).findByRole('img', { name: /QR code/ })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Confirm password' })).toBeNull();
    expect(calls.some((c) => c.path === '/auth/user/confirm-password')).toBe(false);
    expect(calls.filter((c) => c.path === '/auth/user/two-factor-authentication')).toHaveLength(1);
  });

  it('Cancel in setup turns it off again (DELETE) and returns to not enabled', async () => {
    const server = twoFactorServer({ confirmed: true });
    const calls = mockApi(accountHandler(makeAccountUser(), server.handler));
    visitAccountSettings(makeAccountUser());
    const p = await panel();
    await userEvent.click(within(p).getByRole('button', { name: 'Enable' }));
    await within(p).findByRole('img', { name: /QR code/ });
    await userEvent.click(within(p).getByRole('button', { name: 'Cancel' }));
    expect(await within(p).findByText('You have not enabled two-factor authentication.')).toBeTruthy();
    const posts = calls.filter((c) => c.path === '/auth/user/two-factor-authentication');
    expect(posts.map((c) => c.method)).toEqual(['POST', 'DELETE']);
    expect(within(p).queryByRole('img', { name: /QR code/ })).toBeNull();
  });

  it('regenerates codes and disables from the enabled state', async () => {
    const server = twoFactorServer({ confirmed: true });
    const user = makeAccountUser({ two_factor_confirmed_at: '2024-01-01T00:00:00Z' });
    mockApi(accountHandler(user, server.handler));
    visitAccountSettings(user);
    const p = await panel();
    expect(within(p).queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    await userEvent.click(within(p).getByRole('button', { name: 'Regenerate recovery codes' }));
    const list = await within(p).findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')[0]?.textContent).toBe(`${CODES[0]?.slice(0, 20)}Z`);
    await userEvent.click(within(p).getByRole('button', { name: 'Disable' }));
    expect(await within(p).findByText('You have not enabled two-factor authentication.')).toBeTruthy();
    expect(within(p).queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    await waitFor(() => expect(getBootstrapData()?.user?.two_factor_confirmed_at).toBeNull());
  });

  it('asks for the password and retries when an action answers 423 although the status said confirmed', async () => {
    const server = twoFactorServer({ confirmed: false });
    const calls = mockApi(
      accountHandler(makeAccountUser({ two_factor_confirmed_at: '2024-01-01T00:00:00Z' }), (call) =>
        // The status is stale: it says confirmed, the guarded call says otherwise.
        call.path === '/auth/user/confirmed-password-status' ? ok({ confirmed: true }) : server.handler(call),
      ),
    );
    visitAccountSettings(makeAccountUser({ two_factor_confirmed_at: '2024-01-01T00:00:00Z' }));
    const p = await panel();
    await userEvent.click(within(p).getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm password' });
    await userEvent.type(within(dialog).getByLabelText('Password'), 'right-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(p).findByText('You have not enabled two-factor authentication.')).toBeTruthy();
    const disables = calls.filter((c) => c.path === '/auth/user/two-factor-authentication');
    expect(disables.map((c) => c.method)).toEqual(['DELETE', 'DELETE']);
  });
});
