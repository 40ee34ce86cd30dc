import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getBootstrapData } from '#src/lib/bootstrap-store';
import { clearToasts, ToastRegion } from '#src/ui/toast';
import { makeAccountUser } from '#test/account';
import { makeBootstrap } from '#test/bootstrap-factory';
import { type ApiAnswer, fail, mockApi, ok, type ApiCall as RecordedCall } from '#test/mock-api';
import { renderInRouter } from '#test/render-app';
import { ACCOUNT_QUERY_KEY, type AccountSettingsUser } from '../api/get-account';
import { ChangeEmailDialog } from './change-email-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

const OLD = 'old@example.test';
const NEW = 'new@example.test';
function setup(
  handler: (call: RecordedCall) => ApiAnswer | undefined = () => undefined,
  opts: { confirmed?: boolean } = {},
) {
  const user = makeAccountUser({ email: OLD });
  let confirmed = opts.confirmed ?? true;
  const calls = mockApi((call) => {
    const answer = handler(call);
    if (answer) return answer;
    const key = `${call.method} ${call.path}`;
    if (key === 'GET /auth/user/confirmed-password-status') return ok({ confirmed });
    if (key === 'POST /auth/user/confirm-password') {
      confirmed = true;
      return ok({ confirmed: true });
    }
    if (key === 'POST /api/v1/users/me/email') return ok({ message: 'Email sent' });
    if (key === 'POST /api/v1/users/me/email/confirm') {
      return ok({ user: { ...user, email: NEW } satisfies AccountSettingsUser });
    }
    return undefined;
  });
  const onClose = vi.fn();
  const { queryClient } = renderInRouter(
    <>
      <ChangeEmailDialog isOpen onClose={onClose} />
      <ToastRegion />
    </>,
    makeBootstrap({ user }),
  );
  queryClient.setQueryData(ACCOUNT_QUERY_KEY, user);
  return { calls, onClose, queryClient };
}

const dialog = () => screen.findByRole('dialog', { name: 'Change email' });

async function sendCodeTo(email: string) {
  const d = await dialog();
  await userEvent.type(within(d).getByLabelText('New email'), email);
  await userEvent.click(within(d).getByRole('button', { name: 'Send code' }));
}

async function enterCode(code: string) {
  const d = await dialog();
  const field = await within(d).findByLabelText('Code');
  await userEvent.clear(field);
  await userEvent.type(field, code);
  await userEvent.click(within(d).getByRole('button', { name: 'Change email' }));
}

const posts = (calls: RecordedCall[], path: string) =>
  calls.filter((c) => c.method === 'POST' && c.path === path);

describe('change email dialog', () => {
  it('sends a code to the new address, then changes the email with it', async () => {
    const { calls, onClose, queryClient } = setup();
    await sendCodeTo(NEW);
    expect(
      await screen.findByText(`Enter the code we sent to ${NEW}. It expires in 10 minutes.`),
    ).toBeTruthy();
    expect(posts(calls, '/api/v1/users/me/email').map((c) => c.body)).toEqual([{ email: NEW }]);

    await enterCode('123456');
    expect(await screen.findByText('Email changed')).toBeTruthy();
    expect(posts(calls, '/api/v1/users/me/email/confirm').map((c) => c.body)).toEqual([{ code: '123456' }]);
    expect(onClose).toHaveBeenCalled();
    // The navbar (bootstrap user) and the account panels show the new address.
    expect(getBootstrapData()?.user?.email).toBe(NEW);
    expect(queryClient.getQueryData<AccountSettingsUser>(ACCOUNT_QUERY_KEY)?.email).toBe(NEW);
  });

  it('asks for the password first when it was not confirmed recently', async () => {
    const { calls } = setup(undefined, { confirmed: false });
    await sendCodeTo(NEW);
    const confirm = await screen.findByRole('dialog', { name: 'Confirm password' });
    // The email dialog steps aside while the password is asked.
    expect(screen.queryByRole('dialog', { name: 'Change email' })).toBeNull();
    expect(posts(calls, '/api/v1/users/me/email')).toEqual([]);
    await userEvent.type(within(confirm).getByLabelText('Password'), 'my password');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText(`Enter the code we sent to ${NEW}. It expires in 10 minutes.`),
    ).toBeTruthy();
    expect(posts(calls, '/auth/user/confirm-password').map((c) => c.body)).toEqual([
      { password: 'my password' },
    ]);
    expect(posts(calls, '/api/v1/users/me/email')).toHaveLength(1);
  });

  it('checks the address and the code before sending anything', async () => {
    const { calls } = setup();
    await sendCodeTo('not-an-email');
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(posts(calls, '/api/v1/users/me/email')).toEqual([]);

    const d = await dialog();
    await userEvent.clear(within(d).getByLabelText('New email'));
    await userEvent.type(within(d).getByLabelText('New email'), NEW);
    await userEvent.click(within(d).getByRole('button', { name: 'Send code' }));
    await enterCode('12ab');
    expect(await screen.findByText('The code must be 6 digits.')).toBeTruthy();
    expect(posts(calls, '/api/v1/users/me/email/confirm')).toEqual([]);
  });

  it('shows a taken address on the email field', async () => {
    setup((call) =>
      call.path === '/api/v1/users/me/email'
        ? fail(422, {
            message: 'The email has already been taken.',
            errors: { email: ['The email has already been taken.'] },
          })
        : undefined,
    );
    await sendCodeTo(NEW);
    expect(await screen.findByText('The email has already been taken.')).toBeTruthy();
    const field = within(await dialog()).getByLabelText('New email');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(within(await dialog()).queryByLabelText('Code')).toBeNull();
  });

  it('shows a wrong, expired or dead code on the code field and stays on the code step', async () => {
    const { onClose } = setup((call) =>
      call.path === '/api/v1/users/me/email/confirm'
        ? fail(422, { message: 'The code is invalid.', errors: { code: ['The code is invalid.'] } })
        : undefined,
    );
    await sendCodeTo(NEW);
    await enterCode('000000');
    expect(await screen.findByText('The code is invalid.')).toBeTruthy();
    expect(
      within(await dialog())
        .getByLabelText('Code')
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('goes back to the address when it was taken between the two steps', async () => {
    setup((call) =>
      call.path === '/api/v1/users/me/email/confirm'
        ? fail(422, {
            message: 'The email has already been taken.',
            errors: { email: ['The email has already been taken.'] },
          })
        : undefined,
    );
    await sendCodeTo(NEW);
    await enterCode('123456');
    expect(await screen.findByText('The email has already been taken.')).toBeTruthy();
    const field = within(await dialog()).getByLabelText('New email');
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it("sends a new code to the same address with 'Email sent'", async () => {
    const { calls } = setup();
    await sendCodeTo(NEW);
    const d = await dialog();
    await userEvent.click(await within(d).findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('Email sent')).toBeTruthy();
    await waitFor(() => expect(posts(calls, '/api/v1/users/me/email')).toHaveLength(2));
    expect(posts(calls, '/api/v1/users/me/email')[1]?.body).toEqual({ email: NEW });
  });

  it('shows a rate limit as an error on the address', async () => {
    setup((call) =>
      call.path === '/api/v1/users/me/email'
        ? fail(429, {
            message: 'Too many verification emails. Please try again in 42 seconds.',
            errors: { email: ['Too many verification emails. Please try again in 42 seconds.'] },
          })
        : undefined,
    );
    await sendCodeTo(NEW);
    expect(
      await screen.findByText('Too many verification emails. Please try again in 42 seconds.'),
    ).toBeTruthy();
  });
});
