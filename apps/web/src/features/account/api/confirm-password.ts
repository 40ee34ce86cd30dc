import { useMutation } from '@tanstack/react-query';
import { auth } from '@zema/contracts/identity/auth.operations';
import { api } from '#src/lib/api-client';

/** POST auth/user/confirm-password {password} → {confirmed: true}: marks this browser session. */
export async function confirmPassword(password: string): Promise<void> {
  await api.call(auth.confirmPassword, { body: { password } });
}

/** The dialog places the field error itself. */
export function useConfirmPassword() {
  return useMutation({ mutationFn: confirmPassword, meta: { handlesErrors: true } });
}
