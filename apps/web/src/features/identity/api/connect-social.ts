import { useMutation } from '@tanstack/react-query';
import { social } from '@zema/contracts/identity/social.operations';
import { api } from '#src/lib/api-client';

/** POST secure/auth/social/connect {password} → {bootstrapData} (SPEC §7). */
export async function connectSocial(password: string) {
  return api.call(social.connectWithPassword, { body: { password } });
}

/** The password dialog places field errors itself, so the global toast is skipped. */
export function useConnectSocial() {
  return useMutation({ mutationFn: connectSocial, meta: { handlesErrors: true } });
}
