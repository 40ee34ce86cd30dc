import type { MenuItem as MenuItemData } from '@zema/contracts';
import { menuItemLinkProps } from '#src/lib/menu-visibility';
import { Menu, MenuItem } from '#src/ui/menu';

/** The items of `CustomMenuButton`'s menu: the custom menu's visible links. */
export function CustomMenuItems({ items, label }: { items: MenuItemData[]; label: string }) {
  return (
    <Menu aria-label={label}>
      {items.map((item) => (
        <MenuItem key={item.id} id={item.id} {...menuItemLinkProps(item)}>
          {item.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
