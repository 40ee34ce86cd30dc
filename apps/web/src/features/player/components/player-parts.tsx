/** Pieces the player bar and the now-playing view share: the artwork, and the queue in a dialog. */
import type { Track } from '@zema/contracts';
import { Music } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTrans } from '#src/lib/i18n';
import { cx } from '#src/ui/cx';
import { Dialog } from '#src/ui/dialog';
import { Spinner } from '#src/ui/spinner';

const QueuePanel = lazy(() => import('./queue-panel').then((m) => ({ default: m.QueuePanel })));

export function Artwork({ track, className }: { track: Track | null; className?: string }) {
  const src = track?.image ?? track?.album?.image;
  if (src) return <img src={src} alt="" className={cx('shrink-0 rounded object-cover', className)} />;
  return (
    <span className={cx('flex shrink-0 items-center justify-center rounded bg-bg-alt text-muted', className)}>
      <Music aria-hidden="true" className="size-1/2" />
    </span>
  );
}

export function QueueDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { trans } = useTrans();
  return (
    <Dialog
      title={trans('Queue')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="lg"
      bodyClassName="flex flex-col"
    >
      {/* The queue (grid list with drag and drop) loads when first opened: it is not on every page. */}
      <Suspense fallback={<Spinner className="m-auto" />}>
        <QueuePanel className="min-h-[50dvh]" />
      </Suspense>
    </Dialog>
  );
}
