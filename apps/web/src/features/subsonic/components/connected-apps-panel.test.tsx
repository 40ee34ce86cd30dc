import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppPassword } from '@zema/contracts';
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
  vi.restoreAllMocks();
  clearToasts();
});

const PATH = '/api/v1/users/me/app-passwords';
const PASSWORD = 'Xq7bT2mK9pLw4Rz8Vn3Hs6Jd';

function appPassword(patch: Partial<AppPassword> = {}): AppPassword {
  return { id: 7, name: 'Car', created_at: '2026-01-15T10:00:00Z', last_used_at: null, ...patch };
}

/** The app-password endpoints over a list the test starts with; answers change with it. */
function server(user: ReturnType<typeof makeAccountUser>, start: AppPassword[] = []) {
  let rows = [...start];
  return mockApi(
    accountHandler(user, (call) => {
      if (call.method === 'GET' && call.path === PATH) {
        return ok({ app_passwords: rows, username: user.email });
      }
      if (call.method === 'POST' && call.path === PATH) {
        const name = (call.body as { name: string }).name;
        if (name === 'taken') {
          return fail(422, { message: 'Invalid', errors: { name: ['That name is already used.'] } });
        }
        const created = appPassword({ id: 12, name, created_at: new Date().toISOString() });
        rows = [...rows, created];
        return ok({ app_password: created, password: PASSWORD, username: user.email });
      }
      const id =
        call.method === 'DELETE' && call.path.startsWith(`${PATH}/`)
          ? call.path.slice(PATH.length + 1)
          : null;
      if (id) {
        rows = rows.filter((row) => String(row.id) !== id);
        return ok({ message: 'App password revoked.' });
      }
      return undefined;
    }),
  );
}

const withAccess = makeAccountUser({ permissions: [apiAccess] });
const panel = () => screen.findByRole('region', { name: 'Connected apps' });

async function openCreateDialog() {
  const section = await panel();
  await userEvent.click(await within(section).findByRole('button', { name: 'Create app password' }));
  return screen.findByRole('dialog', { name: 'Create app password' });
}

