import { useMutation } from '@tanstack/react-query';
import { type RegisterRequest, type RegisterResponse, registerResponseSchema } from '@zema/contracts';
import { apiClient } from '#src/lib/api-client';

/**
 * POST auth/register {email, password, password_confirmation, <policy id>: true, …}
 * → `{status: 'success' | 'needs_email_verification', bootstrapData}`.
 */
export async function register(payload: RegisterRequest): Promise<RegisterResponse> {
  const res = await apiClient.post<unknown>('auth/register', payload);
  return registerResponseSchema.parse(res);
}

export function useRegister() {
  return useMutation({ mutationFn: register, meta: { handlesErrors: true } });
}
