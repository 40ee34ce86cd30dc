import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppPasswordsResponse, CreateAppPasswordResponse } from '@zema/contracts';
import { appPasswords } from '@zema/contracts/subsonic/app-passwords.operations';
import { api } from '#src/lib/api-client';
import { subsonicKeys } from './subsonic-keys';

/** POST users/me/app-passwords {name} → {app_password, password, username}; the password is shown once. */
export async function createAppPassword(name: string): Promise<CreateAppPasswordResponse> {
  return api.call(appPasswords.create, { body: { name } });
}

export function useCreateAppPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppPassword,
    // The dialog places the errors on its name field (or toasts the limit).
    meta: { handlesErrors: true },
    // The list gains the server's row at once; the password itself never enters the cache.
    onSuccess: ({ app_password, username }) =>
      queryClient.setQueryData<AppPasswordsResponse>(subsonicKeys.appPasswords(), (old) => ({
        username,
        app_passwords: [...(old?.app_passwords ?? []), app_password],
      })),
  });
}
