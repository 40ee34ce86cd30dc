import { useMutation, useQueryClient } from '@tanstack/react-query';
import { account } from '@zema/contracts/account/account.operations';
import { api } from '#src/lib/api-client';
import { storeAccountUser } from '../lib/account-cache';
import type { AccountSettingsUser } from './get-account';

/** DELETE users/{id}/avatar → {user}. */
export async function removeAvatar(userId: number): Promise<AccountSettingsUser> {
  return (await api.call(account.removeAvatar, { params: { id: userId } })).user;
}

export function useRemoveAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAvatar,
    meta: { handlesErrors: true },
    onSuccess: (user) => storeAccountUser(queryClient, user),
  });
}
