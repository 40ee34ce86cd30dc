import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accessTokens } from '@zema/contracts/identity/access-tokens.operations';
import { patchAccount } from '#src/features/account';
import { api } from '#src/lib/api-client';

/** DELETE access-tokens/{id}: the token stops working at once. */
export async function deleteAccessToken(id: number): Promise<void> {
  await api.call(accessTokens.delete, { params: { id } });
}

export function useDeleteAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccessToken,
    onSuccess: (_answer, id) =>
      patchAccount(queryClient, (u) => ({ ...u, tokens: u.tokens.filter((t) => t.id !== id) })),
  });
}
