import { confirmedPasswordStatusResponseSchema, PASSWORD_CONFIRMATION_SECONDS } from '@zema/contracts';
import { apiClient } from '#src/lib/api-client';

/** GET auth/user/confirmed-password-status?seconds=9000 → {confirmed} (SPEC §7, §9). */
export async function fetchConfirmedPasswordStatus(signal?: AbortSignal): Promise<boolean> {
  const res = await apiClient.get<unknown>('auth/user/confirmed-password-status', {
    params: { seconds: PASSWORD_CONFIRMATION_SECONDS },
    signal,
  });
  return confirmedPasswordStatusResponseSchema.parse(res).confirmed;
}
