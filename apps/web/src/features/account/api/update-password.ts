import { useMutation } from '@tanstack/react-query';
import type { UpdatePasswordRequest } from '@zema/contracts';
import { auth } from '@zema/contracts/identity/auth.operations';
import { api } from '#src/lib/api-client';

/** PUT auth/user/password {current_password, password, password_confirmation} → {message}. */
export async function updatePassword(payload: UpdatePasswordRequest): Promise<void> {
  await api.call(auth.updatePassword, { body: payload });
}

/** The form places field errors itself. */
export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword, meta: { handlesErrors: true } });
}
