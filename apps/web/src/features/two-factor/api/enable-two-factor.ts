import { type TwoFactorStatusResponse, twoFactorStatusResponseSchema } from '@zema/contracts';
import { apiClient } from '#src/lib/api-client';

/** POST auth/user/two-factor-authentication → {enabled: false, pending: true} (423 unconfirmed). */
export async function enableTwoFactor(): Promise<TwoFactorStatusResponse> {
  return twoFactorStatusResponseSchema.parse(
    await apiClient.post<unknown>('auth/user/two-factor-authentication'),
  );
}
