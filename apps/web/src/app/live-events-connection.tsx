import { useEffect } from 'react';
import { useNotificationLiveUpdates, usePushNavigation } from '#src/features/notifications';
import { useAuth } from '#src/lib/bootstrap-store';
import { openLiveEvents } from '#src/lib/live-events';
import { useNeedsEmailVerification } from './email-verification-gate';

/**
 * The tab's live-events stream (lib/live-events.ts) while someone is signed in: opened after login,
 * closed on logout, opened anew for another user (impersonation). The notifications' live updates
 * (the bell's count, the lists) follow it from here for the whole app, and a push notification
 * clicked while this tab is open shows its page here.
 */
export function LiveEventsConnection() {
  const { user } = useAuth();
  // An account that must verify its email first is refused the stream (403): it waits until then.
  const needsVerification = useNeedsEmailVerification();
  const userId = needsVerification ? undefined : user?.id;
  useEffect(() => (userId === undefined ? undefined : openLiveEvents()), [userId]);
  useNotificationLiveUpdates();
  usePushNavigation();
  return null;
}
