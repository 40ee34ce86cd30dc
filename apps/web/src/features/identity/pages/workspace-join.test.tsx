import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACTIVE_WORKSPACE_COOKIE, SOCIAL_POPUP_MESSAGE_TYPE, type SocialLoginResult } from '@zema/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getBootstrapData } from '#src/lib/bootstrap-store';
import { getCookie, removeCookie } from '#src/lib/cookies';
import { clearToasts } from '#src/ui/toast';
import { homePageApi, visit } from '#test/auth';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { type ApiHandler, fail, mockApi, ok } from '#test/mock-api';

const INVITE = 'inv_0123456789abcdef';
const preview = {
  id: INVITE,
  workspace_name: 'Addis Records',
  email: 'hanna@example.com',
  role: 'editor' as const,
  invited_by: 'Abebe Bikila',
  expires_at: '2026-12-01T00:00:00Z',
  has_account: false,
};
const hanna = makeUser({ id: 12, email: 'hanna@example.com', display_name: 'Hanna' });
const addis = { id: 5, name: 'Addis Records', members_count: 2, default: false };

/** The backstage a join lands in asks for its own data. */
const backstageApi: ApiHandler = (call) => {
  if (call.method !== 'GET') return undefined;
  if (call.path === '/api/v1/workspaces')
    return ok({ workspaces: [{ id: 0, name: 'Default', members_count: 1, default: true }, addis] });
  // In the team workspace, the backstage shows the team's artists.
  if (call.path === '/api/v1/backstage/artists') return ok({ artists: [] });
  if (call.path === '/api/v1/backstage/requests')
    return ok({ pagination: { data: [], current_page: 1, last_page: 1, per_page: 15, total: 0 } });
  return undefined;
};

afterEach(() => {
  clearToasts();
  removeCookie(ACTIVE_WORKSPACE_COOKIE);
  vi.unstubAllGlobals();
});

/** A visitor's bootstrap data with Google sign-in on. */
const withGoogle = () =>
  makeBootstrap({
    settings: {
      social: {
        google: { enable: true },
        facebook: { enable: false },
        twitter: { enable: false },
        envato: { enable: false },
      },
    },
  });

/** Stands in for the provider popup: records what it opened, and posts its result like it would. */
function stubPopup() {
  const open = vi.fn(() => ({ closed: false, focus: vi.fn() }));
  vi.stubGlobal('open', open);
  return {
    open,
    answer(result: SocialLoginResult) {
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', {
            origin: window.location.origin,
            data: { type: SOCIAL_POPUP_MESSAGE_TYPE, result },
          }),
        );
      });
    },
  };
}

