import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACTIVE_WORKSPACE_COOKIE } from '@zema/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getBootstrapData, resetBootstrapStore } from '#src/lib/bootstrap-store';
import { getCookie, removeCookie } from '#src/lib/cookies';
import { clearToasts, ToastRegion } from '#src/ui/toast';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { fail, mockApi, ok } from '#test/mock-api';
import { renderInRouter } from '#test/render-app';
import { CreateWorkspaceDialog } from './create-workspace-dialog';

const addis = { id: 5, name: 'Addis Records', members_count: 1, default: false, role: 'owner' as const };

beforeEach(() => resetBootstrapStore());
afterEach(() => {
  removeCookie(ACTIVE_WORKSPACE_COOKIE);
  clearToasts();
});

function open() {
  render(<ToastRegion />);
  return renderInRouter(
    <CreateWorkspaceDialog isOpen onOpenChange={() => undefined} />,
    makeBootstrap({ user: makeUser() }),
  );
}

describe('Create workspace', () => {
  it('creates, makes it the active workspace, refreshes the lists and opens its settings', async () => {
    const calls = mockApi((call) => {
      if (call.method === 'POST' && call.path === '/api/v1/workspaces') return ok({ workspace: addis });
      if (call.method === 'GET' && call.path === '/api/v1/workspaces')
        return ok({ workspaces: [{ id: 0, name: 'Default', members_count: 1, default: true }, addis] });
      return undefined;
    });
    const { router } = open();
    const u = userEvent.setup();
    await u.type(screen.getByRole('textbox', { name: 'Name' }), '  Addis Records ');
    await u.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/backstage/workspace'));
    expect(calls[0]?.body).toEqual({ name: 'Addis Records' });
    expect(getCookie(ACTIVE_WORKSPACE_COOKIE)).toBe('5');
    expect(await screen.findByText('Created workspace')).toBeTruthy();
    await waitFor(() =>
      expect(getBootstrapData()?.workspaces.map((w) => w.name)).toEqual(['Default', 'Addis Records']),
    );
  });

  it("checks the name, and places the server's error on it", async () => {
    const calls = mockApi((call) =>
      call.path === '/api/v1/workspaces'
        ? fail(422, {
            message: 'Invalid',
            errors: { name: ['You already have a workspace with this name.'] },
          })
        : undefined,
    );
    open();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Give the workspace a name.')).toBeTruthy();
    expect(calls).toHaveLength(0);
    await u.type(screen.getByRole('textbox', { name: 'Name' }), 'Addis Records');
    await u.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('You already have a workspace with this name.')).toBeTruthy();
    expect(getCookie(ACTIVE_WORKSPACE_COOKIE)).toBeNull();
  });
});
