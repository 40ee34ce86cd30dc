import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspaces } from '@zema/contracts/workspaces/workspaces.operations';
import { api } from '#src/lib/api-client';
import { workspaceKeys } from './keys';

/** POST workspaces/{id}/invites/{inviteId}/resend: mailed again, its 7 days start again. */
export async function resendInvite({ id, inviteId }: { id: number; inviteId: string }) {
  return (await api.call(workspaces.resendInvite, { params: { id, inviteId } })).invite;
}

export function useResendInvite(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) => resendInvite({ id, inviteId }),
    onSuccess: () => client.invalidateQueries({ queryKey: workspaceKeys.detail(id) }),
  });
}
