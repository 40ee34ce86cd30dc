import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { workspaceMemberLimitMessage } from '@zema/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { clearToasts, ToastRegion } from '#src/ui/toast';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { fail, mockApi, ok } from '#test/mock-api';
import { renderInRouter } from '#test/render-app';
import { InviteDialog, splitEmails } from './invite-dialog';

beforeEach(() => resetBootstrapStore());
afterEach(() => clearToasts());

function open(billing = false) {
  const onOpenChange = vi.fn();
  render(<ToastRegion />);
  renderInRouter(
    <InviteDialog workspaceId={5} workspaceName="Addis Records" isOpen onOpenChange={onOpenChange} />,
    makeBootstrap({ user: makeUser(), settings: { billing: { enable: billing } } }),
  );
  return { onOpenChange, u: userEvent.setup() };
}

describe('the invite dialog', () => {
  it('splits addresses on commas, spaces and new lines', () => {
    expect(splitEmails(' a@x.com, b@x.com\nc@x.com;  ')).toEqual(['a@x.com', 'b@x.com', 'c@x.com']);
  });

  it('sends several emails with the chosen role', async () => {
    const calls = mockApi((call) =>
      call.method === 'POST' && call.path === '/api/v1/workspaces/5/invites'
        ? ok({ invites: [] })
        : undefined,
    );
    const { u, onOpenChange } = open();
    const dialog = screen.getByRole('dialog', { name: 'Invite to Addis Records' });
    await u.type(within(dialog).getByRole('textbox', { name: 'Emails' }), 'a@example.com, b@example.com');
    await u.click(within(dialog).getByRole('button', { name: /Role/ }));
    await u.click(await screen.findByRole('option', { name: /Admin/ }));
    await u.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls[0]?.body).toEqual({ emails: ['a@example.com', 'b@example.com'], role: 'admin' });
  });

  it('checks the addresses before sending, naming the bad one', async () => {
    const calls = mockApi(() => undefined);
    const { u } = open();
    await u.type(screen.getByRole('textbox', { name: 'Emails' }), 'a@example.com not-an-email');
    await u.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect(await screen.findByText('not-an-email: Enter a valid email address.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("places the server's field errors (SPEC §8 shape) on the fields", async () => {
    mockApi((call) =>
      call.path === '/api/v1/workspaces/5/invites'
        ? fail(422, {
            message: 'The given data was invalid.',
            errors: { 'emails.1': ['Already a member of this workspace.'] },
          })
        : undefined,
    );
    const { u, onOpenChange } = open();
    const field = screen.getByRole('textbox', { name: 'Emails' });
    await u.type(field, 'a@example.com, member@example.com');
    await u.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect(await screen.findByText('member@example.com: Already a member of this workspace.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("offers the upgrade dialog when the owner's plan caps the members (billing on)", async () => {
    const message = workspaceMemberLimitMessage(3, true);
    mockApi((call) =>
      call.path === '/api/v1/workspaces/5/invites'
        ? fail(422, { message, errors: { emails: [message] } })
        : undefined,
    );
    const { u } = open(true);
    await u.type(screen.getByRole('textbox', { name: 'Emails' }), 'one-too-many@example.com');
    await u.click(screen.getByRole('button', { name: 'Send invitations' }));
    const upgrade = await screen.findByRole('dialog', { name: 'Upgrade your plan' });
    expect(within(upgrade).getByText('More workspace members')).toBeTruthy();
    expect(within(upgrade).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByText(/Your plan allows 3 members in a workspace/)).toBeTruthy();
  });

  it('shows only the field error for the member cap while billing is off', async () => {
    const message = workspaceMemberLimitMessage(3, true);
    mockApi((call) =>
      call.path === '/api/v1/workspaces/5/invites'
        ? fail(422, { message, errors: { emails: [message] } })
        : undefined,
    );
    const { u } = open(false);
    await u.type(screen.getByRole('textbox', { name: 'Emails' }), 'one-too-many@example.com');
    await u.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect(await screen.findByText(/Your plan allows 3 members in a workspace/)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Upgrade your plan' })).toBeNull();
  });

  it('shows a refusal without field errors as a toast', async () => {
    mockApi((call) =>
      call.path === '/api/v1/workspaces/5/invites'
        ? fail(403, { message: 'You may not invite members to this workspace.' })
        : undefined,
    );
    const { u } = open();
    await u.type(screen.getByRole('textbox', { name: 'Emails' }), 'a@example.com');
    await u.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect(await screen.findByText('You may not invite members to this workspace.')).toBeTruthy();
  });
});
