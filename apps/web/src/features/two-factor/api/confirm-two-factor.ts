import { recoveryCodesResponseSchema } from '@zema/contracts';
import { apiClient } from '#src/lib/api-client';

/** POST auth/user/confirmed-two-factor-authentication {code} → the 8 recovery codes, shown once. */
export async function confirmTwoFactor(code: string): Promise<string[]> {
  const res = await apiClient.post<unknown>('auth/user/confirmed-two-factor-authentication', { code });
  return recoveryCodesResponseSchema.parse(res).recovery_codes;
}
