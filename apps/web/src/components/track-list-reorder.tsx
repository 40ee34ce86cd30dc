import type { ReactNode } from 'react';
import { useDragAndDrop } from 'react-aria-components';

export type TrackListDragHooks = ReturnType<typeof useDragAndDrop>['dragAndDropHooks'];

/**
 * The drag and drop of a reorderable track list (mouse, touch and keyboard), in a module of its
 * own: only playlists the viewer may edit need it, so catalogue pages do not load it (README, web
 * budget).
 */
export default function TrackListReorder({
  onMove,
  children,
}: {
  /** The row `key` was dropped before or after the row `target`. */
  onMove: (key: string, target: string, position: 'before' | 'after') => void;
  children: (hooks: TrackListDragHooks) => ReactNode;
}) {
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': String(key) })),
    onReorder: (e) => {
      if (e.target.dropPosition === 'on') return;
      onMove(String([...e.keys][0]), String(e.target.key), e.target.dropPosition);
    },
  });
  return children(dragAndDropHooks);
}
