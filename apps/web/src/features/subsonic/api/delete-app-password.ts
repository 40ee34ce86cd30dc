import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppPasswordsResponse } from '@zema/contracts';
import { appPasswords } from '@zema/contracts/subsonic/app-passwords.operations';
import { api } from '#src/lib/api-client';
import { subsonicKeys } from './subsonic-keys';

/** DELETE users/me/app-passwords/{id} → {message}: apps signed in with it stop working at once. */
export async function deleteAppPassword(id: number): Promise<string> {
  return (await api.call(appPasswords.delete, { params: { id } })).message;
}

export function useDeleteAppPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAppPassword,
    onSuccess: (_message, id) =>
      queryClient.setQueryData<AppPasswordsResponse>(subsonicKeys.appPasswords(), (old) =>
        old ? { ...old, app_passwords: old.app_passwords.filter((p) => p.id !== id) } : old,
      ),
  });
}
