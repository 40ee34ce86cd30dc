import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationSubscriptionSettings } from '@zema/contracts';
import { notifications } from '@zema/contracts/notifications/notifications.operations';
import { api } from '#src/lib/api-client';
import { notificationKeys } from './keys';

/** GET notifications/me/subscriptions: groups of items, channels and the user's picks (SPEC §3). */
export async function fetchNotificationSubscriptions(
  signal?: AbortSignal,
): Promise<NotificationSubscriptionSettings> {
  return api.call(notifications.getSubscriptions, { signal });
}

export const notificationSubscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.subscriptions(),
    queryFn: ({ signal }) => fetchNotificationSubscriptions(signal),
    meta: { handlesErrors: true },
  });

export function useNotificationSubscriptions() {
  return useQuery(notificationSubscriptionsQueryOptions());
}
