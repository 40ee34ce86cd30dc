import { twoFactor } from '@zema/contracts/identity/two-factor.operations';
import { api } from '#src/lib/api-client';

/** POST auth/user/confirmed-two-factor-authentication {code} → the 8 recovery codes, shown once. */
export async function confirmTwoFactor(code: string): Promise<string[]> {
  return (await api.call(twoFactor.confirm, { body: { code } })).recovery_codes;
}
