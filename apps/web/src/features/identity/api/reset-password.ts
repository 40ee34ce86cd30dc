import { useMutation } from '@tanstack/react-query';
import type { BootstrapData, ResetPasswordRequest } from '@zema/contracts';
import { auth } from '@zema/contracts/identity/auth.operations';
import { api } from '#src/lib/api-client';

export interface ResetPasswordResult {
  message: string | null;
  bootstrapData: BootstrapData | null;
}

/** POST auth/reset-password {token, email, password, password_confirmation}. */
export async function resetPassword(payload: ResetPasswordRequest): Promise<ResetPasswordResult> {
  const answer = await api.call(auth.resetPassword, { body: payload });
  return { message: answer.message || null, bootstrapData: answer.bootstrapData ?? null };
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, meta: { handlesErrors: true } });
}
