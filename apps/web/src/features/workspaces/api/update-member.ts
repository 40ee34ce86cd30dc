import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ASSIGNABLE_WORKSPACE_ROLES } from '@zema/contracts';
import { workspaces } from '@zema/contracts/workspaces/workspaces.operations';
import { api } from '#src/lib/api-client';
import { workspaceKeys } from './keys';

export type AssignableRole = (typeof ASSIGNABLE_WORKSPACE_ROLES)[number];

/** PUT workspaces/{id}/members/{userId} {role} (workspace_members.update). */
export async function updateMember({
  id,
  userId,
  role,
}: {
  id: number;
  userId: number;
  role: AssignableRole;
}) {
  return (await api.call(workspaces.updateMember, { params: { id, userId }, body: { role } })).member;
}

export function useUpdateMember(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: number; role: AssignableRole }) => updateMember({ id, ...input }),
    onSettled: () => client.invalidateQueries({ queryKey: workspaceKeys.detail(id) }),
  });
}
