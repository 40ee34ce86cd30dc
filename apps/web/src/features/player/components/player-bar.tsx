import type { Track } from '@zema/contracts';
import { Keyboard } from 'lucide-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link } from 'react-router';
import { ArtistLinks } from '#src/components/artist-links';
import { LikeButton } from '#src/features/library';
import { formatDuration } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { useBottomInsetRef } from '#src/ui/bottom-inset';
import { Button } from '#src/ui/button';
import { PLAYER_REGION_ID, usePlayerRegionRef } from '../lib/player-region';
import { useCurrentTrack, usePlayerState } from '../lib/use-player';
import {
  NextButton,
  PlayPauseButton,
  PreviousButton,
  QueueButton,
  RepeatButton,
  SeekBar,
  ShuffleButton,
  VolumeControl,
} from './player-controls';
import { Artwork, QueueDialog } from './player-parts';

const NowPlayingView = lazy(() => import('./now-playing').then((m) => ({ default: m.NowPlayingView })));

function NowPlayingInfo({ track, withLike = true }: { track: Track; withLike?: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Artwork track={track} className="size-14" />
      <div className="min-w-0">
        <Link to={paths.track(track)} className="block truncate text-sm font-medium hover:underline">
          {track.name}
        </Link>
        <ArtistLinks artists={track.artists} className="block text-xs text-muted" />
      </div>
      {withLike && <LikeButton type="track" id={track.id} name={track.name} size="sm" />}
    </div>
  );
}

/** The desktop bar at the bottom of the player layout: track, transport and seek, queue and volume. */
export function PlayerBar({ onShowShortcuts }: { onShowShortcuts?: () => void }) {
  const { trans } = useTrans();
  const track = useCurrentTrack();
  const [queueOpen, setQueueOpen] = useState(false);
  const region = usePlayerRegionRef();
  // Nothing played yet: no empty bar (0:00 / 0:00); the page has the space until music starts.
  if (!track) return null;
  return (
    <section
      ref={region}
      id={PLAYER_REGION_ID}
      aria-label={trans('Player')}
      className="grid h-20 grid-cols-[minmax(0,1fr)_minmax(0,2fr)_minmax(0,1fr)] items-center gap-4 border-t border-divider bg-paper px-4"
    >
      <div className="min-w-0">
        <NowPlayingInfo track={track} />
      </div>
      <div className="flex flex-col items-center">
        <div className="flex items-center gap-2">
          <ShuffleButton size="sm" />
          <PreviousButton size="sm" />
          <PlayPauseButton />
          <NextButton size="sm" />
          <RepeatButton size="sm" />
        </div>
        <SeekBar className="max-w-xl" />
      </div>
      <div className="flex items-center justify-end gap-1">
        {onShowShortcuts && (
          <Button
            variant="icon"
            size="sm"
            aria-label={trans('Keyboard shortcuts')}
            onPress={onShowShortcuts}
            className="max-lg:hidden"
          >
            <Keyboard aria-hidden="true" />
          </Button>
        )}
        <QueueButton isOpen={queueOpen} onPress={() => setQueueOpen(true)} />
        <VolumeControl />
      </div>
      <QueueDialog isOpen={queueOpen} onOpenChange={setQueueOpen} />
    </section>
  );
}

/** Under 768 px: one row above the bottom navigation; a press on it opens the now-playing view. */
export function MiniPlayer() {
  const { trans } = useTrans();
  const track = useCurrentTrack();
  const position = usePlayerState((s) => s.position);
  const duration = usePlayerState((s) => s.duration);
  const [open, setOpen] = useState(false);
  const region = usePlayerRegionRef();
  if (!track) return null;
  return (
    <section
      ref={region}
      id={PLAYER_REGION_ID}
      aria-label={trans('Player')}
      className="relative border-t border-divider bg-paper"
    >
      <div className="absolute inset-x-0 top-0 h-0.5 bg-divider" aria-hidden="true">
        <div
          className="h-full bg-primary"
          style={{ width: `${duration ? Math.min(100, (position / duration) * 100) : 0}%` }}
        />
      </div>
      <div className="flex items-center gap-2 px-2 py-1.5">
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="flex min-w-0 flex-1 items-center gap-3 rounded text-left"
        >
          <Artwork track={track} className="size-11" />
          <span className="min-w-0">
            {/* Part of the name, before the visible text, so the name contains what is seen. */}
            <span className="sr-only">{trans('Open now playing:')} </span>
            <span className="block truncate text-sm font-medium">{track.name}</span>
            <span className="block truncate text-xs text-muted">
              {track.artists.map((a) => a.name).join(', ')}
            </span>
          </span>
        </button>
        <LikeButton type="track" id={track.id} name={track.name} size="sm" />
        <PlayPauseButton size="sm" />
      </div>
      {open && (
        <Suspense fallback={null}>
          <NowPlayingView isOpen={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </section>
  );
}

/** Outside the player layout (landing page): a slim fixed bar so the music stays in reach. */
export function CompactPlayerBar() {
  const { trans } = useTrans();
  const track = useCurrentTrack();
  const position = usePlayerState((s) => s.position);
  const duration = usePlayerState((s) => s.duration);
  const [open, setOpen] = useState(false);
  const region = usePlayerRegionRef();
  const bottomInset = useBottomInsetRef();
  const ref = useCallback(
    (el: HTMLElement | null) => {
      const unregister = region(el);
      const unpublish = bottomInset(el);
      return () => {
        if (typeof unregister === 'function') unregister();
        if (typeof unpublish === 'function') unpublish();
      };
    },
    [region, bottomInset],
  );
  if (!track) return null;
  return (
    <section
      ref={ref}
      id={PLAYER_REGION_ID}
      aria-label={trans('Player')}
      className="fixed inset-x-2 bottom-2 z-40 flex items-center gap-3 overflow-hidden rounded-theme border border-divider bg-paper p-2 shadow-xl md:inset-x-auto md:right-4 md:bottom-4 md:w-[28rem]"
    >
      {/* How far the track is, as on the player's own bar (the time is written beside the title). */}
      <div className="absolute inset-x-0 bottom-0 h-0.5 bg-divider" aria-hidden="true">
        <div
          className="h-full bg-primary"
          data-testid="compact-progress"
          style={{ width: `${duration ? Math.min(100, (position / duration) * 100) : 0}%` }}
        />
      </div>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="flex min-w-0 flex-1 items-center gap-3 rounded text-left"
      >
        <Artwork track={track} className="size-11" />
        <span className="min-w-0">
          <span className="sr-only">{trans('Open now playing:')} </span>
          <span className="block truncate text-sm font-medium">{track.name}</span>
          <span className="block truncate text-xs text-muted">
            {track.artists.map((a) => a.name).join(', ')}
          </span>
        </span>
      </button>
      <span className="shrink-0 text-xs tabular-nums text-muted max-[360px]:hidden">
        {formatDuration(position)} / {formatDuration(duration)}
      </span>
      <PreviousButton size="sm" />
      <PlayPauseButton size="sm" />
      <NextButton size="sm" />
      {open && (
        <Suspense fallback={null}>
          <NowPlayingView isOpen={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </section>
  );
}
