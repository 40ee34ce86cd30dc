import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@zema/contracts/notifications/notifications.operations';
import { api } from '#src/lib/api-client';
import { notificationKeys } from './keys';

/** DELETE notifications/push/subscriptions/{id}: that browser gets no more pushes. */
export async function deletePushSubscription(id: number): Promise<void> {
  await api.call(notifications.deletePushSubscription, { params: { id } });
}

export function useDeletePushSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePushSubscription,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...notificationKeys.all, 'push-subscriptions'] }),
  });
}
