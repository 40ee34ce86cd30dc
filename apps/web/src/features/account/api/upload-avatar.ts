import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#src/lib/api-client';
import { storeAccountUser } from '../lib/account-cache';
import { type AccountSettingsUser, parseAccountAnswer } from './get-account';

/** POST users/{id}/avatar multipart with `file` → {user} (the server re-encodes the image). */
export async function uploadAvatar({
  userId,
  file,
}: {
  userId: number;
  file: File;
}): Promise<AccountSettingsUser> {
  const body = new FormData();
  body.append('file', file);
  return parseAccountAnswer(await apiClient.post<unknown>(`users/${userId}/avatar`, body));
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    meta: { handlesErrors: true },
    onSuccess: (user) => storeAccountUser(queryClient, user),
  });
}
