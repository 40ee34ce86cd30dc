import type { Notification, NotificationLine } from '@zema/contracts';
import { Button as AriaButton } from 'react-aria-components';
import { useFormat } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { cx, insetFocusRing } from '#src/ui/cx';
import { iconByName, notificationTypeIcon } from './notification-icon';

interface NotificationItemProps {
  notification: Notification;
  /** The item itself was pressed (SPEC §4: an unread one becomes read, then its main action). */
  onPress: (notification: Notification) => void;
  /** A line's or a button's action. */
  onAction: (action: string, notification: Notification) => void;
  isBusy?: boolean;
}

/**
 * One notification (SPEC §2): the unread dot, the image or the type's icon, its lines (each with
 * its icon and action), the relative time and the button actions. The whole row is one button for
 * its main action; the lines' actions and the buttons sit above it as controls of their own.
 */
export function NotificationItem({ notification, onPress, onAction, isBusy }: NotificationItemProps) {
  const { trans } = useTrans();
  const format = useFormat();
  const { data } = notification;
  const unread = notification.read_at === null;
  const primary = data.lines.find((l) => l.type === 'primary') ?? data.lines[0];
  const label = [primary?.content ?? trans('Notification'), unread ? trans('unread') : null]
    .filter(Boolean)
    .join(', ');
  const TypeIcon = notificationTypeIcon(notification.type, data.icon);
  const when = format.timeAgo(notification.created_at);

  return (
    <li
      data-testid="notification"
      data-unread={unread || undefined}
      className="relative flex gap-3 px-4 py-3 transition-colors hover:bg-hover"
    >
      <AriaButton
        aria-label={label}
        onPress={() => onPress(notification)}
        className={cx('absolute inset-0 cursor-pointer rounded-none outline-none', insetFocusRing)}
      />
      <span className="flex w-2 shrink-0 justify-center pt-4">
        {unread && (
          <span aria-hidden="true" data-testid="unread-dot" className="size-2 rounded-full bg-primary" />
        )}
      </span>
      {data.image ? (
        <img src={data.image} alt="" className="size-10 shrink-0 rounded-full object-cover" loading="lazy" />
      ) : (
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-bg-alt text-muted">
          <TypeIcon aria-hidden="true" className="size-5" />
        </span>
      )}
      <div className="pointer-events-none min-w-0 flex-1">
        {data.lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity of their own
          <NotificationLineView key={i} line={line} onAction={(a) => onAction(a, notification)} />
        ))}
        <time
          dateTime={notification.created_at}
          title={format.dateTime(notification.created_at)}
          className="mt-1 block text-xs text-muted"
        >
          {when}
        </time>
        {data.buttonActions && data.buttonActions.length > 0 && (
          <div className="pointer-events-auto relative mt-2 flex flex-wrap gap-2">
            {data.buttonActions.map((button, i) => (
              <Button
                key={button.action}
                size="sm"
                variant={i === 0 ? 'primary' : 'outline'}
                isDisabled={isBusy}
                onPress={() => onAction(button.action, notification)}
              >
                {button.label}
              </Button>
            ))}
          </div>
        )}
      </div>
    </li>
  );
}

function NotificationLineView({ line, onAction }: { line: NotificationLine; onAction: (a: string) => void }) {
  const Icon = iconByName(line.icon);
  const isPrimary = line.type === 'primary';
  return (
    <p
      className={cx(
        'flex items-start gap-1.5 [overflow-wrap:anywhere]',
        isPrimary ? 'text-sm font-medium text-fg' : 'mt-0.5 text-xs text-muted',
      )}
    >
      {Icon && (
        <Icon aria-hidden="true" className={cx('shrink-0', isPrimary ? 'mt-0.5 size-4' : 'mt-px size-3.5')} />
      )}
      <span className="min-w-0">
        {line.content}
        {line.action && (
          <>
            {' '}
            <AriaButton
              onPress={() => line.action && onAction(line.action.action)}
              className="pointer-events-auto relative cursor-pointer font-semibold text-primary underline-offset-2 data-hovered:underline"
            >
              {line.action.label}
            </AriaButton>
          </>
        )}
      </span>
    </p>
  );
}
