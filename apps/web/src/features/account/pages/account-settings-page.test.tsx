import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_ERROR_MESSAGE } from '@zema/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getBootstrapData } from '#src/lib/bootstrap-store';
import { clearToasts } from '#src/ui/toast';
import {
  accountHandler,
  apiAccess,
  makeAccountUser,
  makeSession,
  mockViewport,
  visitAccountSettings,
} from '#test/account';
import { makeBootstrap } from '#test/bootstrap-factory';
import { fail, mockApi, ok } from '#test/mock-api';

/**
 * The upload queue's network paths, answered here: every file is stored as entry 42 at once. The
 * avatar goes through the queue (a plain POST file-entries at its size) before POST users/{id}/avatar.
 */
const queued = vi.hoisted(() => [] as { path: string; file: File; metadata: unknown }[]);
vi.mock('#src/features/uploads/lib/default-transports', async () => {
  const { fileEntry } = await import('#test/fake-uploads');
  const send =
    (path: string) =>
    async ({ file, metadata }: { file: File; metadata: unknown }) => {
      queued.push({ path, file, metadata });
      return fileEntry(42, file.name);
    };
  return {
    createDefaultTransports: () => ({
      plain: send('plain'),
      tus: send('tus'),
      's3-simple': send('s3-simple'),
      's3-multipart': send('s3-multipart'),
    }),
  };
});

beforeEach(() => {
  mockViewport(1280);
  queued.length = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearToasts();
});

// The page is a lazy chunk: findBy waits for it (test/setup.ts gives every wait room for a loaded runner).
const heading = () => screen.findByRole('heading', { level: 1, name: 'Account settings' });
const panel = (id: string) => document.getElementById(id);

describe('account settings layout', () => {
  it('shows the panels under their SPEC anchors and a sidebar linking to each on large screens', async () => {
    mockApi(accountHandler(makeAccountUser({ permissions: [apiAccess] })));
    visitAccountSettings(makeAccountUser({ permissions: [apiAccess] }));
    await heading();
    await screen.findByRole('heading', { level: 2, name: 'Account details' });
    for (const id of [
      'account-details',
      'password',
      'two-factor',
      'sessions',
      'location-and-language',
      'connected-apps',
      'developers',
      'delete-account',
    ]) {
      expect(panel(id)?.tagName).toBe('SECTION');
    }
    const nav = screen.getByRole('navigation', { name: 'Account settings sections' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '#account-details',
      '#password',
      '#two-factor',
      '#sessions',
      '#location-and-language',
      '#connected-apps',
      '#developers',
      '#delete-account',
    ]);
  });

  it('scrolls to a panel from the sidebar and marks it current', async () => {
    mockApi(accountHandler(makeAccountUser()));
    visitAccountSettings(makeAccountUser());
    const link = await screen.findByRole('link', { name: 'Active sessions' });
    const scroll = vi.fn();
    const target = panel('sessions');
    if (!target) throw new Error('no sessions panel');
    target.scrollIntoView = scroll;
    await userEvent.click(link);
    expect(scroll).toHaveBeenCalledWith(expect.objectContaining({ block: 'start' }));
    expect(link.getAttribute('aria-current')).toBe('location');
  });

  it('has no sidebar on small screens, the panels still stacked', async () => {
    mockViewport(375);
    mockApi(accountHandler(makeAccountUser()));
    visitAccountSettings(makeAccountUser());
    await screen.findByRole('heading', { level: 2, name: 'Account details' });
    expect(screen.queryByRole('navigation', { name: 'Account settings sections' })).toBeNull();
    expect(panel('delete-account')).toBeTruthy();
  });

  it('shows the developers panel only with the API integrated and api.access', async () => {
    mockApi(accountHandler(makeAccountUser()));
    visitAccountSettings(makeAccountUser());
    await screen.findByRole('heading', { level: 2, name: 'Account details' });
    expect(panel('developers')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Developers' })).toBeNull();
  });

  it('hides the developers panel when the API is not integrated, even with api.access', async () => {
    const user = makeAccountUser({ permissions: [apiAccess] });
    mockApi(accountHandler(user));
    visitAccountSettings(user, { settings: { api: { integrated: false } } });
    await screen.findByRole('heading', { level: 2, name: 'Account details' });
    expect(panel('developers')).toBeNull();
  });

  it('lists tokens with last use, or Never, when allowed', async () => {
    const user = makeAccountUser({
      permissions: [apiAccess],
      tokens: [
        { id: 1, name: 'CI deploy', last_used_at: null, created_at: '2024-01-01T00:00:00Z' },
        {
          id: 2,
          name: 'Backup script',
          last_used_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
          created_at: '2024-01-01T00:00:00Z',
        },
      ],
    });
    mockApi(accountHandler(user));
    visitAccountSettings(user);
    const list = await screen.findByRole('list', { name: 'API tokens' });
    expect(within(list).getByText('CI deploy')).toBeTruthy();
    expect(within(list).getByText(/Last used\s+Never/)).toBeTruthy();
    expect(within(list).getByText('3 hours ago')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'API documentation' }).getAttribute('href')).toBe('/api-docs');
  });

  it('shows an error with a retry when the account cannot load', async () => {
    let failures = 1;
    const user = makeAccountUser();
    mockApi(
      accountHandler(user, (call) => {
        if (call.path === '/api/v1/users/me' && failures-- > 0) return fail(403, { message: 'Forbidden.' });
        return undefined;
      }),
    );
    visitAccountSettings(user);
    expect((await screen.findByRole('alert')).textContent).toContain('Forbidden.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Account details' })).toBeTruthy();
  });
});

