import type { MenuItem } from '@zema/contracts';
import { type Auth, getSettingByPath } from './bootstrap-store';
import { leadsToPage } from './paths';

type VisibilityAuth = Pick<Auth, 'hasRole' | 'hasPermission' | 'isSubscribed'>;

/**
 * SPEC §6: a menu item shows only if it has an action, the user has every listed role (by id) and
 * permission, every listed setting (dotted key) equals its value, and the subscription status
 * matches (subscribed needs a valid subscription; unsubscribed needs none). An in-app action
 * that no page answers yet is hidden too.
 */
export function isMenuItemVisible(item: MenuItem, auth: VisibilityAuth, settings: unknown): boolean {
  if (!item.action) return false;
  // A page not built yet (radio, contact, custom pages) has no link to it.
  if (!leadsToPage(item.action)) return false;
  if (item.roles?.length && !item.roles.every((id) => auth.hasRole(id))) return false;
  if (item.permissions?.length && !item.permissions.every((p) => auth.hasPermission(p))) return false;
  for (const [key, expected] of Object.entries(item.settings ?? {})) {
    if (!settingMatches(getSettingByPath(settings, key), expected)) return false;
  }
  if (item.subscriptionStatus === 'subscribed' && !auth.isSubscribed) return false;
  if (item.subscriptionStatus === 'unsubscribed' && auth.isSubscribed) return false;
  return true;
}

/** Settings stored as strings ('1', 'true') still match the boolean/number a menu item lists. */
function settingMatches(actual: unknown, expected: unknown): boolean {
  if (actual === expected) return true;
  if (typeof expected === 'boolean') return actual === String(expected) || actual === (expected ? 1 : 0);
  if (typeof expected === 'number') return actual === String(expected);
  if (typeof expected === 'string') return String(actual) === expected;
  return false;
}

export function visibleMenuItems(
  items: readonly MenuItem[],
  auth: VisibilityAuth,
  settings: unknown,
): MenuItem[] {
  return items.filter((item) => isMenuItemVisible(item, auth, settings));
}

/** How a menu item opens: `link` items in a new tab, `route` items by client navigation. */
export function menuItemLinkProps(item: MenuItem): { href: string; target?: string; rel?: string } {
  const href = item.action ?? '#';
  if (item.type === 'link') return { href, target: '_blank', rel: 'noopener noreferrer' };
  const target = item.target && item.target !== '_self' ? item.target : undefined;
  return { href: href.startsWith('/') || /^https?:/.test(href) ? href : `/${href}`, target };
}
