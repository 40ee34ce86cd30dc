import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessions } from '@zema/contracts/identity/sessions.operations';
import { api } from '#src/lib/api-client';
import { userSessionsQueryOptions } from './get-user-sessions';

/** POST user-sessions/logout-other {password}: the password is asked every time (SPEC §4). */
export async function logoutOtherSessions(password: string): Promise<void> {
  await api.call(sessions.logoutOther, { body: { password } });
}

export function useLogoutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutOtherSessions,
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userSessionsQueryOptions().queryKey }),
  });
}
