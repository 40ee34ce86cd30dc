import { useMutation } from '@tanstack/react-query';
import type { RegisterRequest, RegisterResponse } from '@zema/contracts';
import { auth } from '@zema/contracts/identity/auth.operations';
import { api } from '#src/lib/api-client';

/**
 * POST auth/register {email, password, password_confirmation, <policy id>: true, …}
 * → `{status: 'success' | 'needs_email_verification', bootstrapData}`.
 */
export async function register(payload: RegisterRequest): Promise<RegisterResponse> {
  return api.call(auth.register, { body: payload });
}

export function useRegister() {
  return useMutation({ mutationFn: register, meta: { handlesErrors: true } });
}
