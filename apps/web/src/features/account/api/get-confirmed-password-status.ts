import { PASSWORD_CONFIRMATION_SECONDS } from '@zema/contracts';
import { auth } from '@zema/contracts/identity/auth.operations';
import { api } from '#src/lib/api-client';

/** GET auth/user/confirmed-password-status?seconds=9000 → {confirmed} (SPEC §7, §9). */
export async function fetchConfirmedPasswordStatus(signal?: AbortSignal): Promise<boolean> {
  const answer = await api.call(auth.confirmedPasswordStatus, {
    query: { seconds: PASSWORD_CONFIRMATION_SECONDS },
    signal,
  });
  return answer.confirmed;
}
