import { queryOptions, useQuery } from '@tanstack/react-query';
import { workspaces } from '@zema/contracts/workspaces/workspaces.operations';
import { api } from '#src/lib/api-client';
import { workspaceKeys } from './keys';

/** GET workspace/invites/{inviteId}: what the join pages show (404 when no longer valid). */
export async function previewInvite(inviteId: string, signal?: AbortSignal) {
  return (await api.call(workspaces.previewInvite, { params: { inviteId }, signal })).invite;
}

export const invitePreviewQueryOptions = (inviteId: string) =>
  queryOptions({
    queryKey: workspaceKeys.invite(inviteId),
    queryFn: ({ signal }) => previewInvite(inviteId, signal),
    meta: { handlesErrors: true },
    staleTime: 0,
  });

export function useInvitePreview(inviteId: string | null) {
  return useQuery({ ...invitePreviewQueryOptions(inviteId ?? ''), enabled: !!inviteId });
}
