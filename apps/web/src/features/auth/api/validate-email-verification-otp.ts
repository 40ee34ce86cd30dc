import { useMutation } from '@tanstack/react-query';
import { apiClient } from '#src/lib/api-client';

/** POST validate-email-verification-otp {code}: marks the signed-in user's email verified. */
export async function validateEmailVerificationOtp(payload: { code: string }): Promise<void> {
  await apiClient.post<unknown>('validate-email-verification-otp', payload);
}

export function useValidateEmailVerificationOtp() {
  return useMutation({ mutationFn: validateEmailVerificationOtp, meta: { handlesErrors: true } });
}
