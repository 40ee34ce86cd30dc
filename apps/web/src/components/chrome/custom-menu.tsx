import type { MenuItem as MenuItemData } from '@zema/contracts';
import { ChevronDown, Menu as MenuIcon } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-aria-components';
import { useAuth, useMenuItems, useSettings } from '#src/lib/bootstrap-store';
import { menuItemLinkProps, visibleMenuItems } from '#src/lib/menu-visibility';
import { Button } from '#src/ui/button';
import { cx } from '#src/ui/cx';
import { LazyMenuTrigger, lazyMenu } from '#src/ui/lazy-menu';
import { MenuItemIcon } from './menu-item-icon';

/** The items of a menu position the current user may see (SPEC §6). */
export function useVisibleMenuItems(position: string): MenuItemData[] {
  const items = useMenuItems(position);
  const auth = useAuth();
  const settings = useSettings();
  return useMemo(() => visibleMenuItems(items, auth, settings), [items, auth, settings]);
}

interface CustomMenuProps {
  position: string;
  className?: string;
  itemClassName?: string;
  /** Accessible name of the navigation landmark. */
  label: string;
}

const itemClass =
  'inline-flex h-9 items-center gap-2 rounded-theme px-3 text-sm font-medium transition-colors';

/**
 * A configurable menu rendered as a row of links; renders nothing when it has no visible item. A
 * group (an item with children) is a button opening its links in a dropdown.
 */
export function CustomMenu({ position, className, itemClassName, label }: CustomMenuProps) {
  const items = useVisibleMenuItems(position);
  if (!items.length) return null;
  return (
    <nav aria-label={label} className={className}>
      <ul className="flex flex-wrap items-center gap-x-1 gap-y-1">
        {items.map((item) => (
          <li key={item.id}>
            {item.children?.length ? (
              <LazyMenuTrigger
                menu={CustomMenuItems}
                menuProps={{ items: groupItems(item), label: item.label }}
              >
                {(trigger) => (
                  <Button {...trigger} variant="text" className={cx(itemClass, itemClassName)}>
                    <MenuItemIcon name={item.icon} />
                    {item.label}
                    <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
                  </Button>
                )}
              </LazyMenuTrigger>
            ) : (
              <Link {...menuItemLinkProps(item)} className={cx(itemClass, itemClassName)}>
                <MenuItemIcon name={item.icon} />
                {item.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A group's dropdown: its own link first (when it has one), then its children. */
function groupItems(group: MenuItemData): MenuItemData[] {
  const children = group.children ?? [];
  return group.action ? [{ ...group, children: undefined }, ...children] : children;
}

const CustomMenuItems = lazyMenu(() => import('./custom-menu-items').then((m) => m.CustomMenuItems));

/** The same menu behind a button, for screens too narrow for a row of links (loaded on first open). */
export function CustomMenuButton({ position, label, className }: Omit<CustomMenuProps, 'itemClassName'>) {
  const items = useVisibleMenuItems(position);
  if (!items.length) return null;
  return (
    <LazyMenuTrigger menu={CustomMenuItems} menuProps={{ items, label }}>
      {(trigger) => (
        <Button
          {...trigger}
          variant="icon"
          aria-label={label}
          className={cx('text-current data-hovered:text-current', className)}
        >
          <MenuIcon aria-hidden="true" />
        </Button>
      )}
    </LazyMenuTrigger>
  );
}
