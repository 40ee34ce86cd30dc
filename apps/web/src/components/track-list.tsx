import type { Track } from '@zema/contracts';
import { GripVertical, Pause, Play } from 'lucide-react';
import type { ReactNode } from 'react';
import { GridList, GridListItem, Link, Button as RACButton, useDragAndDrop } from 'react-aria-components';
import { formatDuration } from '#src/lib/format-duration';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { cx, insetFocusRing } from '#src/ui/cx';
import { LikeButton } from './like-button';
import { getPlayer, useIsTrackPlaying } from './player/use-player';

export interface TrackListItem {
  /** Unique per row (a playlist may hold the same track twice). */
  key: string;
  track: Track;
  /** A third column: when it was added or played. */
  note?: string;
}

export interface TrackListProps {
  items: TrackListItem[];
  'aria-label': string;
  /** Plays the list from the row pressed ("play from here"). */
  onPlay: (index: number) => void;
  /** Makes rows draggable (mouse, touch and keyboard) and reports the new index of the moved row. */
  onReorder?: (key: string, toIndex: number) => void;
  /** Extra controls at the end of each row (remove, the track's menu). */
  renderActions?: (item: TrackListItem, index: number) => ReactNode;
  noteLabel?: string;
}

/**
 * Where a row moved from `from` lands when dropped before or after the row at `target`: its index
 * in the list once it is taken out of its old place (what the server's reorder takes).
 */
export function reorderIndex(from: number, target: number, position: 'before' | 'after'): number {
  const to = position === 'before' ? target : target + 1;
  return from < to ? to - 1 : to;
}

/**
 * The track rows of library pages (liked songs, playlists, history): number or play button,
 * cover, title, artists, album, like, duration. A grid list so arrow keys move between rows and
 * Tab reaches each row's controls; with `onReorder`, each row has a drag handle that also works
 * from the keyboard (Enter on the handle, arrows to the drop spot, Enter to drop).
 */
