import { useQueryClient } from '@tanstack/react-query';
import { msg, type NotificationSubscriptionSettings } from '@zema/contracts';
import { useEffect, useMemo, useState } from 'react';
import { Navigate } from 'react-router';
import { UnsavedChangesDialog } from '#src/components/admin/unsaved-changes-dialog';
import { useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { paths } from '#src/lib/paths';
import { useUnsavedChangesBlocker } from '#src/lib/unsaved-changes';
import { Button } from '#src/ui/button';
import { Checkbox } from '#src/ui/field';
import { SaveBar } from '#src/ui/save-bar';
import { MAIN_CONTENT_ID } from '#src/ui/skip-link';
import { Spinner } from '#src/ui/spinner';
import { toast } from '#src/ui/toast';
import { useNotificationSubscriptions } from '../api/get-subscriptions';
import { notificationKeys } from '../api/keys';
import { useUpdateNotificationSubscriptions } from '../api/update-subscriptions';
import { BrowserPushControl } from '../components/browser-push-control';
import { useCurrentPushEndpoint } from '../lib/use-current-push-endpoint';

type Selections = Record<string, Record<string, boolean>>;

const CHANNEL_LABELS: Record<string, string> = {
  email: msg('Email'),
  browser: msg('Browser'),
  app: msg('In app'),
};

/** A channel's name: a catalogue source (for `trans`), or an unknown channel's id capitalised. */
export function channelLabel(channel: string): string {
  return CHANNEL_LABELS[channel] ?? channel.charAt(0).toUpperCase() + channel.slice(1);
}

/**
 * The user's choices per type, holding only the channels each type offers: the server lists a
 * type's own channels in its `user_selections` entry (an invitation is not mailed through these
 * settings, so its row has no email column); a type without an entry offers them all, off.
 */
function selectionsOf(settings: NotificationSubscriptionSettings): Selections {
  const out: Selections = {};
  for (const group of settings.subscriptions) {
    for (const item of group.items) {
      const picked = settings.user_selections.find((s) => s.notif_id === item.notif_id)?.channels;
      out[item.notif_id] = picked
        ? Object.fromEntries(
            settings.available_channels.filter((c) => c in picked).map((c) => [c, picked[c] === true]),
          )
        : Object.fromEntries(settings.available_channels.map((c) => [c, false]));
    }
  }
  return out;
}

/**
 * /notifications/settings (SPEC §2, §3): for each group of notification types, a checkbox per
 * channel per type and a column toggle per group; saved with one PUT. When the browser channel
 * is offered, the control that turns on push for this browser sits above. The route's guard sends
 * users to / when subscriptions are not integrated; this page does so when there are none.
 */
export default function NotificationSettingsPage() {
  const { trans } = useTrans();
  const title = trans('Notification settings');
  usePageTitle(title);
  const query = useNotificationSubscriptions();
  const settings = query.data;
  const isEmpty = settings?.subscriptions.every((g) => g.items.length === 0);
  if (isEmpty) return <Navigate to={paths.home()} replace />;

  return (
    <main id={MAIN_CONTENT_ID} className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6 lg:py-12">
      <h1 className="text-2xl font-semibold sm:text-3xl">{title}</h1>
      <p className="mt-1 text-sm text-muted">
        {trans('Choose how you hear about each kind of notification. You always see them here on the site.')}
      </p>
      {query.isPending ? (
        <div className="flex justify-center py-24">
          <Spinner label={trans('Loading notification settings')} />
        </div>
      ) : query.isError ? (
        <div
          role="alert"
          className="mt-8 flex flex-col items-start gap-3 rounded-theme border border-divider bg-paper p-6"
        >
          <p className="text-sm">{query.error.message}</p>
          <Button variant="outline" onPress={() => void query.refetch()}>
            {trans('Try again')}
          </Button>
        </div>
      ) : (
        <SettingsForm settings={query.data} />
      )}
    </main>
  );
}

function SettingsForm({ settings }: { settings: NotificationSubscriptionSettings }) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const initial = useMemo(() => selectionsOf(settings), [settings]);
  const [selections, setSelections] = useState<Selections>(initial);
  useEffect(() => setSelections(initial), [initial]);
  const update = useUpdateNotificationSubscriptions();
  const channels = settings.available_channels;
  const endpoint = useCurrentPushEndpoint();
  const dirty = JSON.stringify(selections) !== JSON.stringify(initial);
  const blocker = useUnsavedChangesBlocker(dirty && !update.isPending);

  const set = (ids: string[], channel: string, value: boolean) =>
    setSelections((prev) => {
      const next = { ...prev };
      for (const id of ids) next[id] = { ...next[id], [channel]: value };
      return next;
    });

  const save = () =>
    update.mutate(
      Object.entries(selections).map(([notif_id, picked]) => ({
        notif_id: notif_id as never,
        channels: picked,
      })),
      // A failure goes to the global error toast (SPEC §8); the choices stay on screen to retry.
      { onSuccess: () => toast.positive(trans('Notification settings saved')) },
    );

  return (
    <div className="mt-8 flex flex-col gap-6">
      {channels.includes('browser') && (
        <section
          aria-labelledby="browser-push-heading"
          className="rounded-theme border border-divider bg-paper px-4 py-5 sm:px-6"
        >
          <h2 id="browser-push-heading" className="mb-1 text-lg font-semibold">
            {trans('Browser notifications')}
          </h2>
          <p className="mb-4 text-sm text-muted">
            {trans('Get notifications from the site on this device, even when its tab is closed.')}
          </p>
          <BrowserPushControl
            isSubscribed={Boolean(endpoint.data)}
            onSubscribed={() =>
              void queryClient.invalidateQueries({
                queryKey: [...notificationKeys.all, 'this-browser-endpoint'],
              })
            }
          />
        </section>
      )}
      {settings.subscriptions
        .filter((group) => group.items.length > 0)
        .map((group) => {
          const ids = group.items.map((i) => i.notif_id);
          return (
            <section
              key={group.group_name}
              aria-label={trans(group.group_name)}
              className="overflow-x-auto rounded-theme border border-divider bg-paper"
            >
              <table className="w-full text-sm">
                <thead>
                  <tr className="border-b border-divider">
                    <th scope="col" className="px-4 py-3 text-left text-base font-semibold sm:px-6">
                      {trans(group.group_name)}
                    </th>
                    {channels.map((channel) => {
                      const offered = ids.filter((id) => channel in (selections[id] ?? {}));
                      const on = offered.filter((id) => selections[id]?.[channel]).length;
                      return (
                        <th
                          key={channel}
                          scope="col"
                          className="w-24 px-3 py-3 text-left font-medium sm:w-32"
                        >
                          <Checkbox
                            aria-label={trans('{channel} for all of {group}', {
                              channel: trans(channelLabel(channel)),
                              group: trans(group.group_name),
                            })}
                            isDisabled={offered.length === 0}
                            isSelected={offered.length > 0 && on === offered.length}
                            isIndeterminate={on > 0 && on < offered.length}
                            onChange={(value) => set(offered, channel, value)}
                          >
                            <span aria-hidden="true">{trans(channelLabel(channel))}</span>
                          </Checkbox>
                        </th>
                      );
                    })}
                  </tr>
                </thead>
                <tbody className="divide-y divide-divider">
                  {group.items.map((item) => (
                    <tr key={item.notif_id}>
                      <th scope="row" className="px-4 py-3 text-left font-normal sm:px-6">
                        {trans(item.name)}
                      </th>
                      {channels.map((channel) => (
                        <td key={channel} className="px-3 py-3">
                          {channel in (selections[item.notif_id] ?? {}) ? (
                            <Checkbox
                              aria-label={trans('{item} by {channel}', {
                                item: trans(item.name),
                                channel: trans(channelLabel(channel)).toLowerCase(),
                              })}
                              isSelected={selections[item.notif_id]?.[channel] ?? false}
                              onChange={(value) => set([item.notif_id], channel, value)}
                            />
                          ) : (
                            <span className="pl-1.5 text-muted">
                              <span aria-hidden="true">—</span>
                              <span className="sr-only">
                                {trans('{item} is not sent by {channel}', {
                                  item: trans(item.name),
                                  channel: trans(channelLabel(channel)).toLowerCase(),
                                })}
                              </span>
                            </span>
                          )}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          );
        })}
      <UnsavedChangesDialog blocker={blocker} />
      <SaveBar
        variant="floating"
        isDirty={dirty}
        isSaving={update.isPending}
        saveLabel={trans('Save')}
        onSave={save}
        isSaveDisabled={!dirty}
        discardLabel={trans('Cancel')}
        onDiscard={() => setSelections(initial)}
      />
    </div>
  );
}
