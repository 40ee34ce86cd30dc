import type { MenuItem } from '@zema/contracts';
import { describe, expect, it } from 'vitest';
import { isMenuItemVisible } from '#src/lib/menu-visibility';
import { nestUnderPrevious, parseSettings, unnest } from './menus-section';

describe("a menu item's settings condition as typed", () => {
  it('becomes a map with true/false and numbers typed, blanks and halves left out', () => {
    expect(parseSettings('billing.enable=true, player.default_volume=30, site_name=Zema, bad, =x')).toEqual({
      'billing.enable': true,
      'player.default_volume': 30,
      site_name: 'Zema',
    });
    expect(parseSettings('  ')).toBeUndefined();
  });

  it('is what the menus check (SPEC §6: every listed setting equals its value)', () => {
    const auth = { isLoggedIn: true, hasRole: () => true, hasPermission: () => true, isSubscribed: false };
    const item = {
      id: 'x',
      label: 'Plans',
      type: 'route' as const,
      action: '/pricing',
      settings: parseSettings('billing.enable=true'),
    };
    expect(isMenuItemVisible(item, auth, { billing: { enable: true } })).toBe(true);
    expect(isMenuItemVisible(item, auth, { billing: { enable: false } })).toBe(false);
  });
});

describe('putting an item inside the one above, and out again', () => {
  const it_ = (id: string, children?: MenuItem[]): MenuItem => ({
    id,
    label: id,
    type: 'route',
    action: `/${id}`,
    children,
  });
  const shape = (items: MenuItem[]) => items.map((i) => [i.id, (i.children ?? []).map((c) => c.id)]);

  it('nests at the end of the item above, one level only', () => {
    const items = [it_('a', [it_('a1')]), it_('b'), it_('c')];
    expect(shape(nestUnderPrevious(items, 1))).toEqual([
      ['a', ['a1', 'b']],
      ['c', []],
    ]);
    // The first item has nothing above it; a group does not go inside another.
    expect(shape(nestUnderPrevious(items, 0))).toEqual(shape(items));
    expect(shape(nestUnderPrevious([it_('x'), it_('a', [it_('a1')])], 1))).toEqual([
      ['x', []],
      ['a', ['a1']],
    ]);
  });

  it('moves a child out to right after its group, and an emptied group is an item again', () => {
    const items = [it_('a', [it_('a1'), it_('a2')]), it_('c')];
    expect(shape(unnest(items, 0, 0))).toEqual([
      ['a', ['a2']],
      ['a1', []],
      ['c', []],
    ]);
    const emptied = unnest(unnest(items, 0, 0), 0, 0);
    expect(shape(emptied)).toEqual([
      ['a', []],
      ['a2', []],
      ['a1', []],
      ['c', []],
    ]);
    expect(emptied[0]?.children).toBeUndefined();
  });
});
