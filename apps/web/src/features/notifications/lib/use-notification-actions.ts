import type { Notification } from '@zema/contracts';
import { useNavigate } from 'react-router';
import { useDeclineInvite, useJoinWorkspace } from '#src/features/workspaces';

/**
 * What an action string does (contracts `NOTIFICATION_NAMED_ACTIONS`): `workspace.join` and
 * `workspace.decline` call the server with the notification's `inviteId` through the workspaces'
 * own calls (they toast 'Joined workspace', 'Declined workspace invitation' or, on a 404, 'This
 * invite is no longer valid', and refresh the workspaces and notifications); a site path navigates
 * in the app; a URL of this site too; anything else is ignored. `onDone` runs as a named action
 * starts (SPEC §4: join or decline closes the containing panel) and after a navigation.
 */
export function useNotificationActions({ onDone }: { onDone?: () => void } = {}) {
  const navigate = useNavigate();
  const join = useJoinWorkspace();
  const decline = useDeclineInvite();

  function runInvite(kind: 'join' | 'decline', inviteId: string) {
    onDone?.();
    // The mutations report their own outcome (toasts); nothing is left to handle here.
    (kind === 'join' ? join : decline).mutate(inviteId);
  }

  function run(action: string, notification: Notification): void {
    if (action === 'workspace.join' || action === 'workspace.decline') {
      const inviteId = notification.data.inviteId;
      if (inviteId) runInvite(action === 'workspace.join' ? 'join' : 'decline', inviteId);
      return;
    }
    const path = sitePath(action);
    if (path) {
      onDone?.();
      navigate(path);
    }
  }

  return { run, isPending: join.isPending || decline.isPending };
}

/** `/x` or a URL of this site → the in-app path; anything else (other sites, schemes) → null. */
export function sitePath(action: string): string | null {
  if (action.startsWith('/') && !action.startsWith('//')) return action;
  if (typeof location === 'undefined') return null;
  try {
    const url = new URL(action);
    return url.origin === location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}
