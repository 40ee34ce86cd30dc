import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_PER_PAGE } from '@zema/contracts';
import { notifications } from '@zema/contracts/notifications/notifications.operations';
import { api } from '#src/lib/api-client';
import { useAuth } from '#src/lib/bootstrap-store';
import { nextPageOf } from '#src/lib/next-page';
import { notificationKeys } from './keys';

/** GET notifications?page&perPage → {pagination}: the user's notifications, newest first. */
export async function fetchNotifications(page: number, perPage: number, signal?: AbortSignal) {
  return (await api.call(notifications.list, { query: { page, perPage }, signal })).pagination;
}

/** Pages of 30 (SPEC §2, §9), loaded as the list scrolls. */
export const notificationsQueryOptions = (perPage = NOTIFICATIONS_PER_PAGE) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(perPage),
    queryFn: ({ pageParam, signal }) => fetchNotifications(pageParam, perPage, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPageOf(last),
    meta: { handlesErrors: true },
  });

export function useNotifications(perPage?: number) {
  const { isLoggedIn } = useAuth();
  return useInfiniteQuery({ ...notificationsQueryOptions(perPage), enabled: isLoggedIn });
}
