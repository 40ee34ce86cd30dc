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
import type { LiveStation } from '../lib/audio-engine';
import { PLAYER_REGION_ID, usePlayerRegionRef } from '../lib/player-region';
import { useCurrentTrack, useLiveStation, usePlayerState } from '../lib/use-player';
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
import { Artwork, LiveBadge, liveSongLine, QueueDialog, StationArtwork } from './player-parts';

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

/**
 * A radio station in the bar: its picture (the song's art when it has one), "LIVE", the station's
 * name (a link to its page) and the song on air, with the Like button when the song is in the
 * catalogue.
 */
function LiveInfo({ live, withLike = true }: { live: LiveStation; withLike?: boolean }) {
  const line = liveSongLine(live);
  const track = live.song?.track;
  return (
    <div className="flex min-w-0 items-center gap-3">
      <StationArtwork live={live} className="size-14" />
      <div className="min-w-0">
        <span className="flex min-w-0 items-center gap-2">
          <LiveBadge />
          <Link to={paths.radio(live.station)} className="truncate text-sm font-medium hover:underline">
            {live.station.name}
          </Link>
        </span>
        {line && <span className="mt-0.5 block truncate text-xs text-muted">{line}</span>}
      </div>
      {withLike && track && <LikeButton type="track" id={track.id} name={track.name} size="sm" />}
    </div>
  );
}

/** The text of the bars' "open the now-playing view" button: the track, or the station and its song. */
function OpenNowPlayingText({ track, live }: { track: Track | null; live: LiveStation | null }) {
  const { trans } = useTrans();
  const title = live ? live.station.name : (track?.name ?? '');
  const subtitle = live ? liveSongLine(live) : (track?.artists.map((a) => a.name).join(', ') ?? '');
  return (
    <span className="min-w-0">
      {/* Part of the name, before the visible text, so the name contains what is seen. */}
      <span className="sr-only">{trans('Open now playing:')} </span>
      <span className="flex min-w-0 items-center gap-1.5">
        {live && <LiveBadge />}
        <span className="block truncate text-sm font-medium">{title}</span>
      </span>
      {subtitle && <span className="block truncate text-xs text-muted">{subtitle}</span>}
    </span>
  );
}

/** The desktop bar at the bottom of the player layout: track, transport and seek, queue and volume. */
export function PlayerBar({ onShowShortcuts }: { onShowShortcuts?: () => void }) {
  const { trans } = useTrans();
  const track = useCurrentTrack();
  const live = useLiveStation();
  const [queueOpen, setQueueOpen] = useState(false);
  const region = usePlayerRegionRef();
  // Nothing played yet: no empty bar (0:00 / 0:00); the page has the space until music starts.
  if (!track && !live) return null;
  return (
    <section
      ref={region}
      id={PLAYER_REGION_ID}
      aria-label={trans('Player')}
      className="grid h-20 grid-cols-[minmax(0,1fr)_minmax(0,2fr)_minmax(0,1fr)] items-center gap-4 border-t border-divider bg-paper px-4"
    >
      <div className="min-w-0">
        {live ? <LiveInfo live={live} /> : track && <NowPlayingInfo track={track} />}
      </div>
      <div className="flex flex-col items-center">
        {live ? (
          // A live stream: play and pause only, no skipping and no position to seek to.
          <PlayPauseButton />
        ) : (
          <>
            <div className="flex items-center gap-2">
              <ShuffleButton size="sm" />
              <PreviousButton size="sm" />
              <PlayPauseButton />
              <NextButton size="sm" />
              <RepeatButton size="sm" />
            </div>
            <SeekBar className="max-w-xl" />
          </>
        )}
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
  const live = useLiveStation();
  const position = usePlayerState((s) => s.position);
  const duration = usePlayerState((s) => s.duration);
  const [open, setOpen] = useState(false);
  const region = usePlayerRegionRef();
  if (!track && !live) return null;
  const liked = live ? (live.song?.track ?? null) : track;
  return (
    <section
      ref={region}
      id={PLAYER_REGION_ID}
      aria-label={trans('Player')}
      className="relative border-t border-divider bg-paper"
    >
      {!live && (
        <div className="absolute inset-x-0 top-0 h-0.5 bg-divider" aria-hidden="true">
          <div
            className="h-full bg-primary"
            style={{ width: `${duration ? Math.min(100, (position / duration) * 100) : 0}%` }}
          />
        </div>
      )}
      <div className="flex items-center gap-2 px-2 py-1.5">
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="flex min-w-0 flex-1 items-center gap-3 rounded text-left"
        >
          {live ? (
            <StationArtwork live={live} className="size-11" />
          ) : (
            <Artwork track={track} className="size-11" />
          )}
          <OpenNowPlayingText track={track} live={live} />
        </button>
        {liked && <LikeButton type="track" id={liked.id} name={liked.name} size="sm" />}
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
  const live = useLiveStation();
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
  if (!track && !live) return null;
  return (
    <>
      {/* Room at the end of the page, so its last controls can scroll clear of the bar. */}
      <div aria-hidden="true" className="h-(--bottom-bar-inset)" />
      <section
        ref={ref}
        id={PLAYER_REGION_ID}
        aria-label={trans('Player')}
        className="fixed inset-x-2 bottom-2 z-40 flex items-center gap-3 overflow-hidden rounded-theme border border-divider bg-paper p-2 shadow-xl md:inset-x-auto md:right-4 md:bottom-4 md:w-[28rem]"
      >
        {/* How far the track is, as on the player's own bar (the time is written beside the title). */}
        {!live && (
          <div className="absolute inset-x-0 bottom-0 h-0.5 bg-divider" aria-hidden="true">
            <div
              className="h-full bg-primary"
              data-testid="compact-progress"
              style={{ width: `${duration ? Math.min(100, (position / duration) * 100) : 0}%` }}
            />
          </div>
        )}
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="flex min-w-0 flex-1 items-center gap-3 rounded text-left"
        >
          {live ? (
            <StationArtwork live={live} className="size-11" />
          ) : (
            <Artwork track={track} className="size-11" />
          )}
          <OpenNowPlayingText track={track} live={live} />
        </button>
        {live ? (
          <PlayPauseButton size="sm" />
        ) : (
          <>
            <span className="shrink-0 text-xs tabular-nums text-muted max-[360px]:hidden">
              {formatDuration(position)} / {formatDuration(duration)}
            </span>
            <PreviousButton size="sm" />
            <PlayPauseButton size="sm" />
            <NextButton size="sm" />
          </>
        )}
        {open && (
          <Suspense fallback={null}>
            <NowPlayingView isOpen={open} onOpenChange={setOpen} />
          </Suspense>
        )}
      </section>
    </>
  );
}
