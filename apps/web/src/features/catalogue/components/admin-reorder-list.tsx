import { ArrowDown, ArrowUp, GripVertical, ImageIcon, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { GridList, GridListItem, Button as RACButton, useDragAndDrop } from 'react-aria-components';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';

export type ReorderItem = { id: number; name: string; image?: string | null; subtitle?: string | null };

/** `items` with the item `key` moved before or after `target`. */
export function moveItem<T extends { id: number }>(
  items: T[],
  key: number,
  target: number,
  where: 'before' | 'after',
) {
  const moving = items.find((i) => i.id === key);
  if (!moving || key === target) return items;
  const rest = items.filter((i) => i.id !== key);
  const at = rest.findIndex((i) => i.id === target);
  rest.splice(where === 'before' ? at : at + 1, 0, moving);
  return rest;
}

/**
 * An ordered list the admin rearranges (an album's tracks, a channel's chosen items): drag a row
 * by its handle with a mouse or finger, or with the keyboard (focus the handle, Enter, arrows,
 * Enter: React Aria's drag and drop), or use a row's move up / move down buttons.
 */
export function ReorderList({
  label,
  items,
  onChange,
  onRemove,
  numbered,
  empty,
  extra,
}: {
  label: string;
  items: ReorderItem[];
  onChange: (items: ReorderItem[]) => void;
  onRemove?: (id: number) => void;
  numbered?: boolean;
  empty: ReactNode;
  extra?: (item: ReorderItem) => ReactNode;
}) {
  const { trans } = useTrans();
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': String(key) })),
    onReorder: (e) => {
      if (e.target.dropPosition === 'on') return;
      let next = items;
      for (const key of e.keys)
        next = moveItem(next, Number(key), Number(e.target.key), e.target.dropPosition);
      onChange(next);
    },
  });
  const step = (index: number, by: -1 | 1) => {
    const next = [...items];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    onChange(next);
  };
  return (
    <GridList
      aria-label={label}
      items={items}
      dragAndDropHooks={dragAndDropHooks}
      selectionMode="none"
      keyboardNavigationBehavior="tab"
      renderEmptyState={() => <div className="px-3 py-6 text-center text-sm text-muted">{empty}</div>}
      className="flex flex-col divide-y divide-divider rounded-theme border border-divider outline-none data-drop-target:ring-2 data-drop-target:ring-primary"
    >
      {(item) => {
        const index = items.indexOf(item);
        return (
          <GridListItem
            id={item.id}
            textValue={item.name}
            className="flex items-center gap-2 bg-bg px-2 py-1.5 text-sm outline-none data-dragging:opacity-50 data-focus-visible:shadow-[inset_3px_0_0_var(--color-primary)]"
          >
            <RACButton
              slot="drag"
              aria-label={trans('Move {name}', { name: item.name })}
              className="flex size-8 shrink-0 cursor-grab items-center justify-center rounded text-muted outline-none focus-visible:ring-2 focus-visible:ring-primary"
            >
              <GripVertical aria-hidden className="size-4" />
            </RACButton>
            {numbered && <span className="w-6 shrink-0 text-end tabular-nums text-muted">{index + 1}</span>}
            {item.image !== undefined && (
              <span className="flex size-9 shrink-0 items-center justify-center overflow-hidden rounded bg-hover">
                {item.image ? (
                  <img src={item.image} alt="" className="size-full object-cover" />
                ) : (
                  <ImageIcon aria-hidden className="size-4 text-muted" />
                )}
              </span>
            )}
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="truncate font-medium text-fg">{item.name}</span>
              {item.subtitle && <span className="truncate text-xs text-muted">{item.subtitle}</span>}
            </span>
            {extra?.(item)}
            <Button
              variant="icon"
              size="sm"
              aria-label={trans('Move {name} up', { name: item.name })}
              isDisabled={index === 0}
              onPress={() => step(index, -1)}
            >
              <ArrowUp aria-hidden />
            </Button>
            <Button
              variant="icon"
              size="sm"
              aria-label={trans('Move {name} down', { name: item.name })}
              isDisabled={index === items.length - 1}
              onPress={() => step(index, 1)}
            >
              <ArrowDown aria-hidden />
            </Button>
            {onRemove && (
              <Button
                variant="icon"
                size="sm"
                aria-label={trans('Remove {name}', { name: item.name })}
                onPress={() => onRemove(item.id)}
              >
                <X aria-hidden />
              </Button>
            )}
          </GridListItem>
        );
      }}
    </GridList>
  );
}
