import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '#src/ui/toast';
import {
  accountHandler,
  apiAccess,
  makeAccountUser,
  mockViewport,
  visitAccountSettings,
} from '#test/account';
import { fail, mockApi, ok } from '#test/mock-api';

const writeText = vi.fn(async (_text: string) => undefined);

beforeEach(() => {
  mockViewport(1280);
  writeText.mockClear();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearToasts();
});

const PLAIN = '12|a4f0c2b7e9d14e6b8c3f5a7d9e1b3c5d7f9a1b3c';
const user = makeAccountUser({ permissions: [apiAccess] });

function server() {
  return mockApi(
    accountHandler(user, (call) => {
      if (call.method === 'POST' && call.path === '/api/v1/access-tokens') {
        const name = (call.body as { tokenName: string }).tokenName;
        if (name === 'taken') {
          return fail(422, { message: 'Invalid', errors: { tokenName: ['That name is already used.'] } });
        }
        return ok({
          token: { id: 12, name, last_used_at: null, created_at: new Date().toISOString() },
          plainTextToken: PLAIN,
        });
      }
      if (call.method === 'DELETE' && call.path === '/api/v1/access-tokens/12')
        return ok({ message: 'Token deleted.' });
      return undefined;
    }),
  );
}

async function openDialog() {
  visitAccountSettings(user);
  await userEvent.click(await screen.findByRole('button', { name: 'Create token' }));
  return screen.findByRole('dialog', { name: 'Create token' });
}

describe('access token dialog (SPEC §4)', () => {
  it('requires a name and places server errors on it', async () => {
    const calls = server();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The token name field is required.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v1/access-tokens')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('Token name'), 'taken');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('That name is already used.')).toBeTruthy();
  });

  it('shows the plain token once with the warning, lists the token, and forgets it on close', async () => {
    const calls = server();
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Token name'), 'CI deploy');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const shown = await screen.findByRole('dialog', { name: 'Token created' });
    const field = within(shown).getByLabelText('Your new token') as HTMLInputElement;
    expect(field.value).toBe(PLAIN);
    expect(field.readOnly).toBe(true);
    expect(
      within(shown).getByText("Make sure to copy your new token now. You won't be able to see it again."),
    ).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/v1/access-tokens')?.body).toEqual({ tokenName: 'CI deploy' });

    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByDisplayValue(PLAIN)).toBeNull();
    const list = screen.getByRole('list', { name: 'API tokens' });
    expect(within(list).getByText('CI deploy')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    const again = await screen.findByRole('dialog', { name: 'Create token' });
    expect((within(again).getByLabelText('Token name') as HTMLInputElement).value).toBe('');
  });

  it("copies the token and says 'Copied!' for exactly 1 second", async () => {
    server();
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Token name'), 'CI deploy');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const shown = await screen.findByRole('dialog', { name: 'Token created' });

    vi.useFakeTimers();
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy token' }));
    await act(async () => {
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith(PLAIN);
    expect(within(shown).getByText('Copied!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(999));
    expect(within(shown).getByText('Copied!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(within(shown).queryByText('Copied!')).toBeNull();
    expect(within(shown).getByRole('button', { name: 'Copy token' })).toBeTruthy();
  });

  it('deletes a token after confirming', async () => {
    const withToken = makeAccountUser({
      permissions: [apiAccess],
      tokens: [{ id: 12, name: 'CI deploy', last_used_at: null, created_at: '2024-01-01T00:00:00Z' }],
    });
    const calls = mockApi(
      accountHandler(withToken, (call) =>
        call.method === 'DELETE' && call.path === '/api/v1/access-tokens/12'
          ? ok({ message: 'Token deleted.' })
          : undefined,
      ),
    );
    visitAccountSettings(withToken);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete token CI deploy' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete token' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted token')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/v1/access-tokens/12')).toBe(true);
    expect(screen.getByText('You have no API tokens yet.')).toBeTruthy();
  });
});
