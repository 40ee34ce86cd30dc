import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspaces } from '@zema/contracts/operations/workspaces';
import { api } from '#src/lib/api-client';
import { updateBootstrapData } from '#src/lib/bootstrap-store';
import { notificationKeys, WORKSPACES_QUERY_KEY } from './keys';

/** GET workspace/join/{inviteId} → {workspace}: accepts an invitation (SPEC §7). */
export async function joinWorkspace(inviteId: string) {
  return (await api.call(workspaces.join, { params: { inviteId } })).workspace;
}

/** After success or a 404 the workspaces list and the notifications are refreshed (SPEC §7, §8). */
export function useJoinWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWorkspace,
    meta: { handlesErrors: true },
    // The bootstrap data's copy of the user's workspaces (read until the list arrives) gains it.
    onSuccess: ({ id, name, members_count, default: isDefault }) =>
      updateBootstrapData((data) => ({
        ...data,
        workspaces: [
          ...data.workspaces.filter((w) => w.id !== id),
          { id, name, members_count, default: isDefault },
        ],
      })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: WORKSPACES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.lists() }),
      ]),
  });
}
