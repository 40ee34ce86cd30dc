import type { Track } from '@zema/contracts';
import { Clock3, Pause, Play } from 'lucide-react';
import { type KeyboardEvent, type MouseEvent, useRef } from 'react';
import { Link } from 'react-router';
import { formatDuration } from '#src/lib/format-duration';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { Button } from '#src/ui/button';
import { cx, insetFocusRing } from '#src/ui/cx';
import { useIsMobile } from '#src/ui/use-media-query';
import { ArtistLinks } from './artist-links';
import { LikeButton } from './like-button';
import { currentItem } from './player/queue';
import { getPlayer, playTracks, usePlayerState } from './player/use-player';
import { LoadMore } from './states';
import { TrackMenu } from './track-menu';

const SKELETON_KEYS = Array.from({ length: 20 }, (_, i) => `skeleton-${i}`);

export interface TrackTableProps {
  tracks: readonly Track[];
  /** Accessible name of the table ("Popular tracks", "Album tracks"). */
  'aria-label': string;
  /** Hide the album column (album pages). */
  hideAlbum?: boolean;
  /** Number rows by the track's album number instead of its position (album pages). */
  useTrackNumbers?: boolean;
  /** Show skeleton rows instead of tracks. */
  isLoading?: boolean;
  skeletonRows?: number;
  /** More pages exist: a sentinel at the end loads them as it scrolls into view. */
  hasMore?: boolean;
  isLoadingMore?: boolean;
  onLoadMore?: () => void;
  className?: string;
}

/**
 * The catalogue's track list: #, title with artists, album, duration, like and a menu. Double-click
 * or Enter on a row plays the list from that row; the first cell holds a real "Play {track}"
 * button; right-click opens the row's menu (play next, queue, playlists, like, go to, copy link).
 */
