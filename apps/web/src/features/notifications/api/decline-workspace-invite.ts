import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspaces } from '@zema/contracts/operations/workspaces';
import { api } from '#src/lib/api-client';
import { notificationKeys, WORKSPACES_QUERY_KEY } from './keys';

/** DELETE workspace/invite/{inviteId}: declines an invitation (SPEC §7). */
export async function declineWorkspaceInvite(inviteId: string): Promise<void> {
  await api.call(workspaces.decline, { params: { inviteId } });
}

/** After success or a 404 the workspaces list and the notifications are refreshed (SPEC §7, §8). */
export function useDeclineWorkspaceInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineWorkspaceInvite,
    meta: { handlesErrors: true },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: WORKSPACES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.lists() }),
      ]),
  });
}
