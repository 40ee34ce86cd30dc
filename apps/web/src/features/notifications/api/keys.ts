/**
 * Every query key of the notifications feature, from one factory, so an invalidation names exactly
 * what it means: `lists()` refreshes the popover and the page, not the settings.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (perPage: number) => [...notificationKeys.lists(), { perPage }] as const,
  subscriptions: () => [...notificationKeys.all, 'subscriptions'] as const,
  pushKey: () => [...notificationKeys.all, 'push-key'] as const,
  pushSubscriptions: (endpoint: string | null) =>
    [...notificationKeys.all, 'push-subscriptions', { endpoint }] as const,
};
