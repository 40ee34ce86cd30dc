import { useMutation } from '@tanstack/react-query';
import { account } from '@zema/contracts/account/account.operations';
import { api } from '#src/lib/api-client';

/**
 * POST users/me/email {email} → {message}: mails a 6-digit code to the new address. Needs a
 * recently confirmed password (423 otherwise).
 */
export async function requestEmailChange(email: string): Promise<string> {
  return (await api.call(account.requestEmailChange, { body: { email } })).message;
}

/** The dialog places field errors itself. */
export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange, meta: { handlesErrors: true } });
}
