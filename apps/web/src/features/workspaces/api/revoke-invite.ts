import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspaces } from '@zema/contracts/workspaces/workspaces.operations';
import { api } from '#src/lib/api-client';
import { workspaceKeys } from './keys';

/** DELETE workspaces/{id}/invites/{inviteId}: the link stops working at once. */
export async function revokeInvite({ id, inviteId }: { id: number; inviteId: string }) {
  return api.call(workspaces.revokeInvite, { params: { id, inviteId } });
}

export function useRevokeInvite(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) => revokeInvite({ id, inviteId }),
    onSettled: () => client.invalidateQueries({ queryKey: workspaceKeys.detail(id) }),
  });
}
