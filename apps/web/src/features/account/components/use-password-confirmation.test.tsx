import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '#src/lib/api-client';
import { fail, mockApi, ok } from '#test/mock-api';
import { createTestQueryClient } from '#test/render-app';
import { type PasswordConfirmation, usePasswordConfirmation } from './use-password-confirmation';

afterEach(() => {
  vi.unstubAllGlobals();
});

let hook: PasswordConfirmation;
function Harness() {
  hook = usePasswordConfirmation();
  return <>{hook.dialog}</>;
}

function setup(opts: { confirmed: boolean; guardedFailsFirst?: boolean }) {
  let confirmed = opts.confirmed;
  let failFirst = opts.guardedFailsFirst ?? false;
  const calls = mockApi((call) => {
    if (call.path === '/auth/user/confirmed-password-status') return ok({ confirmed });
    if (call.path === '/auth/user/confirm-password') {
      confirmed = true;
      return ok({ confirmed: true });
    }
    if (call.path === '/api/v1/sensitive') {
      if (failFirst || !confirmed) {
        failFirst = false;
        return fail(423, { message: 'Password confirmation required.' });
      }
      return ok({ done: true });
    }
    return undefined;
  });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <Harness />
    </QueryClientProvider>,
  );
  const action = vi.fn(() => apiClient.post<{ done: boolean }>('sensitive'));
  return { calls, action };
}

async function confirmInDialog(password = 'right-password') {
  const dialog = await screen.findByRole('dialog', { name: 'Confirm password' });
  await userEvent.type(within(dialog).getByLabelText('Password'), password);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
}

describe('usePasswordConfirmation', () => {
  it('runs the action at once when the password was confirmed recently', async () => {
    const { calls, action } = setup({ confirmed: true });
    let result: unknown;
    await act(async () => {
      result = await hook.withConfirmation(action);
    });
    expect(result).toEqual({ done: true });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls[0]?.query.get('seconds')).toBe('9000');
  });

  it('asks first when not confirmed, then runs the action', async () => {
    const { calls, action } = setup({ confirmed: false });
    let pending!: Promise<unknown>;
    act(() => {
      pending = hook.withConfirmation(action);
    });
    await confirmInDialog();
    await expect(pending).resolves.toEqual({ done: true });
    expect(action).toHaveBeenCalledTimes(1);
    expect(calls.find((c) => c.path === '/auth/user/confirm-password')?.body).toEqual({
      password: 'right-password',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('on a 423 answer asks for the password and retries the action once', async () => {
    const { action } = setup({ confirmed: true, guardedFailsFirst: true });
    let pending!: Promise<unknown>;
    act(() => {
      pending = hook.withConfirmation(action);
    });
    await confirmInDialog();
    await expect(pending).resolves.toEqual({ done: true });
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('resolves with undefined and does not run the action when the dialog is cancelled', async () => {
    const { action } = setup({ confirmed: false });
    let pending!: Promise<unknown>;
    act(() => {
      pending = hook.withConfirmation(action);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm password' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(pending).resolves.toBeUndefined();
    expect(action).not.toHaveBeenCalled();
  });
});
