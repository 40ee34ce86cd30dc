import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateAccessTokenResponse, createAccessTokenResponseSchema } from '@zema/contracts';
import { patchAccount } from '#src/features/account/lib/account-cache';
import { apiClient } from '#src/lib/api-client';

/** POST access-tokens {tokenName} → {token, plainTextToken}; the plain token is shown once. */
export async function createAccessToken(tokenName: string): Promise<CreateAccessTokenResponse> {
  return createAccessTokenResponseSchema.parse(await apiClient.post<unknown>('access-tokens', { tokenName }));
}

export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccessToken,
    meta: { handlesErrors: true },
    onSuccess: ({ token }) => patchAccount(queryClient, (u) => ({ ...u, tokens: [...u.tokens, token] })),
  });
}
