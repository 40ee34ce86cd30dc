import type { Track } from '@zema/contracts';
import { Clock3, Pause, Play } from 'lucide-react';
import {
  type HTMLAttributes,
  type KeyboardEvent,
  lazy,
  type MouseEvent,
  type ReactNode,
  Suspense,
  useMemo,
  useRef,
  useState,
} from 'react';
import { mergeProps, useFocusRing, useHover } from 'react-aria';
import { Link, Button as RACButton } from 'react-aria-components';
import { LoadMore } from '#src/components/states';
import { LikeButton } from '#src/features/library';
import { formatDuration, useFormat } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { cx, insetFocusRing } from '#src/ui/cx';
import { useIsMobile, useMediaQuery } from '#src/ui/use-media-query';
import { currentItem } from '../lib/queue';
import { getPlayer, playTracks, usePlayerState } from '../lib/use-player';
import type { TrackGridProps, TrackListItem, TrackRowProps } from './track-grid';
import { TrackMenu } from './track-menu';

const TrackListReorder = lazy(() => import('./track-list-reorder'));

export type { TrackGridProps, TrackListItem, TrackRowProps } from './track-grid';

export interface TrackListProps {
  'aria-label': string;
  /** The rows, each with its own key (library pages: entries of a playlist, likes, plays). */
  items?: readonly TrackListItem[];
  /** Or just the tracks (catalogue pages): each row is keyed by its track and position. */
  tracks?: readonly Track[];
  /** Plays the list from the row pressed ("play from here"); by default the rows' tracks from there. */
  onPlay?: (index: number) => void;
  /** Makes rows draggable (mouse, touch and keyboard) and reports the new index of the moved row. */
  onReorder?: (key: string, toIndex: number) => void;
  /** Offers "Remove from this playlist" in the row's menu. */
  onRemove?: (item: TrackListItem, index: number) => void;
  /** Extra controls at the end of each row, after its menu. */
  renderActions?: (item: TrackListItem, index: number) => ReactNode;
  /** What the note column says (its title), e.g. "Played". */
  noteLabel?: string;
  /** Hide the album column (album pages). It is hidden on narrow screens anyway. */
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
 * Where a row moved from `from` lands when dropped before or after the row at `target`: its index
 * in the list once it is taken out of its old place (what the server's reorder takes).
 */
export function reorderIndex(from: number, target: number, position: 'before' | 'after'): number {
  const to = position === 'before' ? target : target + 1;
  return from < to ? to - 1 : to;
}

/** Touch screens: a tap on a row plays it, so the title is not a link there (the menu has "Go to"). */
const COARSE_POINTER = '(pointer: coarse)';

/** The number column: one width for "1" and "10", digits of one width, aligned on the right. */
export const trackNumberClass = 'w-8 shrink-0 text-right tabular-nums sm:w-10';

/**
 * Every track list of the app (album, artist, genre and track pages, channels, liked songs,
 * history, playlists, profiles, search): number or play button, cover, title and artists, album,
 * note, like, duration and the row's menu.
 *
 * A grid list, so the list is one Tab stop: arrow keys move between rows, Tab from a row reaches
 * that row's controls, and Enter on a row plays the list from there. With a mouse, a double click
 * plays and the title is a link to the track's page; on a touch screen a tap on the row plays, as in
 * mobile music apps. Right-click opens the row's menu. With `onReorder`, each row has a drag handle
 * that also works from the keyboard (Enter on the handle, arrows to the drop spot, Enter to drop).
 */
export function TrackList({
  items: givenItems,
  tracks: givenTracks,
  onPlay,
  onReorder,
  onRemove,
  renderActions,
  noteLabel,
  hideAlbum,
  useTrackNumbers,
  isLoading,
  skeletonRows = 8,
  hasMore,
  isLoadingMore,
  onLoadMore,
  className,
  ...props
}: TrackListProps) {
  const { trans } = useTrans();
  const coarse = useMediaQuery(COARSE_POINTER);
  const isMobile = useIsMobile();
  // The same track may be listed twice (a playlist, a channel): its position makes the key unique.
  const items = useMemo<readonly TrackListItem[]>(
    () => givenItems ?? (givenTracks ?? []).map((track, i) => ({ key: `${track.id}:${i}`, track })),
    [givenItems, givenTracks],
  );
  const tracks = useMemo(() => givenTracks ?? items.map((i) => i.track), [givenTracks, items]);
  const play = (index: number) => (onPlay ? onPlay(index) : playTracks(tracks, index));
  // A radio station playing in the queue's place: no row is the one playing.
  const currentId = usePlayerState((s) => (s.live ? null : (currentItem(s)?.track.id ?? null)));
  const playing = usePlayerState((s) => s.status === 'playing' || s.status === 'loading');
  // Not just hidden on narrow screens: an album link there would be the first, invisible, one on the page.
  const showAlbum = !hideAlbum && !isMobile;
  const showNote = items.some((i) => i.note);

  const move = (key: string, targetKey: string, position: 'before' | 'after') => {
    const from = items.findIndex((i) => i.key === key);
    const target = items.findIndex((i) => i.key === targetKey);
    if (from < 0 || target < 0) return;
    const to = reorderIndex(from, target, position);
    if (to !== from) onReorder?.(key, to);
  };

  // How the last press on a row began: a mouse click only focuses the row (a double click plays),
  // a tap, Enter or a screen reader's activation plays.
  const activate = (index: number, pointerType: string | null) => {
    const track = items[index]?.track;
    if (track?.stream_url && pointerType !== 'mouse') play(index);
  };

  const rowProps = (item: TrackListItem, index: number): TrackRowProps => {
    const { track } = item;
    const playable = !!track.stream_url;
    const fromControl = (e: MouseEvent) => e.target instanceof Element && !!e.target.closest('a, button');
    return {
      // Only data attributes reach a grid list row; "Pause {track}" is what tells a screen reader.
      'data-current': currentId === track.id || undefined,
      onDoubleClick: (e) => !fromControl(e) && playable && play(index),
      onContextMenu: (e) => {
        e.preventDefault();
        // The row's own "More options" button opens the menu, so there is a single menu per
        // row and focus returns to that button when it closes.
        e.currentTarget.querySelector<HTMLButtonElement>('[data-track-menu] button')?.click();
      },
      className: cx(
        'group flex items-center gap-2 rounded-theme px-1 py-1.5 text-sm text-fg outline-none sm:gap-3 sm:px-2',
        'data-hovered:bg-hover data-focus-visible-within:bg-hover data-dragging:opacity-50 data-drop-target:bg-primary/10',
        insetFocusRing,
        !playable && 'opacity-60',
      ),
    };
  };

  const renderRow = (item: TrackListItem, index: number, handle?: ReactNode) => {
    const { track } = item;
    const isCurrent = currentId === track.id;
    const number = useTrackNumbers ? (track.number ?? index + 1) : index + 1;
    return (
      <>
        {handle}
        <PlayCell
          track={track}
          number={number}
          isCurrent={isCurrent}
          isPlaying={isCurrent && playing}
          onPlay={() => play(index)}
        />
        <TrackTitle track={track} isCurrent={isCurrent} links={!coarse} />
        {showAlbum && (
          <div className="w-[26%] min-w-0 shrink-0 text-muted">
            {track.album && (
              <Link
                href={paths.album(track.album)}
                className="block truncate leading-6 text-muted hover:text-fg hover:underline"
              >
                {track.album.name}
              </Link>
            )}
          </div>
        )}
        {showNote && (
          <span className="hidden w-28 shrink-0 truncate text-xs text-muted lg:block" title={noteLabel}>
            {item.note}
          </span>
        )}
        <div className="flex shrink-0 items-center gap-1 text-muted">
          {/* Phones keep the width for the title; liking and the length are in the menu and the player. */}
          <LikeButton type="track" id={track.id} name={track.name} size="sm" className="max-sm:hidden" />
          <span className="w-11 text-right text-xs tabular-nums max-sm:hidden">
            {formatDuration(track.duration_ms / 1000)}
          </span>
          <span data-track-menu="" className="contents">
            <TrackMenu track={track} onRemove={onRemove ? () => onRemove(item, index) : undefined} />
          </span>
          {renderActions?.(item, index)}
        </div>
      </>
    );
  };

  const grid: TrackGridProps = {
    'aria-label': props['aria-label'],
    items,
    onAction: activate,
    rowProps,
    renderRow,
  };

  if (isLoading) {
    return (
      // Named as the list will be, so the place of the list is found (and announced) while it loads.
      <div
        role="status"
        aria-label={props['aria-label']}
        aria-busy="true"
        className={cx('flex flex-col', className)}
      >
        <SkeletonRows count={skeletonRows} showAlbum={showAlbum} />
      </div>
    );
  }

  return (
    <div className={className}>
      {!isMobile && items.length > 0 && (
        // Column names for sighted users; each row's content already says what it is.
        <div
          aria-hidden="true"
          className="mb-1 flex items-center gap-3 border-b border-divider px-2 py-2 text-xs text-muted uppercase"
        >
          {onReorder && <span className="size-8 shrink-0" />}
          <span className={cx('pr-2', trackNumberClass)}>#</span>
          <span className="min-w-0 flex-1">{trans('Title')}</span>
          {showAlbum && <span className="w-[26%] shrink-0">{trans('Album')}</span>}
          {showNote && <span className="hidden w-28 shrink-0 truncate lg:block">{noteLabel}</span>}
          <span className="flex shrink-0 items-center gap-1">
            <span className="size-8" />
            <span className="flex w-11 justify-end">
              <Clock3 className="size-4" />
            </span>
            <span className="size-8" />
          </span>
        </div>
      )}
      {onReorder ? (
        // Until the drag and drop code arrives, the rows are there without their handles.
        <Suspense fallback={<FixedGrid {...grid} />}>
          <TrackListReorder {...grid} onMove={move} />
        </Suspense>
      ) : (
        <FixedGrid {...grid} />
      )}
      {isLoadingMore && (
        <div aria-hidden="true" className="flex flex-col">
          <SkeletonRows count={3} showAlbum={showAlbum} />
        </div>
      )}
      {onLoadMore && <LoadMore hasMore={!!hasMore} isLoading={!!isLoadingMore} onLoadMore={onLoadMore} />}
    </div>
  );
}

/** The elements Tab stops at inside `root`, in order. */
function tabbables(root: Element): HTMLElement[] {
  return [
    ...root.querySelectorAll<HTMLElement>(
      'a[href], button:not([disabled]), input, select, textarea, [tabindex]',
    ),
  ].filter(
    // Not the controls hidden on narrow screens (checkVisibility: all browsers since 2024).
    (el) => el.tabIndex >= 0 && (typeof el.checkVisibility !== 'function' || el.checkVisibility()),
  );
}

/**
 * The grid of a list whose rows stay in place, with the keyboard model of the reorderable list's
 * GridList (track-list-reorder.tsx) in a few lines instead of react-aria's collection, selection
 * and drag and drop modules (web budget): one Tab stop (the row last focused), Up/Down/Home/End
 * between rows, Tab through the focused row's controls and then out of the list, Shift+Tab back,
 * Enter or Space on a row and a tap or a screen reader's activation for the row's action, and
 * typing a title's first letters to reach its row.
 */
function FixedGrid({ 'aria-label': label, items, onAction, rowProps, renderRow }: TrackGridProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const tabKey = items.some((i) => i.key === focusedKey) ? focusedKey : (items[0]?.key ?? null);
  const pressedWith = useRef<string | null>(null);
  const typed = useRef({ text: '', at: 0 });
  const pointing = useRef(false);
  const { lowerCase } = useFormat();

  const rowAt = (index: number) => ref.current?.querySelectorAll<HTMLElement>(':scope > [role="row"]')[index];
  const focusRow = (index: number) => {
    const i = Math.max(0, Math.min(items.length - 1, index));
    rowAt(i)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>, index: number) => {
    const row = e.currentTarget;
    if (e.key === 'Tab') {
      const inRow = tabbables(row);
      const at = e.target === row ? -1 : inRow.indexOf(e.target as HTMLElement);
      if (e.shiftKey) {
        // Back through the row's controls to the row (the list's Tab stop), then out of the list.
        if (e.target === row) ref.current?.focus();
      } else if (at === inRow.length - 1) {
        // After the row's last control, out of the list, past the other rows' controls.
        const all = ref.current ? tabbables(ref.current) : [];
        all[all.length - 1]?.focus({ preventScroll: true });
      }
      return;
    }
    // Keys in a row's controls are theirs.
    if (e.target !== row) return;
    const to: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: items.length - 1,
      PageDown: index + 10,
      PageUp: index - 10,
    };
    if (e.key in to) {
      e.preventDefault();
      focusRow(to[e.key] as number);
    } else if (e.key === 'Enter' || (e.key === ' ' && Date.now() - typed.current.at > 1000)) {
      e.preventDefault();
      if (!e.repeat) onAction(index, 'keyboard');
    } else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      // Type to select, as GridList does: the first row from this one whose title starts with what
      // was typed (a space while typing is part of the search), both lower-cased by the rules of
      // the reader's language.
      const now = Date.now();
      typed.current = { text: (now - typed.current.at < 1000 ? typed.current.text : '') + e.key, at: now };
      const text = lowerCase(typed.current.text);
      for (let step = 0; step < items.length; step++) {
        const i = (index + step) % items.length;
        if (items[i] && lowerCase(items[i].track.name).startsWith(text)) {
          e.preventDefault();
          focusRow(i);
          return;
        }
      }
    }
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a grid list (rows of one cell), not a table, as GridList renders
    <div
      role="grid"
      aria-label={label}
      ref={ref}
      tabIndex={-1}
      className="flex flex-col outline-none"
      onPointerDownCapture={() => {
        pointing.current = true;
      }}
      onFocus={(e) => {
        const fromPointer = pointing.current;
        pointing.current = false;
        if (fromPointer || e.target === e.currentTarget) return;
        if (e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget)) return;
        // Tabbing into the list lands on its Tab stop (the row last focused), not on a control of
        // another row.
        const stop = rowAt(
          Math.max(
            0,
            items.findIndex((i) => i.key === tabKey),
          ),
        );
        if (stop && !stop.contains(e.target)) stop.focus();
      }}
    >
      {items.map((item, index) => (
        <FixedRow
          key={item.key}
          label={item.track.name}
          isTabStop={item.key === tabKey}
          onFocus={() => setFocusedKey(item.key)}
          onKeyDown={(e) => onKeyDown(e, index)}
          onPointerDown={(e) => {
            pressedWith.current = e.pointerType;
          }}
          onClick={(e) => {
            // Not the row's own links and buttons; a mouse click only focuses the row.
            if (e.target instanceof Element && e.target.closest('a, button') !== null) return;
            const pointerType = e.detail === 0 ? 'virtual' : pressedWith.current;
            pressedWith.current = null;
            onAction(index, pointerType);
          }}
          {...rowProps(item, index)}
        >
          {renderRow(item, index)}
        </FixedRow>
      ))}
    </div>
  );
}

