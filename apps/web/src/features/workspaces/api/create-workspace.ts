import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspaces } from '@zema/contracts/workspaces/workspaces.operations';
import { api } from '#src/lib/api-client';
import { refreshWorkspaces } from './refresh-workspaces';

/** POST workspaces {name}: the caller becomes the owner. */
export async function createWorkspace(name: string) {
  return (await api.call(workspaces.create, { body: { name } })).workspace;
}

export function useCreateWorkspace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createWorkspace,
    meta: { handlesErrors: true },
    onSuccess: () => refreshWorkspaces(client),
  });
}
