import { useMutation } from '@tanstack/react-query';
import { bootstrapAnswerSchema } from '@zema/contracts';
import { apiClient } from '#src/lib/api-client';

/** POST secure/auth/social/connect {password} → {bootstrapData} (SPEC §7). */
export async function connectSocial(password: string) {
  const res = await apiClient.post<unknown>('secure/auth/social/connect', { password });
  return bootstrapAnswerSchema.parse(res);
}

/** The password dialog places field errors itself, so the global toast is skipped. */
export function useConnectSocial() {
  return useMutation({ mutationFn: connectSocial, meta: { handlesErrors: true } });
}
