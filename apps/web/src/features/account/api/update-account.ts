import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateAccountRequest } from '@zema/contracts';
import { apiClient } from '#src/lib/api-client';
import { storeAccountUser } from '../lib/account-cache';
import { type AccountSettingsUser, parseAccountAnswer } from './get-account';

/** PUT users/me {first_name?, last_name?, timezone?, country?, language?} → {user}. */
export async function updateAccount(payload: UpdateAccountRequest): Promise<AccountSettingsUser> {
  return parseAccountAnswer(await apiClient.put<unknown>('users/me', payload));
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
