/** The rows both track grids (fixed and reorderable) render, and what each row gets. */
import type { Track } from '@zema/contracts';
import type { MouseEvent, ReactNode } from 'react';

export interface TrackListItem {
  /** Unique per row (a playlist may hold the same track twice). */
  key: string;
  track: Track;
  /** A column of its own: when it was added or played. */
  note?: string;
}

/** What a row element gets from the list besides what its grid gives it. */
export interface TrackRowProps {
  'data-current': true | undefined;
  className: string;
  onDoubleClick: (e: MouseEvent<HTMLElement>) => void;
  onContextMenu: (e: MouseEvent<HTMLElement>) => void;
}

/** What both grids (fixed and reorderable) render the rows from, so they render the same rows. */
export interface TrackGridProps {
  'aria-label': string;
  items: readonly TrackListItem[];
  /** A press on a row began with this pointer type ('mouse', 'touch', 'keyboard', 'virtual'…). */
  onAction: (index: number, pointerType: string | null) => void;
  rowProps: (item: TrackListItem, index: number) => TrackRowProps;
  /** The cells of a row, after the drag handle when there is one. */
  renderRow: (item: TrackListItem, index: number, handle?: ReactNode) => ReactNode;
}
