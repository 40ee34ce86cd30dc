import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminUserRow } from '@zema/contracts/admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { paths } from '#src/lib/paths';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { mockApi, ok } from '#test/mock-api';
import { renderRoutes } from '#test/render-app';
import UsersPage from './users-page';

beforeEach(() => {
  resetBootstrapStore();
  localStorage.clear();
});

const row = (id: number, name: string): AdminUserRow => ({
  id,
  email: `${name.toLowerCase()}@example.com`,
  display_name: name,
  avatar: null,
  roles: [{ id: 2, name: 'Users' }],
  email_verified_at: '2026-01-01T00:00:00Z',
  two_factor: false,
  suspended_at: null,
  suspended_until: null,
  last_login_at: null,
  created_at: '2026-01-01T00:00:00Z',
});
const role = (id: number, name: string) => ({
  id,
  name,
  slug: name.toLowerCase(),
  description: null,
  default: false,
  guests: false,
  built_in: false,
  members_count: 1,
  permissions_count: 1,
  created_at: '2026-01-01T00:00:00Z',
});
const ROLES = [role(2, 'Users'), role(3, 'Editors')];

function serve() {
  return mockApi((call) => {
    if (call.path === '/api/v1/admin/users') {
      const data = [row(1, 'Almaz'), row(2, 'Bekele')];
      return ok({ data, total: 2, current_page: 1, per_page: 15, last_page: 1 });
    }
    if (call.path === '/api/v1/admin/roles')
      return ok({ data: ROLES, total: 2, current_page: 1, per_page: 100, last_page: 1 });
    if (call.path === '/api/v1/admin/users/assign-role') return ok({ message: 'Role given.', count: 2 });
    if (call.path === '/api/v1/admin/users/bulk-delete') return ok({ message: 'Deleted.', count: 1 });
    return undefined;
  });
}

const asAdmin = (...names: string[]) =>
  makeBootstrap({
    user: makeUser({ permissions: names.map((name, i) => ({ id: i + 10, name, restrictions: [] })) }),
  });

const visit = (path: string, data = asAdmin('admin')) =>
  renderRoutes([{ path: paths.adminUsers(), element: <UsersPage /> }], path, data);

describe('the users list', () => {
  it('filters in the URL without a "Clear filters" button, and exports the same filter', async () => {
    serve();
    visit(`${paths.adminUsers()}?suspended=true`);
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('Almaz');
    expect(screen.getByRole('searchbox', { name: 'Search users by name or email' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/v1/admin/users/export?suspended=true',
    );
    expect(screen.getByRole('button', { name: 'New user' })).toBeTruthy();
  });

  it('gives the selected users a role, and deletes them after a confirmation', async () => {
    const calls = serve();
    visit(paths.adminUsers());
    await screen.findByText('Almaz');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    await userEvent.click(screen.getByRole('button', { name: /Give the selected users a role/ }));
    await userEvent.click(
      await within(screen.getByRole('listbox')).findByRole('option', { name: 'Editors' }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/v1/admin/users/assign-role')?.body).toEqual({
        ids: [1, 2],
        role: 3,
      }),
    );

    // A done bulk action empties the selection.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected rows' })).toBeNull());
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this user?' });
    expect(dialog.textContent).toContain(
      'Each gets a mail saying the account was deleted. This cannot be undone.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/v1/admin/users/bulk-delete')?.body).toEqual({ ids: [2] }),
    );
  });

  it('has no selection, and no create button, for an admin who may only look', async () => {
    serve();
    visit(paths.adminUsers(), asAdmin('users.view'));
    await screen.findByText('Almaz');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'New user' })).toBeNull();
  });
});
