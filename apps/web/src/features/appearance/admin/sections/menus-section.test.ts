import { describe, expect, it } from 'vitest';
import { isMenuItemVisible } from '#src/lib/menu-visibility';
import { parseSettings } from './menus-section';

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
    const auth = { hasRole: () => true, hasPermission: () => true, isSubscribed: false };
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
