import { msg } from '@zema/contracts';
import { CircleAlert, CircleCheck, LoaderCircle, RotateCcw, X } from 'lucide-react';
import { ProgressBar } from 'react-aria-components';
import { useFormat } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { cx } from '#src/ui/cx';
import { formatSpeed, formatTimeLeft } from '../lib/speed-meter';
import type { UploadQueue } from '../lib/upload-queue';
import type { UploadItem } from '../lib/upload-types';
import { useUploadItems } from '../lib/use-upload-queue';

const STATUS_TEXT: Record<UploadItem['status'], string> = {
  pending: msg('Waiting'),
  inProgress: msg('Uploading'),
  completed: msg('Uploaded'),
  failed: msg('Failed'),
  aborted: msg('Cancelled'),
};

/** The queue: each file with its progress, speed, time left, state and its Cancel/Retry button. */
export function UploadQueueList({ queue, className }: { queue: UploadQueue; className?: string }) {
  const { trans } = useTrans();
  const items = useUploadItems(queue);
  if (!items.length) return null;
  const finished = items.filter((i) => i.status !== 'pending' && i.status !== 'inProgress').length;
  const active = items.length - finished;
  return (
    <section
      aria-label={trans('Uploads')}
      className={cx('rounded-theme border border-divider bg-paper', className)}
    >
      <div className="flex items-center justify-between gap-3 border-divider border-b px-4 py-2">
        <p className="text-muted text-sm" aria-live="polite">
          {active
            ? trans('Uploading {active} of {total}', { active, total: items.length })
            : trans('{count} finished', { count: items.length })}
        </p>
        <Button variant="text" size="sm" isDisabled={!finished} onPress={() => queue.clearFinished()}>
          {trans('Clear finished')}
        </Button>
      </div>
      <ul className="divide-y divide-divider">
        {items.map((item) => (
          <UploadRow key={item.id} item={item} queue={queue} />
        ))}
      </ul>
    </section>
  );
}

/** One file of the queue (an `li`): shared by the list and the compact single-file variant. */
export function UploadRow({ item, queue }: { item: UploadItem; queue: UploadQueue }) {
  const label = item.relativePath ?? item.name;
  const running = item.status === 'pending' || item.status === 'inProgress';
  const format = useFormat();
  const { trans } = useTrans();
  return (
    <li className="flex items-center gap-3 px-4 py-3" data-status={item.status}>
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-3">
          <p className="truncate font-medium text-fg text-sm" title={label}>
            {label}
          </p>
          <p className="shrink-0 text-muted text-xs">{format.bytes(item.size)}</p>
        </div>
        <ProgressBar
          value={item.status === 'completed' ? 100 : item.percentage}
          aria-label={trans('Upload of {name}', { name: item.name })}
          className="mt-2"
        >
          <div className="h-1.5 w-full overflow-hidden rounded-full bg-hover">
            <div
              className={cx(
                'h-full rounded-full transition-[width]',
                item.status === 'failed'
                  ? 'bg-danger'
                  : item.status === 'completed'
                    ? 'bg-positive'
                    : 'bg-primary',
                item.status === 'aborted' && 'bg-muted',
              )}
              style={{ width: `${item.status === 'completed' ? 100 : item.percentage}%` }}
            />
          </div>
        </ProgressBar>
        <StatusLine item={item} />
      </div>
      {item.step ? (
        // The file arrived and what it is for is being done: nothing to cancel any more.
        <span className="inline-flex size-8 items-center justify-center" aria-hidden>
          <LoaderCircle className="size-4 animate-spin text-muted" />
        </span>
      ) : running ? (
        <Button
          variant="icon"
          size="sm"
          aria-label={trans('Cancel {name}', { name: item.name })}
          onPress={() => queue.cancel(item.id)}
        >
          <X aria-hidden />
        </Button>
      ) : item.retryable && item.status !== 'completed' ? (
        <Button
          variant="icon"
          size="sm"
          aria-label={trans('Retry {name}', { name: item.name })}
          onPress={() => queue.retry(item.id)}
        >
          <RotateCcw aria-hidden />
        </Button>
      ) : (
        <span className="inline-flex size-8 items-center justify-center" aria-hidden>
          {item.status === 'completed' ? (
            <CircleCheck className="size-4 text-positive" />
          ) : (
            <CircleAlert className="size-4 text-danger" />
          )}
        </span>
      )}
    </li>
  );
}

function StatusLine({ item }: { item: UploadItem }) {
  const format = useFormat();
  const { trans } = useTrans();
  if (item.status === 'failed') {
    return (
      <p className="mt-1 text-danger text-xs" role="alert">
        {item.error ?? trans(STATUS_TEXT.failed)}
      </p>
    );
  }
  if (item.status === 'inProgress' && item.step)
    return <p className="mt-1 text-muted text-xs">{`${item.step}…`}</p>;
  const parts: string[] = [trans(STATUS_TEXT[item.status])];
  if (item.status === 'inProgress') {
    parts.push(format.percent(item.percentage / 100));
    if (item.speed !== null) parts.push(formatSpeed(item.speed, format.language));
    if (item.timeLeft !== null) parts.push(formatTimeLeft(item.timeLeft, trans));
  }
  return <p className="mt-1 text-muted text-xs">{parts.join(' · ')}</p>;
}
