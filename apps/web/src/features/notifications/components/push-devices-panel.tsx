import { msg } from '@zema/contracts';
import { Monitor } from 'lucide-react';
import { SettingsPanel } from '#src/features/account';
import { useSettings } from '#src/lib/bootstrap-store';
import { useFormat } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { Button, LinkButton } from '#src/ui/button';
import { Spinner } from '#src/ui/spinner';
import { toast } from '#src/ui/toast';
import { useDeletePushSubscription } from '../api/delete-push-subscription';
import { usePushSubscriptions } from '../api/get-push-subscriptions';
import { unsubscribeThisBrowser } from '../lib/push';
import { useCurrentPushEndpoint } from '../lib/use-current-push-endpoint';

export const PUSH_DEVICES_TEXTS = {
  title: msg('Browser notifications'),
  description: msg('The browsers that show notifications from the site. Remove one to stop them there.'),
  thisBrowser: msg('This browser'),
  empty: msg('No browser receives notifications yet.'),
  removed: msg('Browser removed'),
} as const;

/**
 * Account settings: the user's push devices (GET notifications/push/subscriptions with this
 * browser's endpoint, so its own row is marked), each with Remove.
 */
export function PushDevicesPanel() {
  const settings = useSettings();
  const { trans } = useTrans();
  const format = useFormat();
  const endpoint = useCurrentPushEndpoint();
  const list = usePushSubscriptions(endpoint.data ?? null, !endpoint.isPending);
  const remove = useDeletePushSubscription();
  if (!settings.notifications.integrated) return null;

  return (
    <SettingsPanel
      id="browser-notifications"
      title={PUSH_DEVICES_TEXTS.title}
      description={PUSH_DEVICES_TEXTS.description}
    >
      {list.isPending ? (
        <Spinner label={trans('Loading browsers')} />
      ) : list.isError ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-muted">{list.error.message}</p>
          <Button variant="outline" size="sm" onPress={() => void list.refetch()}>
            {trans('Try again')}
          </Button>
        </div>
      ) : list.data.length === 0 ? (
        <p className="text-sm text-muted">{trans(PUSH_DEVICES_TEXTS.empty)}</p>
      ) : (
        <ul aria-label={trans('Browsers')} className="flex flex-col divide-y divide-divider">
          {list.data.map((device) => (
            <li
              key={device.id}
              data-testid="push-device"
              className="flex items-center gap-3 py-3 first:pt-0 last:pb-0"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-bg-alt text-muted">
                <Monitor aria-hidden="true" className="size-5" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                  <span>{device.device}</span>
                  {device.current && (
                    <span className="rounded-full bg-positive/15 px-2 py-0.5 text-xs font-semibold text-fg">
                      {trans(PUSH_DEVICES_TEXTS.thisBrowser)}
                    </span>
                  )}
                </p>
                <p className="mt-0.5 text-sm text-muted [overflow-wrap:anywhere]">
                  {device.service} ·{' '}
                  <time dateTime={device.created_at} title={format.dateTime(device.created_at)}>
                    {trans('Added {when}', { when: format.relativeTime(device.created_at) })}
                  </time>
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                aria-label={trans('Remove {device}', { device: device.device })}
                isDisabled={remove.isPending}
                onPress={() =>
                  remove.mutate(device.id, {
                    onSuccess: async () => {
                      if (device.current) await unsubscribeThisBrowser().catch(() => undefined);
                      await endpoint.refetch();
                      toast.positive(trans(PUSH_DEVICES_TEXTS.removed));
                    },
                  })
                }
              >
                {trans('Remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {settings.notif.subs.integrated && (
        <div className="mt-6">
          <LinkButton href={paths.notificationSettings()} target="_blank" rel="noopener" variant="outline">
            {trans('Notification settings')}
          </LinkButton>
        </div>
      )}
    </SettingsPanel>
  );
}
