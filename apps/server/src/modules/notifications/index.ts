/**
 * Notifications: the store and `notify` (rendered per type in the reader's language, live event,
 * browser push, batched mail), the bell's routes, the live-events stream (`GET api/v1/events`) and
 * the domain events that notify.
 *
 * This file is the module's one public face (decision 0051): other modules and the composition
 * (app.ts, deps.ts, server-modules.ts) import only what it exports.
 */

import { countUnreadNotificationsWith } from '#src/modules/users/index';
import type { ServerModule } from '#src/platform/deps';
import { sendPendingNotificationMails } from './email';
import { notifyOnDomainEvents } from './listeners';
import { liveRoutes } from './live.routes';
import { createLiveStreams, type LiveStreamOptions, type LiveStreams } from './live.service';
import { notificationsRoutes } from './notifications.routes';
import { cachedUnreadCount, forgetReadersOnChange, unreadCount } from './notifications.service';

export type { LiveStreamOptions } from './live.service';
export { notify } from './notifications.service';

declare module '#src/platform/deps' {
  interface Deps {
    /** This instance's open live-event streams (tests read `stats`). */
    liveStreams: LiveStreams;
  }
  interface ModuleTuning {
    /** Live-event stream timings and caps (default: heartbeat 15 s, sessions checked every 30 s, 16 streams per user). */
    liveStreams?: LiveStreamOptions;
  }
}

export const notificationsModule: ServerModule = {
  name: 'notifications',
  register(deps, events) {
    forgetReadersOnChange(events, deps.userCache);
    deps.signedIn.countUnreadWith((userId) => cachedUnreadCount(deps, userId));
    countUnreadNotificationsWith(unreadCount);
    deps.liveStreams = createLiveStreams(deps, deps.tuning.liveStreams);
    // What notifies: domain events become notifications (decision 0031).
    notifyOnDomainEvents(deps);
  },
  apiRoutes: [notificationsRoutes, liveRoutes],
  tasks: (deps) => [
    // Notification mails, batched: what each user is owed once its oldest is two minutes old.
    {
      name: 'send-notification-mails',
      everyMs: 30_000,
      run: () => sendPendingNotificationMails(deps, new Date()),
    },
  ],
  // Open streams never finish by themselves: they end before the server stops accepting.
  beforeClose: (deps) => deps.liveStreams.closeAll(),
};
