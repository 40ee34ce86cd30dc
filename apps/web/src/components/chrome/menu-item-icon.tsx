import { isMenuIcon } from '@zema/contracts';
import { lazy, Suspense } from 'react';
import { cx } from '#src/ui/cx';

// The icon set loads only where a visible item has an icon; until then its place is kept.
const MenuIconGlyph = lazy(() => import('./menu-icons'));

/** A menu item's icon (SPEC §3 Menu item `icon`), or nothing when it has none. */
export function MenuItemIcon({ name, className }: { name: string | null | undefined; className?: string }) {
  if (!isMenuIcon(name)) return null;
  const classes = cx('size-4 shrink-0', className);
  return (
    <Suspense fallback={<span aria-hidden="true" className={cx('inline-block', classes)} />}>
      <MenuIconGlyph name={name} className={classes} />
    </Suspense>
  );
}
