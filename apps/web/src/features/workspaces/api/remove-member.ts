import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspaces } from '@zema/contracts/workspaces/workspaces.operations';
import { workspaceKeys } from '#src/components/workspaces/api/keys';
import { refreshWorkspaces } from '#src/components/workspaces/api/refresh-workspaces';
import { api } from '#src/lib/api-client';

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
