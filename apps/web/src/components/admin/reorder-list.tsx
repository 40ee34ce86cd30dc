import { GripVertical, ImageIcon, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { GridList, GridListItem, Button as RACButton } from 'react-aria-components';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { MoveButtons } from '#src/ui/move-buttons';
import { useReorder } from './reorder';

export type ReorderItem = { id: number; name: string; image?: string | null; subtitle?: string | null };

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
  const ids = items.map((i) => i.id);
  const byId = new Map(items.map((i) => [i.id, i]));
  const { dragAndDropHooks, step } = useReorder({
    ids,
    name: (id) => byId.get(id)?.name ?? String(id),
    onReorder: (next) => onChange(next.map((id) => byId.get(id)!)),
  });
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
            <MoveButtons
              label={item.name}
              isFirst={index === 0}
              isLast={index === items.length - 1}
              onMove={(direction) => step(index, direction)}
            />
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
