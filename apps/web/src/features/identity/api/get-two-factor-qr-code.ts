import { queryOptions, useQuery } from '@tanstack/react-query';
import type { twoFactorQrCodeResponseSchema } from '@zema/contracts';
import { twoFactor } from '@zema/contracts/identity/two-factor.operations';
import type { z } from 'zod';
import { api } from '#src/lib/api-client';

export type TwoFactorQrCode = z.infer<typeof twoFactorQrCodeResponseSchema>;

/** GET auth/user/two-factor/qr-code → {svg, secret} (423 without a confirmed password). */
export async function fetchTwoFactorQrCode(signal?: AbortSignal): Promise<TwoFactorQrCode> {
  return api.call(twoFactor.qrCode, { signal });
}

export const twoFactorQrCodeQueryOptions = () =>
  queryOptions({
    queryKey: ['two-factor', { qrCode: true }] as const,
    queryFn: ({ signal }) => fetchTwoFactorQrCode(signal),
    // A secret belongs to one setup: always ask again, never retry a 423.
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { handlesErrors: true },
  });

export function useTwoFactorQrCode(enabled: boolean) {
  return useQuery({ ...twoFactorQrCodeQueryOptions(), enabled });
}
