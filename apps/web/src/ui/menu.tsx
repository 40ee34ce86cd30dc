import { Check } from 'lucide-react';
import { type ReactNode, type RefObject, useRef } from 'react';
import type { AriaMenuOptions } from 'react-aria/useMenu';
import {
  Header,
  MenuContext,
  OverlayTriggerStateContext,
  PopoverContext,
  Provider,
  Menu as RACMenu,
  MenuItem as RACMenuItem,
  type MenuItemProps as RACMenuItemProps,
  type MenuProps as RACMenuProps,
  MenuSection as RACMenuSection,
  type MenuSectionProps as RACMenuSectionProps,
  RootMenuTriggerStateContext,
  Separator,
  Text,
} from 'react-aria-components';
import type { RootMenuTriggerState } from 'react-stately/useMenuTriggerState';
import { cx, insetFocusRing } from './cx';
import { ResponsiveOverlay } from './tray';

export { MenuTrigger, SubmenuTrigger } from 'react-aria-components';

export interface MenuScopeProps {
  state: RootMenuTriggerState;
  menuProps: AriaMenuOptions<unknown>;
  triggerRef: RefObject<HTMLButtonElement | null>;
  children?: ReactNode;
}

/**
 * What React Aria's `MenuTrigger` gives the menu inside it (its state, ARIA wiring and the popover's
 * anchor), for a trigger kept apart from the menu's code (`ui/lazy-menu.tsx`).
 */
export function MenuScope({ state, menuProps, triggerRef, children }: MenuScopeProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  return (
    <Provider
      values={[
        [MenuContext, { ...menuProps, ref: scrollRef }],
        [OverlayTriggerStateContext, state],
        [RootMenuTriggerStateContext, state],
        [
          PopoverContext,
          {
            trigger: 'MenuTrigger',
            triggerRef,
            scrollRef,
            placement: 'bottom start',
            'aria-labelledby': menuProps['aria-labelledby'],
          },
        ],
      ]}
    >
      {children}
    </Provider>
  );
}

export interface MenuProps<T> extends Omit<RACMenuProps<T>, 'className'> {
  className?: string;
  /** Popover placement on large screens (default bottom start). */
  placement?: 'bottom start' | 'bottom end' | 'top start' | 'top end' | 'bottom' | 'top' | 'start' | 'end';
}

/**
 * A menu inside a `MenuTrigger`: a popover from 768 px, a tray below. Type-ahead, arrow keys,
 * Home/End and Escape come from React Aria.
 */
export function Menu<T extends object>({ className, placement, ...props }: MenuProps<T>) {
  return (
    <ResponsiveOverlay placement={placement} popoverClassName="min-w-56 max-w-80" trayIsDialog>
      <RACMenu {...props} className={cx('max-h-[inherit] overflow-auto p-1.5 outline-none', className)} />
    </ResponsiveOverlay>
  );
}

export interface MenuItemProps<T> extends Omit<RACMenuItemProps<T>, 'className' | 'children'> {
  children: ReactNode;
  /** Icon before the label (a lucide icon element). */
  icon?: ReactNode;
  /** Second line under the label. */
  description?: ReactNode;
  /**
   * Content at the end of the label's line (a count). It is part of the item's name: what a row
   * shows, a screen reader says (axe's 'label-content-name-mismatch').
   */
  endContent?: ReactNode;
  /** Words said after `endContent` that the eye does without ("unread" after a count). */
  endContentNote?: string;
  /** Destructive action styling (log out, delete). */
  variant?: 'default' | 'danger';
  className?: string;
}

/** One menu row. `href` makes it a link (client-side through RAC's RouterProvider). */
export function MenuItem<T extends object>({
  children,
  icon,
  description,
  endContent,
  endContentNote,
  variant = 'default',
  className,
  textValue,
  ...props
}: MenuItemProps<T>) {
  return (
    <RACMenuItem
      {...props}
      textValue={textValue ?? (typeof children === 'string' ? children : undefined)}
      className={cx(
        'group flex cursor-pointer items-center gap-3 rounded-[calc(var(--be-radius)-2px)] px-3 py-2 text-sm outline-none select-none',
        'data-focused:bg-hover data-pressed:bg-hover data-disabled:cursor-not-allowed data-disabled:opacity-50',
        insetFocusRing,
        variant === 'danger' ? 'text-danger' : 'text-fg',
        className,
      )}
    >
      {({ isSelected, selectionMode }) => (
        <>
          {selectionMode !== 'none' && (
            <span className="flex size-4 shrink-0 items-center justify-center">
              {isSelected && <Check aria-hidden="true" className="size-4" />}
            </span>
          )}
          {icon && (
            <span
              aria-hidden="true"
              className={cx(
                'flex shrink-0 [&_svg]:size-[18px]',
                variant === 'danger' ? 'text-danger' : 'text-muted',
              )}
            >
              {icon}
            </span>
          )}
          <span className="flex min-w-0 flex-1 flex-col">
            {/* The item is named by this line alone (React Aria labels it by the label slot). */}
            <Text slot="label" className="flex min-w-0 items-baseline gap-3">
              <span className="min-w-0 flex-1 truncate">{children}</span>
              {/* A flex container drops this space from the layout, not from the name. */}
              {endContent !== undefined && endContent !== null && ' '}
              {endContent !== undefined && endContent !== null && (
                <span className="shrink-0 text-xs text-muted">
                  {endContent}
                  {endContentNote && <span className="sr-only"> {endContentNote}</span>}
                </span>
              )}
            </Text>
            {description && (
              <Text slot="description" className="truncate text-xs text-muted">
                {description}
              </Text>
            )}
          </span>
        </>
      )}
    </RACMenuItem>
  );
}

export interface MenuSectionProps<T>
  extends Omit<RACMenuSectionProps<T>, 'className' | 'children' | 'items'> {
  children: ReactNode;
  /** Visible heading of the section. */
  title?: ReactNode;
  className?: string;
}

/** A group of items with an optional heading. */
export function MenuSection<T extends object>({ title, children, className, ...props }: MenuSectionProps<T>) {
  return (
    <RACMenuSection {...props} className={cx('py-1 first:pt-0 last:pb-0', className)}>
      {title && (
        <Header className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">
          {title}
        </Header>
      )}
      {children}
    </RACMenuSection>
  );
}

/** A line between groups of items. */
export function MenuSeparator() {
  return <Separator className="mx-1.5 my-1.5 h-px border-none bg-divider" />;
}
