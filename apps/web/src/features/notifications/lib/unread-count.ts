import { updateBootstrapData } from '#src/lib/bootstrap-store';

/**
 * Sets the signed-in user's `unread_notifications_count` in the bootstrap store (SPEC §4): the bell
 * badge and the user menu read it from there, so every reader re-renders at once.
 */
export function setUnreadNotificationsCount(count: number) {
  updateBootstrapData((data) =>
    data.user && data.user.unread_notifications_count !== count
      ? { ...data, user: { ...data.user, unread_notifications_count: Math.max(0, count) } }
      : data,
  );
}
