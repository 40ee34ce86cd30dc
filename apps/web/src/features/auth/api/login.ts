import { useMutation } from '@tanstack/react-query';
import { type LoginRequest, type LoginResponse, loginResponseSchema } from '@zema/contracts';
import { apiClient } from '#src/lib/api-client';

/** POST auth/login {email, password, remember} → `{two_factor: true}` or `{bootstrapData}`. */
export async function login(payload: LoginRequest): Promise<LoginResponse> {
  const res = await apiClient.post<unknown>('auth/login', payload);
  return loginResponseSchema.parse(res);
}

/** The login form places field errors itself (SPEC §5), so the global toast is skipped. */
export function useLogin() {
  return useMutation({ mutationFn: login, meta: { handlesErrors: true } });
}
