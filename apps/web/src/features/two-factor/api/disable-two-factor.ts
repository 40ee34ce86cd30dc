import { type TwoFactorStatusResponse, twoFactorStatusResponseSchema } from '@zema/contracts';
import { apiClient } from '#src/lib/api-client';

/** DELETE auth/user/two-factor-authentication → {enabled: false, pending: false} (423 unconfirmed). */
export async function disableTwoFactor(): Promise<TwoFactorStatusResponse> {
  return twoFactorStatusResponseSchema.parse(
    await apiClient.delete<unknown>('auth/user/two-factor-authentication'),
  );
}
