import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppPasswordsResponse } from '@zema/contracts';
import { appPasswords } from '@zema/contracts/subsonic/app-passwords.operations';
import { api } from '#src/lib/api-client';
import { subsonicKeys } from './subsonic-keys';

/** GET users/me/app-passwords → {app_passwords, username}: never the passwords themselves. */
export async function fetchAppPasswords(signal?: AbortSignal): Promise<AppPasswordsResponse> {
  return api.call(appPasswords.list, { signal });
}

export const appPasswordsQueryOptions = () =>
  queryOptions({
    queryKey: subsonicKeys.appPasswords(),
    queryFn: ({ signal }) => fetchAppPasswords(signal),
    // The panel shows its own error state with Try again.
    meta: { handlesErrors: true },
  });

export function useAppPasswords() {
  return useQuery(appPasswordsQueryOptions());
}
