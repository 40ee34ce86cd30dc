import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspaces } from '@zema/contracts/workspaces/workspaces.operations';
import { api } from '#src/lib/api-client';
import { transNow } from '#src/lib/i18n';
import { toast } from '#src/ui/toast';
import { DECLINED_WORKSPACE_INVITATION, inviteErrorMessage } from './join-workspace';
import { refreshWorkspaces } from './refresh-workspaces';

/** DELETE workspace/invite/{inviteId} (SPEC §7): declines. */
export async function declineInvite(inviteId: string) {
  return api.call(workspaces.decline, { params: { inviteId } });
}

export function useDeclineInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: declineInvite,
    meta: { handlesErrors: true },
    onSuccess: () => {
      toast.positive(transNow(DECLINED_WORKSPACE_INVITATION));
    },
    onError: (error) => {
      toast.danger(inviteErrorMessage(error));
    },
    onSettled: () => refreshWorkspaces(client, { notifications: true }),
  });
}
