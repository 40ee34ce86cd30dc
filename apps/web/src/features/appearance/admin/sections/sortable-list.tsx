import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { cx } from '#src/ui/cx';
import { MoveButtons } from '#src/ui/move-buttons';
import { moved } from './section';

/**
 * A list the admin reorders by dragging an item's handle, with the mouse, a finger or the keyboard
 * (focus the handle, Space to lift, arrows to move, Space to drop, Escape to cancel); each move is
 * announced. The fields inside an item stay ordinary fields.
 */
export function SortableList<T>({
  items,
  idOf,
  labelOf,
  titleOf,
  onReorder,
  onRemove,
  actionsOf,
  children,
  className,
}: {
  items: readonly T[];
  idOf: (item: T, index: number) => string;
  /** What an item is called in the handle's label and the announcements. */
  labelOf: (item: T, index: number) => string;
  /** The item's heading in the list. */
  titleOf: (item: T, index: number) => string;
  onReorder: (items: T[]) => void;
  onRemove: (index: number) => void;
  /** More buttons of an item, before its move and remove buttons. */
  actionsOf?: (item: T, index: number) => ReactNode;
  /** The item's fields, under its heading, handle and buttons. */
  children: (item: T, index: number) => ReactNode;
  className?: string;
}) {
  const { trans } = useTrans();
  const ids = items.map(idOf);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: string | number) => {
    const index = ids.indexOf(String(id));
    return index >= 0 ? labelOf(items[index]!, index) : trans('the item');
  };
  const placeOf = (id: string | number | undefined) => (id === undefined ? 0 : ids.indexOf(String(id)) + 1);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove([...items], ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable: trans(
            'To move an item, press Space, then the arrow keys, then Space again to drop it. Escape cancels.',
          ),
        },
        announcements: {
          onDragStart: ({ active }) => trans('Picked up {item}.', { item: nameOf(active.id) }),
          onDragOver: ({ active, over }) =>
            over
              ? trans('{item} is now at place {place} of {count}.', {
                  item: nameOf(active.id),
                  place: placeOf(over.id),
                  count: ids.length,
                })
              : undefined,
          onDragEnd: ({ active, over }) =>
            over
              ? trans('{item} dropped at place {place} of {count}.', {
                  item: nameOf(active.id),
                  place: placeOf(over.id),
                  count: ids.length,
                })
              : undefined,
          onDragCancel: ({ active }) => trans('Moving {item} was cancelled.', { item: nameOf(active.id) }),
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className={cx('flex flex-col gap-4', className)}>
          {items.map((item, index) => (
            <SortableRow key={ids[index]} id={ids[index]!} label={labelOf(item, index)}>
              {(handle) => (
                <>
                  <div className="flex items-center gap-1">
                    {handle}
                    <span className="min-w-0 flex-1 truncate font-medium text-sm">
                      {titleOf(item, index)}
                    </span>
                    {actionsOf?.(item, index)}
                    {/* The buttons do what dragging does, one place at a time. */}
                    <MoveButtons
                      label={labelOf(item, index)}
                      isFirst={index === 0}
                      isLast={index === items.length - 1}
                      onMove={(direction) => onReorder(moved(items, index, direction))}
                    />
                    <Button
                      variant="icon"
                      size="sm"
                      aria-label={trans('Remove {item}', { item: labelOf(item, index) })}
                      onPress={() => onRemove(index)}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  </div>
                  {children(item, index)}
                </>
              )}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  id,
  label,
  children,
}: {
  id: string;
  label: string;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { trans } = useTrans();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id,
    });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={trans('Drag {item} to reorder', { item: label })}
      className="inline-flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-theme text-muted hover:bg-hover hover:text-fg active:cursor-grabbing"
    >
      <GripVertical aria-hidden="true" className="size-4" />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cx(
        'flex flex-col gap-3 rounded-theme border border-divider bg-paper p-3',
        isDragging && 'relative z-10 shadow-lg',
      )}
    >
      {children(handle)}
    </li>
  );
}
