import { GripVertical } from 'lucide-react';
import { useRef } from 'react';
import { GridList, GridListItem, Button as RACButton, useDragAndDrop } from 'react-aria-components';
import { useTrans } from '#src/lib/i18n';
import type { TrackGridProps } from './track-grid';

/**
 * The grid of a reorderable track list, with drag and drop (mouse, touch and keyboard), in a module
 * of its own: only playlists the viewer may edit need it, so catalogue pages do not load it nor
 * react-aria-components' GridList (docs/benchmarks.md, web budget). Its rows are the fixed list's
 * rows with a drag handle before them.
 */
export default function TrackListReorder({
  'aria-label': label,
  items,
  onAction,
  rowProps,
  renderRow,
  onMove,
}: TrackGridProps & {
  /** The row `key` was dropped before or after the row `target`. */
  onMove: (key: string, target: string, position: 'before' | 'after') => void;
}) {
  const { trans } = useTrans();
  const pressedWith = useRef<string | null>(null);
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': String(key) })),
    onReorder: (e) => {
      if (e.target.dropPosition === 'on') return;
      onMove(String([...e.keys][0]), String(e.target.key), e.target.dropPosition);
    },
  });
  return (
    <GridList
      aria-label={label}
      items={items}
      dragAndDropHooks={dragAndDropHooks}
      selectionMode="none"
      // Tab from a row goes through that row's controls, then out of the list.
      keyboardNavigationBehavior="tab"
      className="flex flex-col outline-none"
      renderEmptyState={() => null}
    >
      {(item) => {
        const index = items.indexOf(item);
        return (
          <GridListItem
            id={item.key}
            textValue={item.track.name}
            {...rowProps(item, index)}
            onPressStart={(e) => {
              pressedWith.current = e.pointerType;
            }}
            onAction={() => onAction(index, pressedWith.current)}
          >
            {renderRow(
              item,
              index,
              <RACButton
                slot="drag"
                aria-label={trans('Move {name}', { name: item.track.name })}
                className="flex size-8 shrink-0 cursor-grab items-center justify-center rounded text-muted"
              >
                <GripVertical aria-hidden="true" className="size-4" />
              </RACButton>,
            )}
          </GridListItem>
        );
      }}
    </GridList>
  );
}
