import { useMutation } from '@tanstack/react-query';
import { humanVerification } from '@zema/contracts/identity/human-verification.operations';
import { api } from '#src/lib/api-client';

/** POST recaptcha/verify {token} → {success}: the server checks the provider's token. */
export async function verifyHuman(payload: { token: string }): Promise<boolean> {
  return (await api.call(humanVerification.verify, { body: payload })).success;
}

export function useVerifyHuman() {
  return useMutation({ mutationFn: verifyHuman, meta: { handlesErrors: true } });
}
