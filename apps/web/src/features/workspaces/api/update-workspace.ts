import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspaces } from '@zema/contracts/workspaces/workspaces.operations';
import { api } from '#src/lib/api-client';
import { workspaceKeys } from './keys';
import { refreshWorkspaces } from './refresh-workspaces';

/** PUT workspaces/{id} {name} (workspace.update). */
export async function updateWorkspace({ id, name }: { id: number; name: string }) {
  return (await api.call(workspaces.update, { params: { id }, body: { name } })).workspace;
}

export function useUpdateWorkspace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateWorkspace,
    meta: { handlesErrors: true },
    onSuccess: (workspace) => {
      void client.invalidateQueries({ queryKey: workspaceKeys.detail(workspace.id) });
      return refreshWorkspaces(client);
    },
  });
}
