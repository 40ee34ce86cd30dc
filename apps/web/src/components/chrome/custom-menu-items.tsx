import type { MenuChildItem, MenuItem as MenuItemData } from '@zema/contracts';
import { Fragment } from 'react';
import { menuItemLinkProps } from '#src/lib/menu-visibility';
import { Menu, MenuItem, MenuSection } from '#src/ui/menu';
import { MenuIconGlyphs } from './menu-icons';

/** One custom link as a menu row, with its icon. */
export function CustomMenuRow({ item, id }: { item: MenuChildItem; id?: string }) {
  return (
    <MenuItem
      id={id ?? item.id}
      {...menuItemLinkProps(item)}
      icon={item.icon ? <MenuIconGlyphs name={item.icon} /> : undefined}
    >
      {item.label}
    </MenuItem>
  );
}

/**
 * Custom menu items as menu rows: a group (an item with children) becomes a titled section, led by
 * its own link when it has one.
 */
export function CustomMenuRows({ items, idPrefix = '' }: { items: MenuItemData[]; idPrefix?: string }) {
  return (
    <>
      {items.map((item) =>
        item.children?.length ? (
          <MenuSection key={item.id} id={`${idPrefix}${item.id}`} title={item.label}>
            {item.action && <CustomMenuRow item={item} id={`${idPrefix}${item.id}-self`} />}
            {item.children.map((child) => (
              <CustomMenuRow key={child.id} item={child} id={`${idPrefix}${child.id}`} />
            ))}
          </MenuSection>
        ) : (
          <Fragment key={item.id}>
            <CustomMenuRow item={item} id={`${idPrefix}${item.id}`} />
          </Fragment>
        ),
      )}
    </>
  );
}

/** The items of `CustomMenuButton`'s menu, or of a group's dropdown: the custom menu's links. */
export function CustomMenuItems({ items, label }: { items: MenuItemData[]; label: string }) {
  return (
    <Menu aria-label={label}>
      <CustomMenuRows items={items} />
    </Menu>
  );
}
