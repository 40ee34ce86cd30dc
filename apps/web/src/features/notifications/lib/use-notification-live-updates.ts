import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '#src/lib/live-events';
import { notificationKeys } from '../api/keys';
import { setUnreadNotificationsCount } from './unread-count';

/**
 * Live notification events (decision 0033): a new notification sets the user's unread count to the
 * event's and refreshes the lists on screen; a count change made elsewhere (another tab marked
 * them read) sets the count and refreshes the read dots. Mounted once by the app shell.
 */
export function useNotificationLiveUpdates() {
  const queryClient = useQueryClient();
  useLiveEvent('notification.created', ({ unreadCount }) => {
    setUnreadNotificationsCount(unreadCount);
    void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
  });
  useLiveEvent('notification.count', ({ unreadCount }) => {
    setUnreadNotificationsCount(unreadCount);
    void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
  });
}
