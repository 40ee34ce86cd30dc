import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PushSubscriptionInfo } from '@zema/contracts';
import { notifications } from '@zema/contracts/notifications/notifications.operations';
import { api } from '#src/lib/api-client';
import { notificationKeys } from './keys';

/**
 * GET notifications/push/subscriptions?endpoint → the user's browsers that receive push; the one
 * whose endpoint is this browser's comes back marked `current`.
 */
export async function fetchPushSubscriptions(
  endpoint: string | null,
  signal?: AbortSignal,
): Promise<PushSubscriptionInfo[]> {
  const query = endpoint ? { endpoint } : {};
  return (await api.call(notifications.listPushSubscriptions, { query, signal })).subscriptions;
}

export const pushSubscriptionsQueryOptions = (endpoint: string | null) =>
  queryOptions({
    queryKey: notificationKeys.pushSubscriptions(endpoint),
    queryFn: ({ signal }) => fetchPushSubscriptions(endpoint, signal),
    meta: { handlesErrors: true },
  });

export function usePushSubscriptions(endpoint: string | null, enabled = true) {
  return useQuery({ ...pushSubscriptionsQueryOptions(endpoint), enabled });
}
