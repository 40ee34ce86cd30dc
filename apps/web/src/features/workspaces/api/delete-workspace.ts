import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspaces } from '@zema/contracts/workspaces/workspaces.operations';
import { api } from '#src/lib/api-client';
import { refreshWorkspaces } from './refresh-workspaces';

/** DELETE workspaces/{id} (owner only). */
export async function deleteWorkspace(id: number) {
  return api.call(workspaces.delete, { params: { id } });
}

export function useDeleteWorkspace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkspace,
    onSuccess: () => refreshWorkspaces(client),
  });
}