describe('account settings: connected apps', () => {
  it('shows the server address and username to type into an app, and lists app passwords', async () => {
    server(withAccess, [
      appPassword({ id: 7, name: 'Car' }),
      appPassword({
        id: 8,
        name: 'My phone',
        last_used_at: new Date(Date.now() - 2 * 3600_000).toISOString(),
      }),
    ]);
    visitAccountSettings(withAccess);
    const section = await panel();
    expect(
      within(section).getByText(
        'Sign in to Subsonic apps on your phone, desktop or car with your email and an app password. Your account password does not work in apps.',
      ),
    ).toBeTruthy();

    const address = (await within(section).findByLabelText('Server address')) as HTMLInputElement;
    expect(address.value).toBe(window.location.origin);
    expect(address.readOnly).toBe(true);
    expect((within(section).getByLabelText('Username') as HTMLInputElement).value).toBe(withAccess.email);
    fireEvent.click(within(section).getByRole('button', { name: 'Copy username' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(withAccess.email));
    fireEvent.click(within(section).getByRole('button', { name: 'Copy server address' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(window.location.origin));

    const rows = within(within(section).getByRole('list', { name: 'App passwords' })).getAllByRole(
      'listitem',
    );
    expect(rows).toHaveLength(2);
    const [car, phone] = rows as [HTMLElement, HTMLElement];
    expect(within(car).getByText('Car')).toBeTruthy();
    expect(car.textContent).toContain('Never used');
    expect(car.querySelector('time')?.getAttribute('datetime')).toBe('2026-01-15T10:00:00Z');
    expect(within(phone).getByText('My phone')).toBeTruthy();
    expect(phone.textContent).toContain('Last used 2 hours ago');
    expect(within(phone).getByRole('button', { name: 'Revoke My phone' })).toBeTruthy();
  });

  it('says when there are no app passwords yet', async () => {
    server(withAccess);
    visitAccountSettings(withAccess);
    const section = await panel();
    expect(await within(section).findByText('You have no app passwords yet.')).toBeTruthy();
    expect(within(section).queryByRole('list', { name: 'App passwords' })).toBeNull();
  });

  it('requires a name and places server errors on it', async () => {
    const calls = server(withAccess);
    visitAccountSettings(withAccess);
    const dialog = await openCreateDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The name field is required.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('Name'), 'taken');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('That name is already used.')).toBeTruthy();
  });

  it('creates an app password and shows it once, with a copy button', async () => {
    const calls = server(withAccess);
    visitAccountSettings(withAccess);
    const dialog = await openCreateDialog();
    await userEvent.type(within(dialog).getByLabelText('Name'), '  My phone ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    const shown = await screen.findByRole('dialog', { name: 'App password created' });
    expect(calls.find((c) => c.method === 'POST' && c.path === PATH)?.body).toEqual({ name: 'My phone' });
    const field = within(shown).getByLabelText('App password') as HTMLInputElement;
    expect(field.value).toBe(PASSWORD);
    expect(field.readOnly).toBe(true);
    expect(within(shown).getByText('Copy it now: you will not see it again.')).toBeTruthy();
    expect((within(shown).getByLabelText('Username') as HTMLInputElement).value).toBe(withAccess.email);
    expect((within(shown).getByLabelText('Server address') as HTMLInputElement).value).toBe(
      window.location.origin,
    );

    fireEvent.click(within(shown).getByRole('button', { name: 'Copy app password' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(PASSWORD));
    expect(await within(shown).findByText('Copied!')).toBeTruthy();

    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Gone for good: neither the page nor the next dialog shows it again.
    expect(screen.queryByDisplayValue(PASSWORD)).toBeNull();
    const section = await panel();
    const list = within(section).getByRole('list', { name: 'App passwords' });
    expect(within(list).getByText('My phone')).toBeTruthy();
    expect(list.textContent).toContain('Never used');

    const again = await openCreateDialog();
    expect((within(again).getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect(screen.queryByDisplayValue(PASSWORD)).toBeNull();
  });

  it('revokes an app password after confirming, with the server message', async () => {
    const calls = server(withAccess, [appPassword({ id: 7, name: 'Car' })]);
    visitAccountSettings(withAccess);
    const section = await panel();
    await userEvent.click(await within(section).findByRole('button', { name: 'Revoke Car' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke app password' });
    expect(confirm.textContent).toContain('Apps signed in with it will stop working.');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));

    expect(await screen.findByText('App password revoked.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `${PATH}/7`)).toBe(true);
    await waitFor(() =>
      expect(screen.queryByRole('alertdialog', { name: 'Revoke app password' })).toBeNull(),
    );
    expect(within(section).getByText('You have no app passwords yet.')).toBeTruthy();
  });

  it('keeps the dialog closed and nothing revoked on Cancel', async () => {
    const calls = server(withAccess, [appPassword({ id: 7, name: 'Car' })]);
    visitAccountSettings(withAccess);
    const section = await panel();
    await userEvent.click(await within(section).findByRole('button', { name: 'Revoke Car' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke app password' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('alertdialog', { name: 'Revoke app password' })).toBeNull(),
    );
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(within(section).getByText('Car')).toBeTruthy();
  });

  it('without api.access: lists and revokes, but offers no new app password', async () => {
    const user = makeAccountUser();
    const calls = server(user, [appPassword({ id: 7, name: 'Car' })]);
    visitAccountSettings(user);
    const section = await panel();
    expect(await within(section).findByText('Car')).toBeTruthy();
    expect(
      within(section).getByText(
        'Your account cannot connect new apps. You can still revoke the app passwords below.',
      ),
    ).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Create app password' })).toBeNull();
    expect(within(section).queryByLabelText('Server address')).toBeNull();

    await userEvent.click(within(section).getByRole('button', { name: 'Revoke Car' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke app password' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('App password revoked.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `${PATH}/7`)).toBe(true);
  });

  it('shows a failed list with Try again', async () => {
    let failing = true;
    mockApi(
      accountHandler(withAccess, (call) => {
        if (call.method !== 'GET' || call.path !== PATH) return undefined;
        return failing
          ? fail(403, { message: 'This action is unauthorized.' })
          : ok({ app_passwords: [], username: withAccess.email });
      }),
    );
    visitAccountSettings(withAccess);
    const section = await panel();
    expect(await within(section).findByText('This action is unauthorized.')).toBeTruthy();
    failing = false;
    await userEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText('You have no app passwords yet.')).toBeTruthy();
  });

  it('fits a 375 px screen: the panel stacks under the others, no sidebar', async () => {
    mockViewport(375);
    server(withAccess);
    visitAccountSettings(withAccess);
    const section = await panel();
    expect(screen.queryByRole('navigation', { name: 'Account settings sections' })).toBeNull();
    expect(await within(section).findByRole('button', { name: 'Create app password' })).toBeTruthy();
  });
});
