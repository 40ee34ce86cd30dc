import { queryOptions, useQuery } from '@tanstack/react-query';
import { notifications } from '@zema/contracts/notifications/notifications.operations';
import { api } from '#src/lib/api-client';
import { notificationKeys } from './keys';

/** GET notifications/push/key → {public_key}: the install's VAPID public key. */
export async function fetchPushKey(signal?: AbortSignal): Promise<string> {
  return (await api.call(notifications.pushKey, { signal })).public_key;
}

export const pushKeyQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.pushKey(),
    queryFn: ({ signal }) => fetchPushKey(signal),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { handlesErrors: true },
  });

export function usePushKey(enabled: boolean) {
  return useQuery({ ...pushKeyQueryOptions(), enabled });
}
