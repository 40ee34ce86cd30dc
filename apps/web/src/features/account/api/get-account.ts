import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountUserSchema } from '@zema/contracts';
import { account } from '@zema/contracts/account/account.operations';
import { z } from 'zod';
import { api } from '#src/lib/api-client';

/**
 * The account user (SPEC §3 User + tokens). SPEC §3 also lists `two_factor_recovery_codes`: when the
 * server sends it, a non-empty list without `two_factor_confirmed_at` means two-factor setup is
 * pending (SPEC §4 initial state).
 */
export const accountSettingsUserSchema = accountUserSchema.extend({
  two_factor_recovery_codes: z.array(z.string()).nullable().optional(),
});
export type AccountSettingsUser = z.infer<typeof accountSettingsUserSchema>;

export const ACCOUNT_QUERY_KEY = ['account', 'me'] as const;

/** GET users/me → {user} with roles, social profiles and tokens. */
export async function fetchAccount(signal?: AbortSignal): Promise<AccountSettingsUser> {
  return (await api.call(account.get, { params: { id: 'me' }, signal })).user;
}

export const accountQueryOptions = () =>
  queryOptions({
    queryKey: ACCOUNT_QUERY_KEY,
    queryFn: ({ signal }) => fetchAccount(signal),
    // The page renders its own error state with a retry button.
    meta: { handlesErrors: true },
  });

export function useAccount() {
  return useQuery(accountQueryOptions());
}
