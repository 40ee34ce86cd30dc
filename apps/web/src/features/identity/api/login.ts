import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse } from '@zema/contracts';
import { auth } from '@zema/contracts/identity/auth.operations';
import { api } from '#src/lib/api-client';

/** POST auth/login {email, password, remember} → `{two_factor: true}` or `{bootstrapData}`. */
export async function login(payload: LoginRequest): Promise<LoginResponse> {
  return api.call(auth.login, { body: payload });
}

/** The login form places field errors itself (SPEC §5), so the global toast is skipped. */
export function useLogin() {
  return useMutation({ mutationFn: login, meta: { handlesErrors: true } });
}
