import type { TwoFactorStatusResponse } from '@zema/contracts';
import { twoFactor } from '@zema/contracts/identity/two-factor.operations';
import { api } from '#src/lib/api-client';

/** POST auth/user/two-factor-authentication → {enabled: false, pending: true} (423 unconfirmed). */
export async function enableTwoFactor(): Promise<TwoFactorStatusResponse> {
  return api.call(twoFactor.enable);
}
