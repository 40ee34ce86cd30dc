import type { Deps } from '#src/deps';
import { runBillingLifecycle } from '#src/domain/billing/lifecycle';
import { type Billing, createBilling } from '#src/domain/billing/registry';
import { retryPendingWebhookEvents } from '#src/domain/billing/webhooks';
import { sendPendingNotificationMails } from '#src/domain/notifications/email';
import { publishDueReleases } from '#src/features/backstage/releases.service';
import { cleanUpAbandonedMultipartUploads } from '#src/features/uploads/s3-uploads.service';
import { cleanUpAbandonedUploads } from '#src/features/uploads/tus.service';
import type { ScheduledTask } from '#src/platform/schedule';

const MINUTE = 60_000;

/** The server's periodic work (decision 0030); each task is safe on several instances at once. */
export function scheduledTasks(deps: Deps): ScheduledTask[] {
  let billing: Promise<Billing> | null = null;
  const gateways = () => {
    billing ??= createBilling(deps);
    return billing;
  };
  return [
    // A release scheduled for a date goes live within a minute of it.
    { name: 'publish-due-releases', everyMs: MINUTE, run: () => publishDueReleases(deps) },
    // Notification mails, batched: what each user is owed once its oldest is two minutes old.
    {
      name: 'send-notification-mails',
      everyMs: 30_000,
      run: () => sendPendingNotificationMails(deps, new Date()),
    },
    // Paid plans' clock: renewal reminders, grace after an unpaid period, expiry (decision 0038).
    { name: 'billing-lifecycle', everyMs: 5 * MINUTE, run: () => runBillingLifecycle(deps, new Date()) },
    // A gateway's event that verified as "pending" is verified again with backoff until the
    // gateway answers success or failure.
    {
      name: 'retry-pending-webhooks',
      everyMs: MINUTE,
      run: async () => {
        const { gateway, policy } = await gateways();
        return retryPendingWebhookEvents(deps, gateway, policy, new Date());
      },
    },
    // Uploads a browser started and never finished: staged tus files, S3 multipart parts and
    // presigned objects that never became a file entry (each expires a day after it started).
    {
      name: 'clean-up-tus-uploads',
      everyMs: 15 * MINUTE,
      run: () => cleanUpAbandonedUploads(deps, new Date()),
    },
    {
      name: 'clean-up-s3-uploads',
      everyMs: 15 * MINUTE,
      run: async () =>
        deps.storage.driver === 's3' ? cleanUpAbandonedMultipartUploads(deps, new Date()) : 0,
    },
  ];
}
