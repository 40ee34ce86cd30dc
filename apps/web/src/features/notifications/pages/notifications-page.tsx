import { useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { MAIN_CONTENT_ID } from '#src/ui/skip-link';
import { NotificationList } from '../components/notification-list';
import { MarkAllAsReadButton, NotificationSettingsLink } from '../components/notification-panel';

/**
 * /notifications (SPEC §2; login and integrated notifications are the route's guards): the list in
 * pages of 30, 'Mark all as read' while some are unread, and the settings link.
 */
export default function NotificationsPage() {
  const { trans } = useTrans();
  const title = trans('Notifications');
  usePageTitle(title);
  return (
    <main id={MAIN_CONTENT_ID} className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 lg:py-12">
      <div className="mb-6 flex flex-wrap items-center gap-2">
        <h1 className="mr-auto text-2xl font-semibold sm:text-3xl">{title}</h1>
        <MarkAllAsReadButton />
        <NotificationSettingsLink />
      </div>
      <div className="overflow-hidden rounded-theme border border-divider bg-paper">
        <NotificationList />
      </div>
    </main>
  );
}
