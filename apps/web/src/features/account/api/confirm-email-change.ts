import { useMutation, useQueryClient } from '@tanstack/react-query';
import { account } from '@zema/contracts/account/account.operations';
import { api } from '#src/lib/api-client';
import { storeAccountUser } from '../lib/account-cache';
import type { AccountSettingsUser } from './get-account';

/** POST users/me/email/confirm {code} → {user} with the new email. */
export async function confirmEmailChange(code: string): Promise<AccountSettingsUser> {
  return (await api.call(account.confirmEmailChange, { body: { code } })).user;
}

/** The account and the bootstrap user take the new address (navbar, panels). */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    meta: { handlesErrors: true },
    onSuccess: (user) => storeAccountUser(queryClient, user),
  });
}
