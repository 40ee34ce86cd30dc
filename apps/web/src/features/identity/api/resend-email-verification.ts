import { useMutation } from '@tanstack/react-query';
import { auth } from '@zema/contracts/identity/auth.operations';
import { api } from '#src/lib/api-client';

/** POST resend-email-verification {email}: a new code replaces the previous one. */
export async function resendEmailVerification(payload: { email?: string }): Promise<void> {
  await api.call(auth.resendEmailVerification, { body: payload });
}

/** Failures (e.g. 429 after too many sends) use the global error toast with the server's message. */
export function useResendEmailVerification() {
  return useMutation({ mutationFn: resendEmailVerification });
}
