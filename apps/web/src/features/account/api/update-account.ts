import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateAccountRequest } from '@zema/contracts';
import { account } from '@zema/contracts/account/account.operations';
import { api } from '#src/lib/api-client';
import { storeAccountUser } from '../lib/account-cache';
import type { AccountSettingsUser } from './get-account';

/** PUT users/me {first_name?, last_name?, timezone?, country?, language?} → {user}. */
export async function updateAccount(payload: UpdateAccountRequest): Promise<AccountSettingsUser> {
  return (await api.call(account.update, { body: payload })).user;
}

/** Saves account fields; the cached account and the bootstrap user take the answer. */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    meta: { handlesErrors: true },
    onSuccess: (user) => storeAccountUser(queryClient, user),
  });
}
