import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema } from '@zema/contracts';
import { apiClient } from '#src/lib/api-client';

/** POST auth/forgot-password {email} → {message} (the same answer for known and unknown emails). */
export async function forgotPassword(payload: { email: string }): Promise<{ message: string }> {
  const res = await apiClient.post<unknown>('auth/forgot-password', payload);
  return messageResponseSchema.parse(res);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword, meta: { handlesErrors: true } });
}
