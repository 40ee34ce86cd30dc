import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ACTIVE_WORKSPACE_COOKIE,
  WORKSPACE_ROLE_PERMISSIONS,
  type Workspace,
  type WorkspaceRole,
} from '@zema/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore, setBootstrapData } from '#src/lib/bootstrap-store';
import { removeCookie, setCookie } from '#src/lib/cookies';
import { createQueryClient } from '#src/lib/query-client';
import { clearToasts, ToastRegion } from '#src/ui/toast';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { fail, mockApi, ok, trackQueryClient } from '#test/mock-api';
import { renderInRouter } from '#test/render-app';
import WorkspaceSettingsPage from './workspace-settings-page';

const me = makeUser({
  id: 7,
  display_name: 'Abebe Bikila',
  permissions: [
    { id: 1, name: 'music.view', restrictions: [] },
    { id: 2, name: 'backstage.access', restrictions: [] },
  ],
});

function workspace(role: WorkspaceRole): Workspace {
  return {
    id: 5,
    name: 'Addis Records',
    members_count: 3,
    default: false,
    owner_id: role === 'owner' ? 7 : 8,
    role,
    permissions: [...WORKSPACE_ROLE_PERMISSIONS[role]],
  };
}

const members = (myRole: WorkspaceRole) => [
  {
    user_id: myRole === 'owner' ? 7 : 8,
    display_name: myRole === 'owner' ? 'Abebe Bikila' : 'Tigist Owner',
    email: myRole === 'owner' ? 'abebe@example.com' : 'tigist@example.com',
    avatar: null,
    role: 'owner' as const,
    joined_at: '2026-11-01T00:00:00Z',
  },
  ...(myRole === 'owner'
    ? []
    : [
        {
          user_id: 7,
          display_name: 'Abebe Bikila',
          email: 'abebe@example.com',
          avatar: null,
          role: myRole,
          joined_at: '2026-11-02T00:00:00Z',
        },
      ]),
  {
    user_id: 9,
    display_name: 'Selam Editor',
    email: 'selam@example.com',
    avatar: null,
    role: 'editor' as const,
    joined_at: '2026-11-03T00:00:00Z',
  },
];

const invites = [
  {
    id: 'invite-aaaaaaaaaaaaaaaa',
    email: 'dawit@example.com',
    role: 'viewer' as const,
    invited_by: 'Abebe Bikila',
    created_at: '2026-11-20T00:00:00Z',
    expires_at: '2026-11-27T00:00:00Z',
  },
];

const artist = (id: number, name: string) => ({
  id,
  name,
  verified: false,
  image_small: null,
  role: 'artist' as const,
  workspace: null,
});

function serve(role: WorkspaceRole) {
  return mockApi((call) => {
    if (call.method === 'GET' && call.path === '/api/v1/workspaces')
      return ok({
        workspaces: [{ id: 0, name: 'Default', members_count: 1, default: true }, workspace(role)],
      });
    if (call.method === 'GET' && call.path === '/api/v1/workspaces/5')
      return ok({ workspace: workspace(role), members: members(role), invites });
    if (call.method === 'GET' && call.path === '/api/v1/backstage/artists')
      return call.query.get('workspaceId') === '5'
        ? ok({ artists: [artist(1, 'Teddy Afro')] })
        : ok({ artists: [artist(1, 'Teddy Afro'), artist(2, 'Aster Aweke')] });
    return undefined;
  });
}

function show() {
  render(<ToastRegion />);
  return renderInRouter(<WorkspaceSettingsPage />, makeBootstrap({ user: me }));
}

beforeEach(() => {
  resetBootstrapStore();
  setCookie(ACTIVE_WORKSPACE_COOKIE, '5', { days: 7 });
});
afterEach(() => {
  removeCookie(ACTIVE_WORKSPACE_COOKIE);
  clearToasts();
});

