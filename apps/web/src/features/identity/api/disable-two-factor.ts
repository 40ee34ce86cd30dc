import type { TwoFactorStatusResponse } from '@zema/contracts';
import { twoFactor } from '@zema/contracts/identity/two-factor.operations';
import { api } from '#src/lib/api-client';

/** DELETE auth/user/two-factor-authentication → {enabled: false, pending: false} (423 unconfirmed). */
export async function disableTwoFactor(): Promise<TwoFactorStatusResponse> {
  return api.call(twoFactor.disable);
}
