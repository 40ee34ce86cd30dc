import { queryOptions, useQuery } from '@tanstack/react-query';
import { workspaces } from '@zema/contracts/workspaces/workspaces.operations';
import { api } from '#src/lib/api-client';
import { workspaceKeys } from './keys';

/** GET workspaces: the caller's workspaces, the personal "Default" (id 0) first. */
export async function listWorkspaces(signal?: AbortSignal) {
  return (await api.call(workspaces.list, { signal })).workspaces;
}

export const workspacesQueryOptions = () =>
  queryOptions({
    queryKey: workspaceKeys.list(),
    queryFn: ({ signal }) => listWorkspaces(signal),
    // Until it answers (or when it cannot), the switcher shows the bootstrap data's copy.
    meta: { handlesErrors: true },
  });

export function useWorkspaces(enabled = true) {
  return useQuery({ ...workspacesQueryOptions(), enabled });
}
