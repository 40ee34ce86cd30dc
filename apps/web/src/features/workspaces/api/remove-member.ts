import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspaces } from '@zema/contracts/workspaces/workspaces.operations';
import { api } from '#src/lib/api-client';
import { workspaceKeys } from './keys';
import { refreshWorkspaces } from './refresh-workspaces';

/** DELETE workspaces/{id}/members/{userId}: removes a member, or leaves when it is the caller. */
export async function removeMember({ id, userId }: { id: number; userId: number }) {
  return api.call(workspaces.removeMember, { params: { id, userId } });
}

export function useRemoveMember(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId }: { userId: number; leaving?: boolean }) => removeMember({ id, userId }),
    onSuccess: (_answer, { leaving }) => {
      if (leaving) return refreshWorkspaces(client);
      return client.invalidateQueries({ queryKey: workspaceKeys.detail(id) });
    },
  });
}
