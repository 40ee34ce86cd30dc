import { recoveryCodesResponseSchema } from '@zema/contracts';
import { apiClient } from '#src/lib/api-client';

/** POST auth/user/two-factor-recovery-codes → a new set of recovery codes; the old ones stop working. */
export async function regenerateRecoveryCodes(): Promise<string[]> {
  const res = await apiClient.post<unknown>('auth/user/two-factor-recovery-codes');
  return recoveryCodesResponseSchema.parse(res).recovery_codes;
}
