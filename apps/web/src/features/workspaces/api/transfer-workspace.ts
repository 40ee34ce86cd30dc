import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspaces } from '@zema/contracts/workspaces/workspaces.operations';
import { api } from '#src/lib/api-client';
import { workspaceKeys } from './keys';

/** POST workspaces/{id}/transfer {user_id} (owner only): the caller becomes an admin. */
export async function transferWorkspace({ id, userId }: { id: number; userId: number }) {
  return (await api.call(workspaces.transfer, { params: { id }, body: { user_id: userId } })).workspace;
}

export function useTransferWorkspace(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => transferWorkspace({ id, userId }),
    onSettled: () => client.invalidateQueries({ queryKey: workspaceKeys.all }),
  });
}
