import type { Notification } from '@zema/contracts';

/** Test data: a notification (unread, just now) with the fields a test cares about. */
export function makeNotification(id: number, patch: Partial<Notification> = {}): Notification {
  return {
    id,
    type: 'user.followed',
    read_at: null,
    created_at: new Date().toISOString(),
    data: { lines: [{ type: 'primary', content: `Notification ${id}` }] },
    ...patch,
  };
}

/** One page of GET notifications as the server answers it. */
export function notificationsPage(items: Notification[], page = 1, lastPage = 1, perPage = 30) {
  return {
    pagination: {
      current_page: page,
      per_page: perPage,
      last_page: lastPage,
      next_page: page < lastPage ? page + 1 : null,
      data: items,
    },
  };
}
