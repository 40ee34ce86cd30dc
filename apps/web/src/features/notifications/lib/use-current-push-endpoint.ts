import { useQuery } from '@tanstack/react-query';
import { notificationKeys } from '../api/keys';
import { currentPushEndpoint } from './push';

/** This browser's push endpoint (null without one), read from its service worker registration. */
export function useCurrentPushEndpoint() {
  return useQuery({
    queryKey: [...notificationKeys.all, 'this-browser-endpoint'],
    queryFn: async () => (await currentPushEndpoint().catch(() => null)) ?? null,
    staleTime: 0,
  });
}
