import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#src/lib/api-client';
import { storeAccountUser } from '../lib/account-cache';
import { type AccountSettingsUser, parseAccountAnswer } from './get-account';

/** DELETE users/{id}/avatar → {user}. */
export async function removeAvatar(userId: number): Promise<AccountSettingsUser> {
  return parseAccountAnswer(await apiClient.delete<unknown>(`users/${userId}/avatar`));
}

export function useRemoveAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAvatar,
    meta: { handlesErrors: true },
    onSuccess: (user) => storeAccountUser(queryClient, user),
  });
}
