import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, SuspendUserRequest } from '@zema/contracts/admin';
import { usersAdmin } from '@zema/contracts/users/users.operations';
import { api } from '#src/lib/api-client';
import { usersKeys } from './users-keys';

/**
 * The user page's one-click actions, each its own operation, all answering the updated user
 * (except the resend, which answers a message): suspend, unsuspend, mark verified, end a session,
 * revoke a token, reset two-factor.
 */
export type UserAction =
  | { kind: 'suspend'; body: SuspendUserRequest }
  | { kind: 'unsuspend' }
  | { kind: 'markVerified' }
  | { kind: 'resendVerification' }
  | { kind: 'endSession'; sessionId: string }
  | { kind: 'revokeToken'; tokenId: number }
  | { kind: 'resetTwoFactor' };

export async function runUserAction(id: number, action: UserAction): Promise<AdminUser | null> {
  const params = { id: String(id) };
  switch (action.kind) {
    case 'suspend':
      return (await api.call(usersAdmin.suspend, { params, body: action.body })).user;
    case 'unsuspend':
      return (await api.call(usersAdmin.unsuspend, { params })).user;
    case 'markVerified':
      return (await api.call(usersAdmin.markVerified, { params })).user;
    case 'resendVerification':
      await api.call(usersAdmin.resendVerification, { params });
      return null;
    case 'endSession':
      return (await api.call(usersAdmin.endSession, { params: { ...params, sessionId: action.sessionId } }))
        .user;
    case 'revokeToken':
      return (
        await api.call(usersAdmin.revokeToken, { params: { ...params, tokenId: String(action.tokenId) } })
      ).user;
    case 'resetTwoFactor':
      return (await api.call(usersAdmin.resetTwoFactor, { params })).user;
  }
}

export function useUserAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: UserAction) => runUserAction(id, action),
    onSuccess: (user) => {
      if (user) queryClient.setQueryData(usersKeys.detail(id), user);
      return queryClient.invalidateQueries({ queryKey: usersKeys.lists() });
    },
  });
}
