import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  Label,
  Button as RACButton,
  Tag,
  TagGroup,
  type TagGroupProps,
  TagList,
  type TagListProps,
  type TagProps,
  Text,
} from 'react-aria-components';
import { cx } from './cx';

export interface ChipListProps<T extends object>
  extends Omit<TagGroupProps, 'children' | 'className'>,
    Pick<TagListProps<T>, 'items' | 'children' | 'renderEmptyState' | 'dependencies'> {
  /** Visible label; give `aria-label` instead when there is none. */
  label?: ReactNode;
  description?: ReactNode;
  errorMessage?: ReactNode;
  className?: string;
}

/**
 * A list of chips (genres, tags, recipients). With `onRemove`, every chip gets a remove button and
 * Backspace/Delete removes the focused chip; arrow keys move between chips.
 */
export function ChipList<T extends object>({
  label,
  description,
  errorMessage,
  items,
  children,
  renderEmptyState,
  dependencies,
  className,
  ...props
}: ChipListProps<T>) {
  return (
    <TagGroup {...props} className={cx('flex flex-col gap-1.5', className)}>
      {label && <Label className="text-sm font-medium text-fg">{label}</Label>}
      <TagList<T>
        items={items}
        renderEmptyState={renderEmptyState}
        dependencies={dependencies}
        className="flex flex-wrap gap-2"
      >
        {children}
      </TagList>
      {description && !errorMessage && (
        <Text slot="description" className="text-xs text-muted">
          {description}
        </Text>
      )}
      {errorMessage && (
        <Text slot="errorMessage" className="text-xs font-medium text-danger">
          {errorMessage}
        </Text>
      )}
    </TagGroup>
  );
}

export interface ChipProps extends Omit<TagProps, 'children' | 'className'> {
  children: ReactNode;
  /** Leading icon or avatar. */
  icon?: ReactNode;
  className?: string;
}

/** One chip inside a `ChipList`. */
export function Chip({ children, icon, className, textValue, ...props }: ChipProps) {
  return (
    <Tag
      {...props}
      textValue={textValue ?? (typeof children === 'string' ? children : undefined)}
      className={cx(
        'inline-flex h-8 max-w-full cursor-default items-center gap-1.5 rounded-full border border-divider bg-bg-alt pr-1 pl-3 text-sm text-fg outline-none transition-colors',
        'data-hovered:bg-hover data-selected:border-primary data-selected:bg-primary data-selected:text-on-primary',
        'data-disabled:opacity-50',
        'data-href:cursor-pointer',
        className,
      )}
    >
      {({ allowsRemoving }) => (
        <>
          {icon && (
            <span aria-hidden="true" className="-ml-1 flex shrink-0 [&_svg]:size-4">
              {icon}
            </span>
          )}
          <span className={cx('truncate', !allowsRemoving && 'pr-2')}>{children}</span>
          {allowsRemoving && (
            <RACButton
              slot="remove"
              className="flex size-6 shrink-0 cursor-pointer items-center justify-center rounded-full text-muted outline-none data-hovered:bg-hover data-hovered:text-fg"
            >
              <X aria-hidden="true" className="size-3.5" />
            </RACButton>
          )}
        </>
      )}
    </Tag>
  );
}