function FixedRow({
  label,
  isTabStop,
  children,
  ...props
}: TrackRowProps &
  Pick<HTMLAttributes<HTMLDivElement>, 'onFocus' | 'onKeyDown' | 'onPointerDown' | 'onClick'> & {
    label: string;
    isTabStop: boolean;
    children: ReactNode;
  }) {
  const { hoverProps, isHovered } = useHover({});
  const { focusProps, isFocusVisible } = useFocusRing();
  const { focusProps: focusWithinProps, isFocusVisible: isFocusVisibleWithin } = useFocusRing({
    within: true,
  });
  return (
    // biome-ignore lint/a11y/useSemanticElements: a grid list's row, as GridList renders
    <div
      {...mergeProps(props, focusProps, focusWithinProps, hoverProps)}
      role="row"
      aria-label={label}
      tabIndex={isTabStop ? 0 : -1}
      data-rac=""
      data-hovered={isHovered || undefined}
      data-focus-visible={isFocusVisible || undefined}
      data-focus-visible-within={isFocusVisibleWithin || undefined}
    >
      {/* biome-ignore lint/a11y: the row's one cell, as GridList renders (the row takes focus) */}
      <div role="gridcell" style={{ display: 'contents' }}>
        {children}
      </div>
    </div>
  );
}