export function TrackTable({
  tracks,
  'aria-label': label,
  hideAlbum,
  useTrackNumbers,
  isLoading,
  skeletonRows = 8,
  hasMore,
  isLoadingMore,
  onLoadMore,
  className,
}: TrackTableProps) {
  const { trans } = useTrans();
  const isMobile = useIsMobile();
  const currentId = usePlayerState((s) => currentItem(s)?.track.id ?? null);
  const playing = usePlayerState((s) => s.status === 'playing' || s.status === 'loading');
  const showAlbum = !hideAlbum && !isMobile;
  // The same track may be listed twice (a playlist, a channel): its position makes the key unique.
  const rowKeys = tracks.map((t, i) => `${t.id}:${i}`);

  return (
    <div className={className}>
      <table aria-label={label} className="w-full table-fixed border-collapse text-sm">
        <thead className="border-b border-divider text-left text-xs text-muted uppercase">
          <tr>
            <th scope="col" className="w-12 py-2 text-center font-medium">
              #
            </th>
            <th scope="col" className="py-2 font-medium">
              {trans('Title')}
            </th>
            {showAlbum && (
              <th scope="col" className="w-[30%] py-2 font-medium">
                {trans('Album')}
              </th>
            )}
            <th scope="col" className={cx('py-2 text-right font-medium', isMobile ? 'w-24' : 'w-36')}>
              <Clock3 aria-hidden="true" className="ml-auto mr-12 inline size-4" />
              <span className="sr-only">{trans('Duration')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {isLoading
            ? SKELETON_KEYS.slice(0, skeletonRows).map((k) => <SkeletonRow key={k} showAlbum={showAlbum} />)
            : tracks.map((track, i) => (
                <TrackRow
                  key={rowKeys[i]}
                  track={track}
                  number={useTrackNumbers ? (track.number ?? i + 1) : i + 1}
                  isCurrent={currentId === track.id}
                  isPlaying={currentId === track.id && playing}
                  showAlbum={showAlbum}
                  isMobile={isMobile}
                  onPlay={() => playTracks(tracks, i)}
                />
              ))}
          {isLoadingMore &&
            SKELETON_KEYS.slice(0, 3).map((k) => <SkeletonRow key={`more-${k}`} showAlbum={showAlbum} />)}
        </tbody>
      </table>
      {onLoadMore && <LoadMore hasMore={!!hasMore} isLoading={!!isLoadingMore} onLoadMore={onLoadMore} />}
    </div>
  );
}

function SkeletonRow({ showAlbum }: { showAlbum: boolean }) {
  return (
    <tr className="h-14">
      <td className="text-center">
        <span className="inline-block h-3 w-4 animate-pulse rounded bg-hover" />
      </td>
      <td>
        <span className="flex items-center gap-3">
          <span className="size-10 shrink-0 animate-pulse rounded bg-hover" />
          <span className="flex flex-1 flex-col gap-1.5">
            <span className="h-3 w-2/3 animate-pulse rounded bg-hover" />
            <span className="h-2.5 w-1/3 animate-pulse rounded bg-hover" />
          </span>
        </span>
      </td>
      {showAlbum && (
        <td>
          <span className="block h-3 w-1/2 animate-pulse rounded bg-hover" />
        </td>
      )}
      <td>
        <span className="ml-auto block h-3 w-10 animate-pulse rounded bg-hover" />
      </td>
    </tr>
  );
}

function TrackRow({
  track,
  number,
  isCurrent,
  isPlaying,
  showAlbum,
  isMobile,
  onPlay,
}: {
  track: Track;
  number: number;
  isCurrent: boolean;
  isPlaying: boolean;
  showAlbum: boolean;
  isMobile: boolean;
  onPlay: () => void;
}) {
  const { trans } = useTrans();
  const playable = !!track.stream_url;
  const rowRef = useRef<HTMLTableRowElement>(null);

  const onKeyDown = (e: KeyboardEvent<HTMLTableRowElement>) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' && playable) {
      e.preventDefault();
      onPlay();
    }
  };
  const fromControl = (e: MouseEvent) => e.target instanceof Element && !!e.target.closest('a, button');
  const openMenu = (e: MouseEvent) => {
    e.preventDefault();
    // The row's own "More options" button opens the menu, so there is a single menu per row and
    // focus returns to that button when it closes.
    rowRef.current?.querySelector<HTMLButtonElement>('[data-track-menu] button')?.click();
  };

  return (
    <tr
      ref={rowRef}
      tabIndex={0}
      aria-current={isCurrent ? 'true' : undefined}
      onKeyDown={onKeyDown}
      onDoubleClick={(e) => !fromControl(e) && playable && onPlay()}
      // On touch screens a single tap plays, as in mobile music apps.
      onClick={(e) => isMobile && !fromControl(e) && playable && onPlay()}
      onContextMenu={openMenu}
      className={cx(
        'group h-14 rounded-theme hover:bg-hover focus-within:bg-hover',
        insetFocusRing,
        !playable && 'opacity-60',
      )}
    >
      <td className="relative w-12 text-center text-muted tabular-nums">
        <span
          aria-hidden="true"
          className={cx('group-hover:opacity-0 group-focus-within:opacity-0', isCurrent && 'text-primary')}
        >
          {number}
        </span>
        <Button
          variant="icon"
          size="sm"
          aria-label={
            isPlaying ? trans('Pause :name', { name: track.name }) : trans('Play :name', { name: track.name })
          }
          isDisabled={!playable}
          onPress={() => (isCurrent ? getPlayer().toggle() : onPlay())}
          className="absolute inset-0 m-auto text-fg opacity-0 group-hover:opacity-100 group-focus-within:opacity-100 data-focus-visible:opacity-100"
        >
          {isPlaying ? (
            <Pause aria-hidden="true" fill="currentColor" />
          ) : (
            <Play aria-hidden="true" fill="currentColor" />
          )}
        </Button>
      </td>
      <td className="py-1.5 pr-2">
        <div className="flex min-w-0 items-center gap-3">
          {track.image ? (
            <img src={track.image} alt="" loading="lazy" className="size-10 shrink-0 rounded object-cover" />
          ) : (
            <span className="size-10 shrink-0 rounded bg-bg-alt" />
          )}
          <div className="min-w-0">
            <Link
              to={paths.track(track)}
              className={cx(
                'block truncate leading-6 font-medium hover:underline',
                isCurrent && 'text-primary',
              )}
            >
              {track.name}
            </Link>
            {/* Both lines 24 px high and 2 px apart: each link is a 24 px target that touches no other (WCAG 2.5.8). */}
            <div className="mt-0.5 flex min-w-0 items-center gap-1.5 text-xs leading-6 text-muted">
              {track.explicit && (
                <span
                  title={trans('Explicit')}
                  className="shrink-0 rounded-sm bg-muted px-1 text-[10px] leading-4 font-bold text-bg"
                >
                  E<span className="sr-only">{trans('Explicit')}</span>
                </span>
              )}
              <ArtistLinks artists={track.artists} />
            </div>
          </div>
        </div>
      </td>
      {showAlbum && (
        <td className="truncate pr-2 text-muted">
          {track.album && (
            <Link to={paths.album(track.album)} className="hover:text-fg hover:underline">
              {track.album.name}
            </Link>
          )}
        </td>
      )}
      <td>
        <div className="flex items-center justify-end gap-1 text-muted tabular-nums">
          {!isMobile && <LikeButton type="track" id={track.id} name={track.name} size="sm" />}
          <span className="w-10 text-right">{formatDuration(track.duration_ms / 1000)}</span>
          <span data-track-menu="">
            <TrackMenu track={track} />
          </span>
        </div>
      </td>
    </tr>
  );
}
