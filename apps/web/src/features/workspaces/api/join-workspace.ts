import { useMutation, useQueryClient } from '@tanstack/react-query';
import { msg } from '@zema/contracts';
import { workspaces } from '@zema/contracts/workspaces/workspaces.operations';
import { useSwitchWorkspace } from '#src/lib/active-workspace';
import { api } from '#src/lib/api-client';
import { ApiError } from '#src/lib/api-error';
import { transNow } from '#src/lib/i18n';
import { toast } from '#src/ui/toast';
import { refreshWorkspaces } from './refresh-workspaces';

export const JOINED_WORKSPACE = msg('Joined workspace');
export const DECLINED_WORKSPACE_INVITATION = msg('Declined workspace invitation');
export const INVITE_NO_LONGER_VALID = msg('This invite is no longer valid');

/** GET workspace/join/{inviteId} (SPEC §7): joins; the answer names the workspace. */
export async function joinWorkspace(inviteId: string) {
  return (await api.call(workspaces.join, { params: { inviteId } })).workspace;
}

/**
 * SPEC §8: a 404 means the invitation is gone (revoked, used, expired); anything else as sent (the
 * server writes it in the reader's language). Translated: it is shown as it is returned.
 */
export function inviteErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status !== 404) return error.message;
  return transNow(INVITE_NO_LONGER_VALID);
}

/**
 * Join, make the joined workspace the active one (wherever the join came from: the join page, a
 * notification's Join), then refresh the workspace list and the notifications whatever the outcome
 * (SPEC §4, §7, §8); the toast says what happened. The caller decides where to go (the backstage).
 */
export function useJoinWorkspace() {
  const client = useQueryClient();
  const switchWorkspace = useSwitchWorkspace();
  return useMutation({
    mutationFn: joinWorkspace,
    meta: { handlesErrors: true },
    onSuccess: (workspace) => {
      switchWorkspace(workspace.id);
      toast.positive(transNow(JOINED_WORKSPACE));
    },
    onError: (error) => {
      toast.danger(inviteErrorMessage(error));
    },
    onSettled: () => refreshWorkspaces(client, { notifications: true }),
  });
}
