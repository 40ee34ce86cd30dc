import type { Notification } from '@zema/contracts';
import { useNavigate } from 'react-router';
import { ApiError } from '#src/lib/api-error';
import { useTrans } from '#src/lib/i18n';
import { reportError } from '#src/lib/report-error';
import { toast } from '#src/ui/toast';
import { useDeclineWorkspaceInvite } from '../api/decline-workspace-invite';
import { useJoinWorkspace } from '../api/join-workspace';

export const NOTIFICATION_TEXTS = {
  joined: 'Joined workspace',
  declined: 'Declined workspace invitation',
  inviteInvalid: 'This invite is no longer valid',
} as const;

/**
 * What an action string does (contracts `NOTIFICATION_NAMED_ACTIONS`): `workspace.join` and
 * `workspace.decline` call the server with the notification's `inviteId`; a site path navigates in
 * the app; a URL of this site too; anything else is ignored. `onDone` runs as a named action
 * starts (SPEC §4: join or decline closes the containing panel) and after a navigation.
 */
export function useNotificationActions({ onDone }: { onDone?: () => void } = {}) {
  const navigate = useNavigate();
  const { trans } = useTrans();
  const join = useJoinWorkspace();
  const decline = useDeclineWorkspaceInvite();

  async function runInvite(kind: 'join' | 'decline', inviteId: string) {
    onDone?.();
    try {
      if (kind === 'join') {
        await join.mutateAsync(inviteId);
        toast.positive(trans(NOTIFICATION_TEXTS.joined));
      } else {
        await decline.mutateAsync(inviteId);
        toast.positive(trans(NOTIFICATION_TEXTS.declined));
      }
    } catch (error) {
      // SPEC §8: a used, revoked or expired invitation; the notifications are refreshed either way.
      if (error instanceof ApiError && error.status === 404)
        toast.danger(trans(NOTIFICATION_TEXTS.inviteInvalid));
      else reportError(error);
    }
  }

  function run(action: string, notification: Notification): void {
    if (action === 'workspace.join' || action === 'workspace.decline') {
      const inviteId = notification.data.inviteId;
      if (inviteId) void runInvite(action === 'workspace.join' ? 'join' : 'decline', inviteId);
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
