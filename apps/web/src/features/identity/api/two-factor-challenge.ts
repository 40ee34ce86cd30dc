import { useMutation } from '@tanstack/react-query';
import type { BootstrapData, TwoFactorChallengeRequest } from '@zema/contracts';
import { auth } from '@zema/contracts/identity/auth.operations';
import { api } from '#src/lib/api-client';

/** POST auth/two-factor-challenge {code} or {recovery_code} → `{bootstrapData}`. */
export async function twoFactorChallenge(payload: TwoFactorChallengeRequest): Promise<BootstrapData> {
  return (await api.call(auth.twoFactorChallenge, { body: payload })).bootstrapData;
}

export function useTwoFactorChallenge() {
  return useMutation({ mutationFn: twoFactorChallenge, meta: { handlesErrors: true } });
}
