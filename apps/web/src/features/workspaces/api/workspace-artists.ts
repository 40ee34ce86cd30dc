import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_WORKSPACE_ID } from '@zema/contracts';
import { backstage } from '@zema/contracts/backstage/backstage.operations';
import { apiFetch } from '#src/lib/api-client';
import { workspaceKeys } from './keys';

/**
 * GET backstage/artists?workspaceId={id}: the artists a workspace's backstage holds — with 0, the
 * ones the caller manages personally (what "Share an artist" offers). The workspace is named
 * explicitly, so the answer does not depend on which workspace is active.
 */
export async function listWorkspaceArtists(workspaceId: number, signal?: AbortSignal) {
  const data = await apiFetch(backstage.myArtists.path, { params: { workspaceId }, signal });
  return backstage.myArtists.response.parse(data).artists;
}

export const workspaceArtistsQueryOptions = (workspaceId: number) =>
  queryOptions({
    queryKey: workspaceKeys.artists(workspaceId),
    queryFn: ({ signal }) => listWorkspaceArtists(workspaceId, signal),
    meta: { handlesErrors: true },
  });

export function useWorkspaceArtists(workspaceId: number, enabled = true) {
  return useQuery({ ...workspaceArtistsQueryOptions(workspaceId), enabled });
}

export const usePersonalArtists = (enabled = true) => useWorkspaceArtists(DEFAULT_WORKSPACE_ID, enabled);
