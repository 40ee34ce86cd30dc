import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@zema/contracts/notifications/notifications.operations';
import { api } from '#src/lib/api-client';
import { setUnreadNotificationsCount } from '../lib/unread-count';
import { notificationKeys } from './keys';

/** POST notifications/mark-all-as-read → {unreadCount} (0). */
export async function markAllNotificationsAsRead(): Promise<number> {
  return (await api.call(notifications.markAllAsRead)).unreadCount;
}

export function useMarkAllNotificationsAsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsAsRead,
    onSuccess: async (unreadCount) => {
      setUnreadNotificationsCount(unreadCount);
      await queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
    },
  });
}
