/** Pieces the player bar and the now-playing view share: the artwork, and the queue in a dialog. */
import type { Track } from '@zema/contracts';
import { Music, Radio } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTrans } from '#src/lib/i18n';
import { cx } from '#src/ui/cx';
import { Dialog } from '#src/ui/dialog';
import { Spinner } from '#src/ui/spinner';
import type { LiveStation } from '../lib/audio-engine';

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

/** A live station's picture: the song's art when the station gives one, else the station's cover. */
export function StationArtwork({ live, className }: { live: LiveStation; className?: string }) {
  const src = live.song?.art ?? live.station.cover;
  if (src) return <img src={src} alt="" className={cx('shrink-0 rounded object-cover', className)} />;
  return (
    <span className={cx('flex shrink-0 items-center justify-center rounded bg-bg-alt text-muted', className)}>
      <Radio aria-hidden="true" className="size-1/2" />
    </span>
  );
}

/** "LIVE": a station plays, with no position to seek to. */
export function LiveBadge({ className }: { className?: string }) {
  const { trans } = useTrans();
  return (
    <span
      className={cx(
        'inline-flex shrink-0 items-center gap-1 rounded-sm bg-danger px-1.5 py-0.5 text-[10px] leading-none font-bold tracking-wider text-on-danger uppercase',
        className,
      )}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current motion-safe:animate-pulse" />
      {trans('LIVE')}
    </span>
  );
}

/** The song on air as one line ("Title · Artist"), or nothing when the station does not say. */
export function liveSongLine(live: LiveStation): string | null {
  const song = live.song;
  if (!song?.title) return null;
  return song.artist ? `${song.title} · ${song.artist}` : song.title;
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
