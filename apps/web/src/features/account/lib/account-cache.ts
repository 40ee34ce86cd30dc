import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@zema/contracts';
import { updateBootstrapData } from '#src/lib/bootstrap-store';
import { ACCOUNT_QUERY_KEY, type AccountSettingsUser } from '../api/get-account';

/** Changes the cached account user in place (no refetch). */
export function patchAccount(
  queryClient: QueryClient,
  update: (user: AccountSettingsUser) => AccountSettingsUser,
): void {
  queryClient.setQueryData<AccountSettingsUser>(ACCOUNT_QUERY_KEY, (old) => (old ? update(old) : old));
}

/** Copies changed user fields into the bootstrap user, so the navbar avatar and name follow. */
export function patchBootstrapUser(fields: Partial<User>): void {
  updateBootstrapData((data) => (data.user ? { ...data, user: { ...data.user, ...fields } } : data));
}

/** Replaces the cached account user and mirrors the bootstrap-visible fields. */
export function storeAccountUser(queryClient: QueryClient, user: AccountSettingsUser): void {
  queryClient.setQueryData(ACCOUNT_QUERY_KEY, user);
  const { tokens: _tokens, two_factor_recovery_codes: _codes, ...bootstrapFields } = user;
  patchBootstrapUser(bootstrapFields);
}
