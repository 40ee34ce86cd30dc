import { isSafeAction, type MenuChildItem, type MenuItem } from '@zema/contracts';
import { type Auth, getSettingByPath } from './bootstrap-store';
import { leadsToPage } from './paths';

type VisibilityAuth = Pick<Auth, 'isLoggedIn' | 'hasRole' | 'hasPermission' | 'isSubscribed'>;

/**
 * SPEC §6: a menu item shows only if it has an action, it is for this viewer (everyone, signed-in
 * users only, or guests only), the user has every listed role (by id) and permission, every
 * listed setting (dotted key) equals its value, and the subscription status matches (subscribed
 * needs a valid subscription; unsubscribed needs none). An in-app action that no page answers
 * yet is hidden too, and so is an address that could run code.
 */
export function isMenuItemVisible(item: MenuChildItem, auth: VisibilityAuth, settings: unknown): boolean {
  return hasUsableAction(item) && meetsConditions(item, auth, settings);
}

/**
 * An address of this site that no page answers (yet), such as `/help`: an item or button leading
 * there is hidden from everyone, so the appearance editor warns about it.
 */
export function isAddressWithoutPage(action: string | null | undefined): boolean {
  const address = action?.trim();
  return !!address && isSafeAction(address) && !leadsToPage(address);
}

function hasUsableAction(item: MenuChildItem): boolean {
  if (!item.action || !isSafeAction(item.action)) return false;
  // A page not built yet (the radio) has no link to it.
  return leadsToPage(item.action);
}

function meetsConditions(item: MenuChildItem, auth: VisibilityAuth, settings: unknown): boolean {
  if (item.audience === 'signedIn' && !auth.isLoggedIn) return false;
  if (item.audience === 'guests' && auth.isLoggedIn) return false;
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

/**
 * The items the user sees, each group (an item with children) keeping its visible children. A
 * group shows while its own conditions hold and it has a visible child or an action of its own.
 */
export function visibleMenuItems(
  items: readonly MenuItem[],
  auth: VisibilityAuth,
  settings: unknown,
): MenuItem[] {
  return items.flatMap((item): MenuItem[] => {
    if (!meetsConditions(item, auth, settings)) return [];
    const children = (item.children ?? []).filter((child) => isMenuItemVisible(child, auth, settings));
    if (children.length) return [{ ...item, children }];
    return hasUsableAction(item) ? [{ ...item, children: undefined }] : [];
  });
}

/** How a menu item opens: `link` items in a new tab, `route` items by client navigation. */
export function menuItemLinkProps(item: MenuChildItem): { href: string; target?: string; rel?: string } {
  const href = item.action ?? '#';
  if (item.type === 'link') return { href, target: '_blank', rel: 'noopener noreferrer' };
  const target = item.target && item.target !== '_self' ? item.target : undefined;
  return { href: href.startsWith('/') || /^https?:/.test(href) ? href : `/${href}`, target };
}