describe('social login panel', () => {
  it('is hidden when no provider is enabled', async () => {
    mockApi(accountHandler(makeAccountUser()));
    visitAccountSettings(makeAccountUser());
    await screen.findByRole('heading', { level: 2, name: 'Account details' });
    expect(panel('social-login')).toBeNull();
  });

  it('lists each enabled provider with its username or Not connected', async () => {
    const user = makeAccountUser({ social_profiles: [{ service_name: 'google', username: 'abebe.b' }] });
    mockApi(accountHandler(user));
    visitAccountSettings(user, {
      settings: { social: { google: { enable: true }, facebook: { enable: true } } },
    });
    const section = await waitFor(() => {
      const el = panel('social-login');
      if (!el) throw new Error('missing');
      return el;
    });
    expect(within(section).getByText('abebe.b')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Disconnect Google' })).toBeTruthy();
    expect(within(section).getByText('Not connected')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Connect Facebook' })).toBeTruthy();
  });

  it("disconnects with 'Disabled Google account'", async () => {
    const user = makeAccountUser({ social_profiles: [{ service_name: 'google', username: 'abebe.b' }] });
    const calls = mockApi(
      accountHandler(user, (call) =>
        call.path === '/secure/auth/social/google/disconnect'
          ? ok({
              bootstrapData: makeBootstrap({
                user: { ...user, social_profiles: [] },
                settings: { social: { google: { enable: true } } },
              }),
            })
          : undefined,
      ),
    );
    visitAccountSettings(user, { settings: { social: { google: { enable: true } } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Disconnect Google' }));
    expect(await screen.findByText('Disabled Google account')).toBeTruthy();
    expect(calls.some((c) => c.path === '/secure/auth/social/google/disconnect')).toBe(true);
    expect(await screen.findByText('Not connected')).toBeTruthy();
  });

  it('shows the generic error toast when disconnecting fails', async () => {
    const user = makeAccountUser({ social_profiles: [{ service_name: 'google', username: 'abebe.b' }] });
    mockApi(
      accountHandler(user, (call) =>
        call.path === '/secure/auth/social/google/disconnect' ? fail(500, { message: 'boom' }) : undefined,
      ),
    );
    visitAccountSettings(user, { settings: { social: { google: { enable: true } } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Disconnect Google' }));
    expect(await screen.findByText(DEFAULT_ERROR_MESSAGE)).toBeTruthy();
  });
});

describe('account details', () => {
  it("saves the name with 'Updated account details' and updates the bootstrap user", async () => {
    const user = makeAccountUser();
    const calls = mockApi(
      accountHandler(user, (call) =>
        call.method === 'PUT' && call.path === '/api/v1/users/me'
          ? ok({
              user: { ...user, first_name: 'Tirunesh', last_name: 'Dibaba', display_name: 'Tirunesh Dibaba' },
            })
          : undefined,
      ),
    );
    visitAccountSettings(user);
    const first = await screen.findByLabelText('First name');
    await userEvent.clear(first);
    await userEvent.type(first, 'Tirunesh');
    const last = screen.getByLabelText('Last name');
    await userEvent.clear(last);
    await userEvent.type(last, 'Dibaba');
    await userEvent.click(
      within(panel('account-details') as HTMLElement).getByRole('button', { name: 'Save' }),
    );
    expect(await screen.findByText('Updated account details')).toBeTruthy();
    const put = calls.find((c) => c.path === '/api/v1/users/me' && c.method === 'PUT');
    expect(put?.body).toEqual({ first_name: 'Tirunesh', last_name: 'Dibaba' });
    expect(getBootstrapData()?.user?.display_name).toBe('Tirunesh Dibaba');
  });

  it('places server field errors on the name fields', async () => {
    const user = makeAccountUser();
    mockApi(
      accountHandler(user, (call) =>
        call.method === 'PUT' && call.path === '/api/v1/users/me'
          ? fail(422, { message: 'Invalid', errors: { first_name: ['The first name is too long.'] } })
          : undefined,
      ),
    );
    visitAccountSettings(user);
    await screen.findByLabelText('First name');
    await userEvent.click(
      within(panel('account-details') as HTMLElement).getByRole('button', { name: 'Save' }),
    );
    expect(await screen.findByText('The first name is too long.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));
  });
});

describe('email', () => {
  it('shows the email and changes it through the code dialog; the panel then shows the new one', async () => {
    const user = makeAccountUser({ email: 'old@example.test' });
    const calls = mockApi(
      accountHandler(user, (call) => {
        if (call.method === 'POST' && call.path === '/api/v1/users/me/email')
          return ok({ message: 'Email sent' });
        if (call.method === 'POST' && call.path === '/api/v1/users/me/email/confirm') {
          return ok({ user: { ...user, email: 'new@example.test' } });
        }
        return undefined;
      }),
    );
    visitAccountSettings(user);
    const details = await screen.findByRole('heading', { level: 2, name: 'Account details' });
    const section = details.closest('section') as HTMLElement;
    const email = within(section).getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('old@example.test');
    expect(email.readOnly).toBe(true);

    await userEvent.click(within(section).getByRole('button', { name: 'Change email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change email' });
    await userEvent.type(within(dialog).getByLabelText('New email'), 'new@example.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await userEvent.type(await within(dialog).findByLabelText('Code'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change email' }));

    expect(await screen.findByText('Email changed')).toBeTruthy();
    await waitFor(() =>
      expect((within(section).getByLabelText('Email') as HTMLInputElement).value).toBe('new@example.test'),
    );
    expect(screen.queryByRole('dialog', { name: 'Change email' })).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/api/v1/users/me/email')).map((c) => c.body)).toEqual([
      { email: 'new@example.test' },
      { code: '123456' },
    ]);
  });
});

describe('avatar', () => {
  const png = (size = 10) => new File([new Uint8Array(size)], 'me.png', { type: 'image/png' });

  async function setup(extra?: Parameters<typeof accountHandler>[1], patch = {}) {
    const user = makeAccountUser(patch);
    const calls = mockApi(accountHandler(user, extra));
    visitAccountSettings(user);
    const input = (await screen.findByLabelText(/Choose an image/)) as HTMLInputElement;
    const upload = screen.getByRole('button', { name: 'Upload' });
    return { calls, input, upload, user };
  }

  it("asks for an image when nothing is chosen: 'Please select an image.'", async () => {
    const { calls, upload } = await setup();
    await userEvent.click(upload);
    expect((await screen.findByRole('alert')).textContent).toBe('Please select an image.');
    expect(calls.some((c) => c.path.endsWith('/avatar'))).toBe(false);
  });

  it("refuses other file types: 'This file type is not allowed'", async () => {
    const { calls, input, upload } = await setup();
    await userEvent.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    await userEvent.click(upload);
    expect((await screen.findByRole('alert')).textContent).toBe('This file type is not allowed');
    expect(calls.some((c) => c.path.endsWith('/avatar'))).toBe(false);
  });

  it('refuses images over 2 MB with the size message', async () => {
    const { calls, input, upload } = await setup();
    await userEvent.upload(input, png(2 * 1024 * 1024 + 1));
    await userEvent.click(upload);
    expect((await screen.findByRole('alert')).textContent).toBe('The file may not be greater than 2 MB.');
    expect(calls.some((c) => c.path.endsWith('/avatar'))).toBe(false);
  });

  it("uploads the image through the upload queue, then sets it by its entry with 'Uploaded avatar'", async () => {
    const { calls, input, upload, user } = await setup((call) =>
      call.path === '/api/v1/users/7/avatar'
        ? ok({ user: { ...makeAccountUser(), avatar: '/storage/a.png' } })
        : undefined,
    );
    await userEvent.upload(input, png(2 * 1024 * 1024));
    await userEvent.click(upload);
    expect(await screen.findByText('Uploaded avatar')).toBeTruthy();
    // One plain upload (below 4 MB), marked as an avatar.
    expect(queued.map((q) => [q.path, q.file.name, q.metadata])).toEqual([
      ['plain', 'me.png', { uploadType: 'avatar' }],
    ]);
    const call = calls.find((c) => c.path === `/api/v1/users/${user.id}/avatar`);
    expect(call?.method).toBe('POST');
    expect(call?.body).toEqual({ file_entry_id: 42 });
    expect(getBootstrapData()?.user?.avatar).toBe('/storage/a.png');
    // Done: the progress row goes, the form is ready for another picture.
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Upload' })).toBeNull());
  });

  it("shows the server's refusal of the picture under the field", async () => {
    const { input, upload } = await setup((call) =>
      call.path === '/api/v1/users/7/avatar'
        ? fail(422, {
            message: 'This file type is not allowed',
            errors: { file: ['This file type is not allowed'] },
          })
        : undefined,
    );
    await userEvent.upload(input, png());
    await userEvent.click(upload);
    expect((await screen.findByRole('alert')).textContent).toBe('This file type is not allowed');
  });

  it("removes the avatar with 'Removed avatar'", async () => {
    const { calls } = await setup(
      (call) => (call.path === '/api/v1/users/7/avatar' ? ok({ user: makeAccountUser() }) : undefined),
      { avatar: '/storage/a.png' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removed avatar')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/v1/users/7/avatar')?.method).toBe('DELETE');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull());
  });

  it('shows the generic error toast when removing fails', async () => {
    await setup(
      (call) => (call.path === '/api/v1/users/7/avatar' ? fail(500, { message: 'Disk full' }) : undefined),
      { avatar: '/storage/a.png' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(DEFAULT_ERROR_MESSAGE)).toBeTruthy();
  });
});

describe('password panel', () => {
  it('updates the password and places field errors', async () => {
    let attempt = 0;
    const calls = mockApi(
      accountHandler(makeAccountUser(), (call) => {
        if (call.path !== '/auth/user/password') return undefined;
        attempt++;
        return attempt === 1
          ? fail(422, { message: 'Invalid', errors: { current_password: ['The password is incorrect.'] } })
          : ok({ message: 'Password updated.' });
      }),
    );
    visitAccountSettings(makeAccountUser());
    await userEvent.type(await screen.findByLabelText('Current password'), 'wrong-password');
    await userEvent.type(screen.getByLabelText('New password'), 'new-password-1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'new-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('The password is incorrect.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Current password'));
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Password updated')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/auth/user/password').at(-1)?.body).toEqual({
      current_password: 'wrong-password',
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    });
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it('checks the confirmation before sending', async () => {
    const calls = mockApi(accountHandler(makeAccountUser()));
    visitAccountSettings(makeAccountUser());
    await userEvent.type(await screen.findByLabelText('Current password'), 'old-password');
    await userEvent.type(screen.getByLabelText('New password'), 'new-password-1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'new-password-2');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('The password confirmation does not match.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/auth/user/password')).toBe(false);
  });
});

describe('sessions panel', () => {
  it('shows device icons, This device, API token and Unknown location', async () => {
    const sessions = [
      makeSession(),
      makeSession({
        id: 'sess-2',
        device_type: 'mobile',
        platform: 'iOS',
        browser: 'Mobile Safari',
        city: null,
        country: null,
        ip_address: '127.0.0.1',
        is_current_device: false,
        last_active: new Date(Date.now() - 2 * 86400_000).toISOString(),
      }),
      makeSession({ id: 'token-4', device_type: 'tablet', token: true, is_current_device: false }),
    ];
    mockApi(accountHandler(makeAccountUser(), undefined, { sessions }));
    visitAccountSettings(makeAccountUser());
    const list = await screen.findByRole('list', { name: 'Sessions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0] as HTMLElement).getByRole('img', { name: 'Computer' })).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('This device')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText(/Addis Ababa, Ethiopia/)).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByRole('img', { name: 'Mobile' })).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText(/Unknown location · 127\.0\.0\.1/)).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Last active 2 days ago')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByText('This device')).toBeNull();
    expect(within(rows[2] as HTMLElement).getByRole('img', { name: 'Tablet' })).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('API token')).toBeTruthy();
  });

  it('asks the password every time to log out other sessions, then refetches', async () => {
    const calls = mockApi(
      accountHandler(makeAccountUser(), (call) =>
        call.path === '/api/v1/user-sessions/logout-other' ? ok({ message: 'ok' }) : undefined,
      ),
    );
    visitAccountSettings(makeAccountUser());
    await screen.findByRole('list', { name: 'Sessions' });
    for (const round of [1, 2]) {
      await userEvent.click(screen.getByRole('button', { name: 'Log out other sessions' }));
      const dialog = await screen.findByRole('dialog', { name: 'Log out other sessions' });
      const password = within(dialog).getByLabelText('Password') as HTMLInputElement;
      expect(password.value).toBe('');
      await userEvent.type(password, `secret-password-${round}`);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Log out other sessions' }));
      expect(await screen.findByText('Logged out other sessions')).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    const posts = calls.filter((c) => c.path === '/api/v1/user-sessions/logout-other');
    expect(posts.map((c) => c.body)).toEqual([
      { password: 'secret-password-1' },
      { password: 'secret-password-2' },
    ]);
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/v1/user-sessions').length).toBe(3));
    expect(calls.some((c) => c.path === '/auth/user/confirmed-password-status')).toBe(false);
  });

  it('shows a wrong password on the field', async () => {
    mockApi(
      accountHandler(makeAccountUser(), (call) =>
        call.path === '/api/v1/user-sessions/logout-other'
          ? fail(422, { message: 'Invalid', errors: { password: ['The password is incorrect.'] } })
          : undefined,
      ),
    );
    visitAccountSettings(makeAccountUser());
    await userEvent.click(await screen.findByRole('button', { name: 'Log out other sessions' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'nope-nope');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log out other sessions' }));
    expect(await within(dialog).findByText('The password is incorrect.')).toBeTruthy();
  });
});

describe('location and language', () => {
  /** The panel, once its lists have loaded and its form is there. */
  const locationForm = () =>
    waitFor(() => {
      const el = panel('location-and-language');
      if (!el?.querySelector('form')) throw new Error('not loaded');
      return el;
    });

  it('saves time zone, country and language, and switches the open app to the language at once', async () => {
    const user = makeAccountUser();
    const amharic = makeBootstrap({
      user: { ...getBootstrapData()!.user!, language: 'am' },
      i18n: {
        locale: { id: 2, name: 'አማርኛ', language: 'am' },
        lines: { 'Location and language': 'አካባቢ እና ቋንቋ' },
      },
    });
    const calls = mockApi(
      accountHandler(user, (call) => {
        if (call.method === 'PUT' && call.path === '/api/v1/users/me') return ok({ user });
        if (call.path === '/api/v1/users/me/locale') return ok({ locale: 'am' });
        if (call.path === '/api/v1/bootstrap-data') return ok({ bootstrapData: amharic });
        return undefined;
      }),
    );
    visitAccountSettings(user);
    const section = await locationForm();
    await userEvent.click(within(section).getByRole('button', { name: /Language/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Amharic' }));
    const country = within(section).getByRole('combobox', { name: 'Country' });
    await userEvent.type(country, 'Germ');
    await userEvent.click(await screen.findByRole('option', { name: 'Germany' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    // No reload: the page reads the new language's lines from fresh bootstrap data.
    expect(await screen.findByRole('heading', { name: 'አካባቢ እና ቋንቋ' })).toBeTruthy();
    expect(getBootstrapData()!.i18n.locale.language).toBe('am');
    const put = calls.find((c) => c.method === 'PUT' && c.path === '/api/v1/users/me');
    expect(put?.body).toEqual({
      timezone: 'Africa/Addis_Ababa',
      country: 'de',
      language: 'am',
      calendar: 'gregorian',
    });
    expect(calls.find((c) => c.path === '/api/v1/users/me/locale')?.body).toEqual({ locale: 'am' });
  });

  it('saves the Ethiopian calendar without switching language when only the calendar changes', async () => {
    const user = makeAccountUser();
    const calls = mockApi(
      accountHandler(user, (call) => {
        if (call.method === 'PUT' && call.path === '/api/v1/users/me')
          return ok({ user: { ...user, calendar: 'ethiopic' } });
        return undefined;
      }),
    );
    visitAccountSettings(user);
    const section = await locationForm();
    await userEvent.click(within(section).getByRole('button', { name: /Calendar/ }));
    await userEvent.click(await screen.findByRole('option', { name: /^Ethiopian/ }));
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT' && c.path === '/api/v1/users/me')?.body).toMatchObject({
        calendar: 'ethiopic',
      }),
    );
    expect(calls.some((c) => c.path === '/api/v1/bootstrap-data')).toBe(false);
  });

  it('shows the generic error toast when the locale change fails', async () => {
    const user = makeAccountUser();
    mockApi(
      accountHandler(user, (call) => {
        if (call.method === 'PUT' && call.path === '/api/v1/users/me') return ok({ user });
        if (call.path === '/api/v1/users/me/locale') return fail(500, { message: 'boom' });
        return undefined;
      }),
    );
    visitAccountSettings(user);
    const section = await locationForm();
    await userEvent.click(within(section).getByRole('button', { name: /Language/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Amharic' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(DEFAULT_ERROR_MESSAGE)).toBeTruthy();
    expect(getBootstrapData()!.i18n.locale.language).toBe('en');
  });
});

describe('danger zone', () => {
  it('deletes the account after typing DELETE, then shows the login screen as a visitor', async () => {
    const user = makeAccountUser();
    const calls = mockApi(
      accountHandler(user, (call) =>
        call.path === '/api/v1/users/7' ? ok({ bootstrapData: makeBootstrap() }) : undefined,
      ),
    );
    const { router } = visitAccountSettings(user);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete account' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await userEvent.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getBootstrapData()?.user).toBeNull();
    const call = calls.find((c) => c.path === '/api/v1/users/7');
    expect(call?.method).toBe('DELETE');
    expect(call?.query.get('deleteCurrentUser')).toBe('true');
  });
});
