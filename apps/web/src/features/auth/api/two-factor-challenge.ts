import { useMutation } from '@tanstack/react-query';
import { type BootstrapData, bootstrapAnswerSchema, type TwoFactorChallengeRequest } from '@zema/contracts';
import { apiClient } from '#src/lib/api-client';

/** POST auth/two-factor-challenge {code} or {recovery_code} → `{bootstrapData}`. */
export async function twoFactorChallenge(payload: TwoFactorChallengeRequest): Promise<BootstrapData> {
  const res = await apiClient.post<unknown>('auth/two-factor-challenge', payload);
  return bootstrapAnswerSchema.parse(res).bootstrapData;
}

export function useTwoFactorChallenge() {
  return useMutation({ mutationFn: twoFactorChallenge, meta: { handlesErrors: true } });
}