describe('the workspace join pages', () => {
  it('register: shows the invitation, prefills and locks its email, and sends invite_id', async () => {
    const calls = mockApi((call) => {
      if (call.path === `/api/v1/workspace/invites/${INVITE}`) return ok({ invite: preview });
      if (call.path === '/auth/register')
        return ok({
          status: 'success',
          bootstrapData: makeBootstrap({
            user: hanna,
            workspaces: [{ id: 0, name: 'Default', members_count: 1, default: true }, addis],
          }),
        });
      return backstageApi(call);
    });
    const { router } = visit(`/workspace/join/register?invite=${INVITE}`, makeBootstrap());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'To join your team on Zema, create an account' }),
    ).toBeTruthy();
    expect(await screen.findByText('Abebe Bikila invited you to join as Editor.')).toBeTruthy();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    await waitFor(() => expect(email.value).toBe('hanna@example.com'));
    expect(email.readOnly).toBe(true);
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('Password'), 'long-password');
    await u.type(screen.getByLabelText('Confirm password'), 'long-password');
    await u.click(screen.getByRole('button', { name: 'Create account' }));
    // Registering with the invitation joined already: no second join call.
    await waitFor(() => expect(router.state.location.pathname).toBe('/backstage'));
    expect(await screen.findByText('Joined workspace')).toBeTruthy();
    expect(getCookie(ACTIVE_WORKSPACE_COOKIE)).toBe('5');
    expect(calls.find((c) => c.path === '/auth/register')?.body).toMatchObject({
      email: 'hanna@example.com',
      invite_id: INVITE,
    });
    expect(calls.some((c) => c.path.startsWith('/api/v1/workspace/join/'))).toBe(false);
  });

  it('login: joins after signing in, switches to the workspace and lands in the backstage', async () => {
    const calls = mockApi((call) => {
      if (call.path === `/api/v1/workspace/invites/${INVITE}`)
        return ok({ invite: { ...preview, has_account: true } });
      if (call.path === '/auth/login') return ok({ bootstrapData: makeBootstrap({ user: hanna }) });
      if (call.path === `/api/v1/workspace/join/${INVITE}`) return ok({ workspace: addis });
      return backstageApi(call);
    });
    const { router } = visit(`/workspace/join/login?invite=${INVITE}`, makeBootstrap());
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'To join your team on Zema, log in to your account',
      }),
    ).toBeTruthy();
    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    await waitFor(() => expect(email.value).toBe('hanna@example.com'));
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('Password'), 'secret-password');
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/backstage'));
    expect(await screen.findByText('Joined workspace')).toBeTruthy();
    expect(getCookie(ACTIVE_WORKSPACE_COOKIE)).toBe('5');
    expect(getBootstrapData()?.workspaces.map((w) => w.name)).toEqual(['Default', 'Addis Records']);
    const order = calls
      .map((c) => c.path)
      .filter((p) => p === '/auth/login' || p.includes('/workspace/join/'));
    expect(order).toEqual(['/auth/login', `/api/v1/workspace/join/${INVITE}`]);
  });

  it.each(['login', 'register'])('%s: an invitation no longer valid says so (404)', async (page) => {
    mockApi((call) =>
      call.path === `/api/v1/workspace/invites/${INVITE}` ? fail(404, { message: 'Not found' }) : undefined,
    );
    visit(`/workspace/join/${page}?invite=${INVITE}`, makeBootstrap());
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'This invite is no longer valid');
    // The form is still there: the visitor may sign in or register anyway.
    expect((screen.getByLabelText('Email') as HTMLInputElement).readOnly).toBe(false);
  });

  it('a signed-in user answers the invitation from the link: Decline', async () => {
    const calls = mockApi((call) => {
      if (call.path === `/api/v1/workspace/invites/${INVITE}`) return ok({ invite: preview });
      if (call.method === 'DELETE' && call.path === `/api/v1/workspace/invite/${INVITE}`)
        return ok({ message: 'Declined' });
      return backstageApi(call);
    });
    const { router } = visit(`/workspace/join/login?invite=${INVITE}`, makeBootstrap({ user: hanna }));
    expect(await screen.findByRole('heading', { name: 'Join your team' })).toBeTruthy();
    expect(await screen.findByText('Addis Records')).toBeTruthy();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Declined workspace invitation')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('a signed-in user joins from the link; a revoked invitation says so', async () => {
    let revoked = false;
    mockApi((call) => {
      if (call.path === `/api/v1/workspace/invites/${INVITE}`)
        return revoked ? fail(404, { message: 'Not found' }) : ok({ invite: preview });
      if (call.path === `/api/v1/workspace/join/${INVITE}`) {
        revoked = true;
        return fail(404, { message: 'Not found' });
      }
      return backstageApi(call);
    });
    visit(`/workspace/join/register?invite=${INVITE}`, makeBootstrap({ user: hanna }));
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Join' }));
    expect(
      await screen.findByText('This invite is no longer valid', { selector: '[role="alert"]' }),
    ).toBeTruthy();
  });

  it.each(['login', 'register'])(
    '%s: a social sign-in carries the invitation, which the server joins; no second join call',
    async (page) => {
      const calls = mockApi((call) => {
        if (call.path === `/api/v1/workspace/invites/${INVITE}`) return ok({ invite: preview });
        return backstageApi(call);
      });
      const popup = stubPopup();
      const { router } = visit(`/workspace/join/${page}?invite=${INVITE}`, withGoogle());
      await screen.findByText('Abebe Bikila invited you to join as Editor.');
      await userEvent.setup().click(screen.getByRole('button', { name: 'Continue with Google' }));
      expect(popup.open).toHaveBeenCalledWith(
        `/secure/auth/social/google/login?invite=${INVITE}`,
        'zema-social-google',
        expect.any(String),
      );
      popup.answer({
        status: 'SUCCESS',
        bootstrapData: makeBootstrap({
          user: hanna,
          workspaces: [{ id: 0, name: 'Default', members_count: 1, default: true }, addis],
        }),
      });
      await waitFor(() => expect(router.state.location.pathname).toBe('/backstage'));
      expect(await screen.findByText('Joined workspace')).toBeTruthy();
      expect(getCookie(ACTIVE_WORKSPACE_COOKIE)).toBe('5');
      expect(calls.some((c) => c.path.startsWith('/api/v1/workspace/join/'))).toBe(false);
    },
  );

  it('login: a social sign-in that could not join (another account) asks, and says why', async () => {
    mockApi((call) => {
      if (call.path === `/api/v1/workspace/invites/${INVITE}`)
        return ok({ invite: { ...preview, has_account: true } });
      if (call.path === `/api/v1/workspace/join/${INVITE}`)
        return fail(403, {
          message:
            'This invitation was sent to another email address. Sign in with that account to accept it.',
        });
      return homePageApi(call) ?? backstageApi(call);
    });
    const popup = stubPopup();
    const { router } = visit(`/workspace/join/login?invite=${INVITE}`, withGoogle());
    await screen.findByText('Abebe Bikila invited you to join as Editor.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue with Google' }));
    popup.answer({
      status: 'SUCCESS',
      bootstrapData: makeBootstrap({ user: makeUser({ id: 13, email: 'someone@example.com' }) }),
    });
    expect(
      await screen.findByText(
        'This invitation was sent to another email address. Sign in with that account to accept it.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getCookie(ACTIVE_WORKSPACE_COOKIE)).toBeFalsy();
  });
});
