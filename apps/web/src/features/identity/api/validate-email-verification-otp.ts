import { useMutation } from '@tanstack/react-query';
import { auth } from '@zema/contracts/identity/auth.operations';
import { api } from '#src/lib/api-client';

/** POST validate-email-verification-otp {code}: marks the signed-in user's email verified. */
export async function validateEmailVerificationOtp(payload: { code: string }): Promise<void> {
  await api.call(auth.validateEmailVerificationOtp, { body: payload });
}

export function useValidateEmailVerificationOtp() {
  return useMutation({ mutationFn: validateEmailVerificationOtp, meta: { handlesErrors: true } });
}
