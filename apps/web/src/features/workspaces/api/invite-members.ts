import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { inviteWorkspaceMembersRequestSchema } from '@zema/contracts';
import { workspaces } from '@zema/contracts/workspaces/workspaces.operations';
import type { z } from 'zod';
import { api } from '#src/lib/api-client';
import { workspaceKeys } from './keys';

export type InviteMembersRequest = z.input<typeof inviteWorkspaceMembersRequestSchema>;

/** POST workspaces/{id}/invites {emails, role} (workspace_members.invite). */
export async function inviteMembers({ id, body }: { id: number; body: InviteMembersRequest }) {
  return (await api.call(workspaces.invite, { params: { id }, body })).invites;
}

export function useInviteMembers(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteMembersRequest) => inviteMembers({ id, body }),
    meta: { handlesErrors: true },
    onSuccess: () => client.invalidateQueries({ queryKey: workspaceKeys.detail(id) }),
  });
}