describe('the workspace settings page', () => {
  it('gives the owner every control: rename, invite, roles, remove, transfer, invitations, sharing, delete', async () => {
    serve('owner');
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Addis Records' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Workspace name' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Invite members' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Members' });
    expect(within(table).getByText('selam@example.com')).toBeTruthy();
    expect(within(table).getByRole('button', { name: /Role of Selam Editor/ })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Remove Selam Editor' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Make Selam Editor the owner' })).toBeTruthy();
    // The owner cannot leave: ownership moves first.
    expect(within(table).queryByRole('button', { name: 'Leave' })).toBeNull();
    const pending = screen.getByRole('table', { name: 'Pending invitations' });
    expect(within(pending).getByText('dawit@example.com')).toBeTruthy();
    expect(
      within(pending).getByRole('button', { name: 'Resend the invitation to dawit@example.com' }),
    ).toBeTruthy();
    expect(
      within(pending).getByRole('button', { name: 'Revoke the invitation to dawit@example.com' }),
    ).toBeTruthy();
    const shared = screen.getByRole('region', { name: 'Shared artists' });
    expect(await within(shared).findByText('Teddy Afro')).toBeTruthy();
    expect(within(shared).getByRole('button', { name: 'Stop sharing Teddy Afro' })).toBeTruthy();
    // Only the artists not shared yet are offered.
    expect(await within(shared).findByRole('button', { name: /Share an artist/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete workspace' })).toBeTruthy();
  });

  it('gives a viewer the list only, and a way to leave', async () => {
    serve('viewer');
    show();
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(screen.queryByRole('textbox', { name: 'Workspace name' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite members' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /Role of/ })).toBeNull();
    expect(within(table).queryByRole('button', { name: /^Remove / })).toBeNull();
    expect(within(table).queryByRole('button', { name: /the owner$/ })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Leave' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete workspace' })).toBeNull();
    const shared = screen.getByRole('region', { name: 'Shared artists' });
    expect(await within(shared).findByText('Teddy Afro')).toBeTruthy();
    expect(within(shared).queryByRole('button', { name: /Stop sharing/ })).toBeNull();
  });

  it('lets an admin manage members but not delete or transfer', async () => {
    serve('admin');
    show();
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(screen.getByRole('button', { name: 'Invite members' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Remove Selam Editor' })).toBeTruthy();
    // The owner's row is never editable.
    expect(within(table).queryByRole('button', { name: 'Remove Tigist Owner' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /the owner$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete workspace' })).toBeNull();
  });

  it("shows the server's refusal when a permission changed meanwhile", async () => {
    serve('admin');
    const calls = mockApi((call) =>
      call.method === 'DELETE' && call.path === '/api/v1/workspaces/5/members/9'
        ? fail(403, { message: 'You may not remove members of this workspace.' })
        : undefined,
    );
    // The app's own error handling (SPEC §8): the server's message in a danger toast.
    const client = createQueryClient({ retryDelay: 0 });
    trackQueryClient(client);
    setBootstrapData(makeBootstrap({ user: me }));
    render(<ToastRegion />);
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={createMemoryRouter([{ path: '*', element: <WorkspaceSettingsPage /> }])} />
      </QueryClientProvider>,
    );
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Remove Selam Editor' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Selam Editor?' });
    await u.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('You may not remove members of this workspace.')).toBeTruthy();
  });

  it('resends and revokes invitations, and changes a role', async () => {
    serve('owner');
    const calls = mockApi((call) => {
      if (call.path === '/api/v1/workspaces/5/invites/invite-aaaaaaaaaaaaaaaa/resend')
        return ok({ invite: invites[0] });
      if (call.method === 'DELETE' && call.path === '/api/v1/workspaces/5/invites/invite-aaaaaaaaaaaaaaaa')
        return ok({ message: 'Invitation revoked.' });
      if (call.method === 'PUT' && call.path === '/api/v1/workspaces/5/members/9')
        return ok({ member: { ...members('owner')[1], role: 'viewer' } });
      return undefined;
    });
    show();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Resend the invitation to dawit@example.com' }));
    expect(await screen.findByText('Email sent')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Revoke the invitation to dawit@example.com' }));
    expect(await screen.findByText('Revoked the invitation')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: /Role of Selam Editor/ }));
    await u.click(await screen.findByRole('option', { name: /Viewer/ }));
    expect(await screen.findByText('Selam Editor is now Viewer')).toBeTruthy();
    const writes = calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path, c.body]);
    expect(writes).toEqual([
      ['POST', '/api/v1/workspaces/5/invites/invite-aaaaaaaaaaaaaaaa/resend', undefined],
      ['DELETE', '/api/v1/workspaces/5/invites/invite-aaaaaaaaaaaaaaaa', undefined],
      ['PUT', '/api/v1/workspaces/5/members/9', { role: 'viewer' }],
    ]);
  });

  it('asks before deleting, naming the workspace', async () => {
    serve('owner');
    const calls = mockApi((call) =>
      call.method === 'DELETE' && call.path === '/api/v1/workspaces/5'
        ? ok({ message: 'Deleted' })
        : undefined,
    );
    show();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Delete workspace' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “Addis Records”?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await u.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted Addis Records')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/v1/workspaces/5']);
  });
});
