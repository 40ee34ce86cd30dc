import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PushSubscriptionInfo } from '@zema/contracts';
import { notifications } from '@zema/contracts/notifications/notifications.operations';
import { api } from '#src/lib/api-client';
import { notificationKeys } from './keys';

/** POST notifications/push/subscriptions with `subscription.toJSON()`. */
export async function createPushSubscription(json: PushSubscriptionJSON): Promise<PushSubscriptionInfo> {
  const body = {
    endpoint: json.endpoint ?? '',
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
  return (await api.call(notifications.createPushSubscription, { body })).subscription;
}

export function useCreatePushSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPushSubscription,
    meta: { handlesErrors: true },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...notificationKeys.all, 'push-subscriptions'] }),
  });
}
