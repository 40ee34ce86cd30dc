import { useMutation } from '@tanstack/react-query';
import { apiClient } from '#src/lib/api-client';

/** POST auth/user/confirm-password {password} → {confirmed: true}: marks this browser session. */
export async function confirmPassword(password: string): Promise<void> {
  await apiClient.post('auth/user/confirm-password', { password });
}

/** The dialog places the field error itself. */
export function useConfirmPassword() {
  return useMutation({ mutationFn: confirmPassword, meta: { handlesErrors: true } });
}
