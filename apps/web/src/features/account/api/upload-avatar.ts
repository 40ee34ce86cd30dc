import { useMutation, useQueryClient } from '@tanstack/react-query';
import { account } from '@zema/contracts/operations/account';
import { storeAccountUser } from '#src/components/account/account-cache';
import type { AccountSettingsUser } from '#src/components/account/get-account';
import { api } from '#src/lib/api-client';

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
  return (await api.call(account.uploadAvatar, { params: { id: userId }, body })).user;
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    meta: { handlesErrors: true },
    onSuccess: (user) => storeAccountUser(queryClient, user),
  });
}
