import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateAccessTokenResponse } from '@zema/contracts';
import { accessTokens } from '@zema/contracts/identity/access-tokens.operations';
import { patchAccount } from '#src/features/account';
import { api } from '#src/lib/api-client';

/** POST access-tokens {tokenName} → {token, plainTextToken}; the plain token is shown once. */
export async function createAccessToken(tokenName: string): Promise<CreateAccessTokenResponse> {
  return api.call(accessTokens.create, { body: { tokenName } });
}

export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccessToken,
    meta: { handlesErrors: true },
    onSuccess: ({ token }) => patchAccount(queryClient, (u) => ({ ...u, tokens: [...u.tokens, token] })),
  });
}