/**
 * Cover, title and artists of a track row, taking the width the row's other columns leave (the
 * queue's rows use it too). With `links`, the title opens the track's page and each artist theirs.
 */
export function TrackTitle({
  track,
  isCurrent,
  links = true,
  before,
  compact,
  className,
}: {
  track: Track;
  isCurrent?: boolean;
  links?: boolean;
  /** No cover on phones, where the row has many controls besides (the queue). */
  compact?: boolean;
  /** Read before the title by screen readers ("Now playing:"). */
  before?: ReactNode;
  className?: string;
}) {
  const { trans } = useTrans();
  return (
    <div className={cx('flex min-w-0 flex-1 items-center gap-3', className)}>
      {track.image ? (
        <img
          src={track.image}
          alt=""
          aria-hidden="true"
          loading="lazy"
          className={cx('size-10 shrink-0 rounded object-cover', compact && 'max-sm:hidden')}
        />
      ) : (
        <span
          aria-hidden="true"
          className={cx('size-10 shrink-0 rounded bg-bg-alt', compact && 'max-sm:hidden')}
        />
      )}
      <div className="min-w-0 flex-1">
        {/* Both lines 24 px high: each link is a 24 px target that touches no other (WCAG 2.5.8). */}
        {links ? (
          <Link
            href={paths.track(track)}
            className={cx(
              'block truncate leading-6 font-medium hover:underline',
              isCurrent && 'text-primary',
            )}
          >
            {before}
            {track.name}
          </Link>
        ) : (
          <span className={cx('block truncate leading-6 font-medium', isCurrent && 'text-primary')}>
            {before}
            {track.name}
          </span>
        )}
        <div className="flex min-w-0 items-center gap-1.5 text-xs leading-6 text-muted">
          {track.explicit && (
            <span
              title={trans('Explicit')}
              className="shrink-0 rounded-sm bg-muted px-1 text-[10px] leading-4 font-bold text-bg"
            >
              {/* i18n-ignore */}E<span className="sr-only">{trans('Explicit')}</span>
            </span>
          )}
          <span className="truncate">
            {track.artists.map((a, i) => (
              <span key={a.id}>
                {i > 0 && ', '}
                {links ? (
                  // Inline padding, so no layout change: a 24 px target even in 12 px text (WCAG 2.5.8).
                  <Link
                    href={paths.artist(a)}
                    className="py-[4.5px] text-muted hover:text-fg hover:underline"
                  >
                    {a.name}
                  </Link>
                ) : (
                  a.name
                )}
              </span>
            ))}
          </span>
        </div>
      </div>
    </div>
  );
}

