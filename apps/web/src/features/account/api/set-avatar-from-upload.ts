import { useMutation, useQueryClient } from '@tanstack/react-query';
import { account } from '@zema/contracts/account/account.operations';
import { api } from '#src/lib/api-client';
import { storeAccountUser } from '../lib/account-cache';
import type { AccountSettingsUser } from './get-account';

/**
 * POST users/{id}/avatar `{file_entry_id}` → {user}: the picture the upload queue sent becomes the
 * avatar (the server re-encodes it; the upload itself is then discarded).
 */
export async function setAvatarFromUpload({
  userId,
  fileEntryId,
}: {
  userId: number;
  fileEntryId: number;
}): Promise<AccountSettingsUser> {
  return (
    await api.call(account.uploadAvatar, { params: { id: userId }, body: { file_entry_id: fileEntryId } })
  ).user;
}

export function useSetAvatarFromUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAvatarFromUpload,
    meta: { handlesErrors: true },
    onSuccess: (user) => storeAccountUser(queryClient, user),
  });
}
