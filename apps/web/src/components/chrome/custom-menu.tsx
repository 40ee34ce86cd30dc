import type { MenuItem as MenuItemData } from '@zema/contracts';
import { Menu as MenuIcon } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-aria-components';
import { useAuth, useMenuItems, useSettings } from '#src/lib/bootstrap-store';
import { menuItemLinkProps, visibleMenuItems } from '#src/lib/menu-visibility';
import { Button } from '#src/ui/button';
import { cx } from '#src/ui/cx';
import { LazyMenuTrigger, lazyMenu } from '#src/ui/lazy-menu';

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

/** A configurable menu rendered as a row of links; renders nothing when it has no visible item. */
export function CustomMenu({ position, className, itemClassName, label }: CustomMenuProps) {
  const items = useVisibleMenuItems(position);
  if (!items.length) return null;
  return (
    <nav aria-label={label} className={className}>
      <ul className="flex flex-wrap items-center gap-x-1 gap-y-1">
        {items.map((item) => (
          <li key={item.id}>
            <Link
              {...menuItemLinkProps(item)}
              className={cx(
                'inline-flex h-9 items-center rounded-theme px-3 text-sm font-medium transition-colors',
                itemClassName,
              )}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
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