/**
 * The row number, with the play button over it on hover or focus (the button comes first in the
 * DOM so the number can hide while it has keyboard focus). The number sits outside the button so
 * the button's name is exactly "Play {track}" (label-content-name-match). The track loaded now
 * shows its pause button instead.
 */
function PlayCell({
  track,
  number,
  isCurrent,
  isPlaying,
  onPlay,
}: {
  track: Track;
  number: number;
  isCurrent: boolean;
  isPlaying: boolean;
  onPlay: () => void;
}) {
  const { trans } = useTrans();
  const disabled = !track.stream_url;
  return (
    <div className={cx('relative flex h-10 items-center justify-end', trackNumberClass)}>
      <RACButton
        aria-label={
          isPlaying ? trans('Pause {name}', { name: track.name }) : trans('Play {name}', { name: track.name })
        }
        isDisabled={disabled}
        onPress={() => (isCurrent ? getPlayer().toggle() : onPlay())}
        className={cx(
          'peer absolute inset-0 z-10 flex cursor-pointer items-center justify-center rounded-full text-fg data-disabled:cursor-not-allowed',
          isPlaying
            ? 'opacity-100'
            : disabled
              ? 'opacity-0'
              : 'opacity-0 group-data-hovered:opacity-100 data-focus-visible:opacity-100',
        )}
      >
        {isPlaying ? (
          <Pause aria-hidden="true" className="size-4 text-primary" fill="currentColor" />
        ) : (
          <Play aria-hidden="true" className="size-4" fill="currentColor" />
        )}
      </RACButton>
      <span
        aria-hidden="true"
        data-track-number=""
        className={cx(
          'pr-2 text-muted peer-data-focus-visible:invisible',
          !disabled && 'group-data-hovered:invisible',
          isCurrent && 'text-primary',
          isPlaying && 'invisible',
        )}
      >
        {number}
      </span>
    </div>
  );
}

/** Grey rows shaped like track rows, while the first page loads or the next one arrives. */
function SkeletonRows({ count, showAlbum }: { count: number; showAlbum: boolean }) {
  return Array.from({ length: count }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
    <div key={i} data-skeleton-row="" className="flex items-center gap-2 px-1 py-1.5 sm:gap-3 sm:px-2">
      <span className={cx('flex justify-end pr-2', trackNumberClass)}>
        <span className="h-3 w-3 animate-pulse rounded bg-hover" />
      </span>
      <span className="size-10 shrink-0 animate-pulse rounded bg-hover" />
      <span className="flex min-w-0 flex-1 flex-col gap-1.5">
        <span className="h-3 w-2/3 animate-pulse rounded bg-hover" />
        <span className="h-2.5 w-1/3 animate-pulse rounded bg-hover" />
      </span>
      {showAlbum && (
        <span className="w-[26%] shrink-0">
          <span className="block h-3 w-1/2 animate-pulse rounded bg-hover" />
        </span>
      )}
      <span className="h-3 w-10 shrink-0 animate-pulse rounded bg-hover max-sm:hidden" />
      <span className="size-8 shrink-0" />
    </div>
  ));
}
