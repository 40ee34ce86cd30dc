import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@zema/contracts/notifications/notifications.operations';
import { api } from '#src/lib/api-client';
import { setUnreadNotificationsCount } from '../lib/unread-count';
import { notificationKeys } from './keys';

/** POST notifications/mark-as-read {ids} → {unreadCount}. */
export async function markNotificationsAsRead(ids: number[]): Promise<number> {
  return (await api.call(notifications.markAsRead, { body: { ids } })).unreadCount;
}

/**
 * SPEC §4: the clicked notification becomes read, then the list is refreshed; the count the server
 * reports is the user's count from now on (zero included).
 */
export function useMarkNotificationsAsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsAsRead,
    onSuccess: async (unreadCount) => {
      setUnreadNotificationsCount(unreadCount);
      await queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
    },
  });
}
