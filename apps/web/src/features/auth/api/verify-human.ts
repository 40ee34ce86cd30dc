import { useMutation } from '@tanstack/react-query';
import { humanVerificationResponseSchema } from '@zema/contracts';
import { apiClient } from '#src/lib/api-client';

/** POST recaptcha/verify {token} → {success}: the server checks the provider's token. */
export async function verifyHuman(payload: { token: string }): Promise<boolean> {
  const res = await apiClient.post<unknown>('recaptcha/verify', payload);
  return humanVerificationResponseSchema.parse(res).success;
}

export function useVerifyHuman() {
  return useMutation({ mutationFn: verifyHuman, meta: { handlesErrors: true } });
}
