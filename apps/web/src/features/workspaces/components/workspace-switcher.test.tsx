import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACTIVE_WORKSPACE_COOKIE } from '@zema/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClient } from '#src/lib/api-client';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { getCookie, removeCookie, setCookie } from '#src/lib/cookies';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { mockApi, ok } from '#test/mock-api';
import { renderInRouter } from '#test/render-app';
import { WorkspaceSwitcher } from './workspace-switcher';

const list = [
  { id: 0, name: 'Default', members_count: 1, default: true },
  { id: 5, name: 'Addis Records', members_count: 3, default: false, role: 'editor' as const },
];

/** A query standing for whatever the page shows: it says which workspace answered. */
function Shown() {
  const q = useQuery({
    queryKey: ['shown'],
    queryFn: () => apiClient.get<{ workspace: string }>('shown'),
  });
  return <p>{q.data ? `shown from ${q.data.workspace}` : 'loading'}</p>;
}

function serve() {
  return mockApi((call) => {
    if (call.path === '/api/v1/workspaces') return ok({ workspaces: list });
    if (call.path === '/api/v1/shown') return ok({ workspace: call.query.get('workspaceId') ?? '0' });
    return undefined;
  });
}

beforeEach(() => {
  resetBootstrapStore();
  removeCookie(ACTIVE_WORKSPACE_COOKIE);
});
afterEach(() => removeCookie(ACTIVE_WORKSPACE_COOKIE));

describe('the workspace switcher', () => {
  it('lists Default first, marks the active one, and a choice sets the cookie and refreshes what is shown', async () => {
    const calls = serve();
    renderInRouter(
      <>
        <WorkspaceSwitcher />
        <Shown />
      </>,
      makeBootstrap({ user: makeUser() }),
    );
    expect(await screen.findByText('shown from 0')).toBeTruthy();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Workspace: Default' }));
    const menu = await screen.findByRole('menu');
    await waitFor(() =>
      expect(within(menu).getByRole('menuitemradio', { name: /Addis Records/ })).toBeTruthy(),
    );
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((i) => i.textContent)).toEqual(['DefaultPersonal', 'Addis Records3 members']);
    expect(items[0]?.getAttribute('aria-checked')).toBe('true');
    expect(within(menu).getByRole('menuitem', { name: 'Create workspace' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Manage workspace' }).getAttribute('href')).toBe(
      '/backstage/workspace',
    );

    await u.click(items[1] as HTMLElement);
    expect(getCookie(ACTIVE_WORKSPACE_COOKIE)).toBe('5');
    // The page's data is asked again, now for the workspace.
    expect(await screen.findByText('shown from 5')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Workspace: Addis Records' })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/v1/shown').map((c) => c.query.get('workspaceId'))).toEqual([
      null,
      '5',
    ]);
  });

  it('falls back to Default when the cookie names a workspace the user left', async () => {
    setCookie(ACTIVE_WORKSPACE_COOKIE, '9', { days: 7 });
    serve();
    renderInRouter(<WorkspaceSwitcher />, makeBootstrap({ user: makeUser() }));
    expect(await screen.findByRole('button', { name: 'Workspace: Default' })).toBeTruthy();
    await waitFor(() => expect(getCookie(ACTIVE_WORKSPACE_COOKIE)).toBe('0'));
  });
});
