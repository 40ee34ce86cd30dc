import { msg } from '@zema/contracts';
import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { ApiError } from '#src/lib/api-error';
import { useTrans } from '#src/lib/i18n';
import { reportError } from '#src/lib/report-error';
import { Button } from '#src/ui/button';
import { toast } from '#src/ui/toast';
import { useCreatePushSubscription } from '../api/create-push-subscription';
import { fetchPushKey, usePushKey } from '../api/get-push-key';
import { type PushState, pushState, subscribeToPush } from '../lib/push';

export const PUSH_TEXTS = {
  enable: msg('Enable browser notifications'),
  enabled: msg('Browser notifications are on for this browser.'),
  blocked: msg('Notifications blocked. Please enable them for this site from browser settings.'),
  unsupported: msg('This browser cannot show notifications from the site.'),
  done: msg('Browser notifications enabled'),
} as const;

/**
 * "Enable browser notifications" (decision 0033): the permission is asked from the click itself, then
 * this browser subscribes with the install's VAPID key and the server stores `toJSON()`. A
 * browser that blocks notifications gets the SPEC §8 message instead.
 */
export function BrowserPushControl({
  isSubscribed,
  onSubscribed,
}: {
  isSubscribed: boolean;
  onSubscribed?: () => void;
}) {
  const { trans } = useTrans();
  const [state, setState] = useState<PushState>(pushState);
  const [busy, setBusy] = useState(false);
  const supported = state !== 'unsupported';
  // Fetched before the click, so the permission prompt is the first thing the click does.
  const key = usePushKey(supported && state !== 'denied');
  const create = useCreatePushSubscription();

  async function enable() {
    // Called straight from the press: browsers only prompt from a user gesture.
    const permission = await Notification.requestPermission();
    setState(permission);
    if (permission !== 'granted') return;
    setBusy(true);
    try {
      const publicKey = key.data ?? (await fetchPushKey());
      const json = await subscribeToPush(publicKey);
      await create.mutateAsync(json);
      toast.positive(trans(PUSH_TEXTS.done));
      onSubscribed?.();
    } catch (error) {
      // A push service refusing (no network, a browser without one) is told, not swallowed.
      if (error instanceof ApiError) reportError(error);
      else
        toast.danger(error instanceof Error && error.message ? error.message : trans(PUSH_TEXTS.unsupported));
    } finally {
      setBusy(false);
    }
  }

  if (!supported) return <p className="text-sm text-muted">{trans(PUSH_TEXTS.unsupported)}</p>;
  if (state === 'denied') {
    return (
      <p role="alert" className="text-sm font-medium text-danger">
        {trans(PUSH_TEXTS.blocked)}
      </p>
    );
  }
  if (state === 'granted' && isSubscribed) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted">
        <BellRing aria-hidden="true" className="size-4" />
        {trans(PUSH_TEXTS.enabled)}
      </p>
    );
  }
  return (
    <Button variant="outline" isPending={busy} onPress={() => void enable()}>
      <BellRing aria-hidden="true" className="size-4" />
      {trans(PUSH_TEXTS.enable)}
    </Button>
  );
}
