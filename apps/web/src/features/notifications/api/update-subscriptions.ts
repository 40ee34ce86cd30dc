import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationSubscriptionSettings } from '@zema/contracts';
import { notifications } from '@zema/contracts/notifications/notifications.operations';
import type { z } from 'zod';
import { api } from '#src/lib/api-client';
import { notificationKeys } from './keys';

export type SubscriptionSelections = z.input<typeof notifications.updateSubscriptions.body>['selections'];

/** PUT notifications/me/subscriptions {selections} → the settings as saved. */
export async function updateNotificationSubscriptions(
  selections: SubscriptionSelections,
): Promise<NotificationSubscriptionSettings> {
  return api.call(notifications.updateSubscriptions, { body: { selections } });
}

export function useUpdateNotificationSubscriptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSubscriptions,
    onSuccess: (settings) => queryClient.setQueryData(notificationKeys.subscriptions(), settings),
  });
}
