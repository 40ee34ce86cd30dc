import { useDragAndDrop } from 'react-aria-components';

/** `ids` with the ids `moving` put before or after `target` (unchanged when `target` is one of them). */
export function reorderIds(
  ids: readonly number[],
  moving: readonly number[],
  target: number,
  where: 'before' | 'after',
): number[] {
  if (moving.includes(target)) return [...ids];
  const rest = ids.filter((id) => !moving.includes(id));
  const at = rest.indexOf(target);
  if (at < 0) return [...ids];
  rest.splice(where === 'before' ? at : at + 1, 0, ...ids.filter((id) => moving.includes(id)));
  return rest;
}

/** `ids` with the one at `index` moved one place up (-1) or down (1). */
export function stepIds(ids: readonly number[], index: number, by: -1 | 1): number[] {
  const next = [...ids];
  if (index + by < 0 || index + by >= next.length) return next;
  const [moved] = next.splice(index, 1);
  next.splice(index + by, 0, moved!);
  return next;
}

/**
 * What an admin's ordered list (a GridList or a Table of React Aria) needs to be rearranged: the
 * drag and drop hooks (mouse, touch, and keyboard: focus a row's drag handle, Enter, arrows, Enter)
 * and `step` for its move up / move down buttons. `onReorder` gets the new order of ids.
 */
export function useReorder({
  ids,
  name,
  onReorder,
}: {
  ids: readonly number[];
  /** What a dragged row carries as text (for a drop outside the list). */
  name: (id: number) => string;
  onReorder: (ids: number[]) => void;
}) {
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': name(Number(key)) })),
    onReorder: (e) => {
      if (e.target.dropPosition === 'on') return;
      onReorder(reorderIds(ids, [...e.keys].map(Number), Number(e.target.key), e.target.dropPosition));
    },
  });
  const step = (index: number, by: -1 | 1) => onReorder(stepIds(ids, index, by));
  return { dragAndDropHooks, step };
}
