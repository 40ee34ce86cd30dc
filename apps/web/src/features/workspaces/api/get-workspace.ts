import { queryOptions, useQuery } from '@tanstack/react-query';
import { workspaces } from '@zema/contracts/workspaces/workspaces.operations';
import { api } from '#src/lib/api-client';
import { workspaceKeys } from './keys';

/** GET workspaces/{id}: the workspace (with the caller's permissions), members, pending invites. */
export async function getWorkspace(id: number, signal?: AbortSignal) {
  return api.call(workspaces.get, { params: { id }, signal });
}

export const workspaceQueryOptions = (id: number) =>
  queryOptions({
    queryKey: workspaceKeys.detail(id),
    queryFn: ({ signal }) => getWorkspace(id, signal),
    meta: { handlesErrors: true },
  });

export function useWorkspace(id: number, enabled = true) {
  return useQuery({ ...workspaceQueryOptions(id), enabled });
}
