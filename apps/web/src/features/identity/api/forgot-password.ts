import { useMutation } from '@tanstack/react-query';
import { auth } from '@zema/contracts/identity/auth.operations';
import { api } from '#src/lib/api-client';

/** POST auth/forgot-password {email} → {message} (the same answer for known and unknown emails). */
export async function forgotPassword(payload: { email: string }): Promise<{ message: string }> {
  return api.call(auth.forgotPassword, { body: payload });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword, meta: { handlesErrors: true } });
}
