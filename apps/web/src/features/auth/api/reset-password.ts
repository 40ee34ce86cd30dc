import { useMutation } from '@tanstack/react-query';
import { type BootstrapData, bootstrapDataSchema, type ResetPasswordRequest } from '@zema/contracts';
import { z } from 'zod';
import { apiClient } from '#src/lib/api-client';

/** The server answers with a message, and may sign the user in right away with bootstrap data. */
const resetPasswordResponseSchema = z.object({
  message: z.string().optional(),
  bootstrapData: bootstrapDataSchema.optional(),
});

export interface ResetPasswordResult {
  message: string | null;
  bootstrapData: BootstrapData | null;
}

/** POST auth/reset-password {token, email, password, password_confirmation}. */
export async function resetPassword(payload: ResetPasswordRequest): Promise<ResetPasswordResult> {
  const res = await apiClient.post<unknown>('auth/reset-password', payload);
  const parsed = resetPasswordResponseSchema.parse(res ?? {});
  return { message: parsed.message ?? null, bootstrapData: parsed.bootstrapData ?? null };
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, meta: { handlesErrors: true } });
}
