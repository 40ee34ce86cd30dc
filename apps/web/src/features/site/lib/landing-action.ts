import type { LandingAction } from '@zema/contracts';
import type { Auth } from '#src/lib/bootstrap-store';
import { leadsToPage } from '#src/lib/paths';

/**
 * SPEC §2/§6: a landing button shows only with a label and an action, and only when the user has
 * every listed role (by id) and every listed permission.
 */
export function isLandingActionVisible(
  action: LandingAction | null | undefined,
  auth: Pick<Auth, 'hasRole' | 'hasPermission'>,
): action is LandingAction & { label: string; action: string } {
  if (!action?.label?.trim() || !action.action?.trim()) return false;
  if (!leadsToPage(action.action.trim())) return false;
  if (action.roles?.length && !action.roles.every((id) => auth.hasRole(id))) return false;
  if (action.permissions?.length && !action.permissions.every((p) => auth.hasPermission(p))) return false;
  return true;
}

/** `link` actions open in a new tab; `route` actions navigate inside the app. */
export function landingActionLinkProps(action: { action: string; type?: 'link' | 'route' }) {
  if (action.type === 'link') return { href: action.action, target: '_blank', rel: 'noopener noreferrer' };
  return {
    href:
      action.action.startsWith('/') || /^https?:/.test(action.action) ? action.action : `/${action.action}`,
  };
}
