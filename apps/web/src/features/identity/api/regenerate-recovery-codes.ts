import { twoFactor } from '@zema/contracts/identity/two-factor.operations';
import { api } from '#src/lib/api-client';

/** POST auth/user/two-factor-recovery-codes → a new set of recovery codes; the old ones stop working. */
export async function regenerateRecoveryCodes(): Promise<string[]> {
  return (await api.call(twoFactor.regenerateRecoveryCodes)).recovery_codes;
}