export function TrackList({ items, onPlay, onReorder, renderActions, noteLabel, ...props }: TrackListProps) {
  const { trans } = useTrans();
  const { dragAndDropHooks } = useDragAndDrop({
    isDisabled: !onReorder,
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': String(key) })),
    onReorder: (e) => {
      const key = String([...e.keys][0]);
      const from = items.findIndex((i) => i.key === key);
      const target = items.findIndex((i) => i.key === String(e.target.key));
      if (from < 0 || target < 0 || e.target.dropPosition === 'on') return;
      const to = reorderIndex(from, target, e.target.dropPosition);
      if (to !== from) onReorder?.(key, to);
    },
  });

  return (
    <GridList
      // The grid list calls its drag hooks only when it has them, so turning reordering on or off
      // (the viewer's permissions arriving after the first render) must mount a new list.
      key={onReorder ? 'reorderable' : 'fixed'}
      aria-label={props['aria-label']}
      items={items}
      dragAndDropHooks={onReorder ? dragAndDropHooks : undefined}
      selectionMode="none"
      className="flex flex-col outline-none"
      renderEmptyState={() => null}
    >
      {(item) => {
        const index = items.indexOf(item);
        return (
          <GridListItem
            id={item.key}
            textValue={item.track.name}
            className={cx(
              'group grid items-center gap-2 rounded-theme px-1 sm:gap-3 sm:px-2 py-1.5 text-sm text-fg outline-none data-hovered:bg-hover data-dragging:opacity-50',
              onReorder
                ? 'grid-cols-[auto_2.5rem_minmax(0,1fr)_auto] md:grid-cols-[auto_2.5rem_minmax(0,1.4fr)_minmax(0,1fr)_auto]'
                : 'grid-cols-[2.5rem_minmax(0,1fr)_auto] md:grid-cols-[2.5rem_minmax(0,1.4fr)_minmax(0,1fr)_auto]',
              'data-drop-target:bg-primary/10',
              insetFocusRing,
            )}
          >
            {onReorder && (
              <RACButton
                slot="drag"
                aria-label={trans('Move :name', { name: item.track.name })}
                className={cx('flex size-8 cursor-grab items-center justify-center rounded text-muted')}
              >
                <GripVertical aria-hidden="true" className="size-4" />
              </RACButton>
            )}
            <PlayCell track={item.track} index={index} onPlay={() => onPlay(index)} />
            <div className="flex min-w-0 items-center gap-3">
              {item.track.image ? (
                <img
                  src={item.track.image}
                  alt=""
                  aria-hidden="true"
                  className="size-10 shrink-0 rounded object-cover"
                />
              ) : (
                <span aria-hidden="true" className="size-10 shrink-0 rounded bg-bg-alt" />
              )}
              <div className="min-w-0">
                <div className="flex items-center gap-1.5">
                  <span className="truncate font-medium">{item.track.name}</span>
                  {item.track.explicit && (
                    <span
                      title={trans('Explicit')}
                      className="shrink-0 rounded-sm bg-muted/30 px-1 text-[10px] font-bold text-muted"
                    >
                      E
                    </span>
                  )}
                </div>
                <div className="truncate text-xs text-muted">
                  {item.track.artists.map((a, i) => (
                    <span key={a.id}>
                      {i > 0 && ', '}
                      <Link href={paths.artist(a)} className="text-muted hover:text-fg hover:underline">
                        {a.name}
                      </Link>
                    </span>
                  ))}
                </div>
              </div>
            </div>
            <div className="hidden min-w-0 text-xs text-muted md:block">
              {item.track.album && (
                <Link
                  href={paths.album(item.track.album)}
                  className="block truncate text-muted hover:text-fg hover:underline"
                >
                  {item.track.album.name}
                </Link>
              )}
              {item.note && (
                <span className="block truncate" title={noteLabel}>
                  {item.note}
                </span>
              )}
            </div>
            <div className="flex items-center gap-1">
              {/* Phones keep the title readable; liking stays in the row's menu. */}
              <LikeButton
                type="track"
                id={item.track.id}
                name={item.track.name}
                size="sm"
                className="max-sm:hidden"
              />
              <span className="w-11 text-right text-xs tabular-nums text-muted">
                {formatDuration(item.track.duration_ms / 1000)}
              </span>
              {renderActions?.(item, index)}
            </div>
          </GridListItem>
        );
      }}
    </GridList>
  );
}

/**
 * The row number, with the play button over it on hover or focus (the button comes first in the
 * DOM so the number can hide while it has keyboard focus). The number sits outside the
 * button so the button's name is exactly "Play {track}" (label-content-name-match).
 */
function PlayCell({ track, index, onPlay }: { track: Track; index: number; onPlay: () => void }) {
  const { trans } = useTrans();
  const playing = useIsTrackPlaying(track.id);
  const disabled = !track.stream_url;
  return (
    <div className="relative flex size-10 items-center justify-center">
      <RACButton
        aria-label={
          playing ? trans('Pause :name', { name: track.name }) : trans('Play :name', { name: track.name })
        }
        isDisabled={disabled}
        onPress={() => (playing ? getPlayer().pause() : onPlay())}
        className={cx(
          'peer absolute inset-0 z-10 flex cursor-pointer items-center justify-center rounded-full text-fg data-disabled:cursor-not-allowed',
          playing
            ? 'opacity-100'
            : disabled
              ? 'opacity-0'
              : 'opacity-0 group-data-hovered:opacity-100 data-focus-visible:opacity-100',
        )}
      >
        {playing ? (
          <Pause aria-hidden="true" className="size-4 text-primary" fill="currentColor" />
        ) : (
          <Play aria-hidden="true" className="size-4" fill="currentColor" />
        )}
      </RACButton>
      <span
        aria-hidden="true"
        className={cx(
          'text-muted tabular-nums peer-data-focus-visible:invisible',
          !disabled && 'group-data-hovered:invisible',
          playing && 'invisible',
        )}
      >
        {index + 1}
      </span>
    </div>
  );
}
