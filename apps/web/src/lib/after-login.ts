import { ADMIN_LOGIN_REDIRECT, DEFAULT_LOGIN_REDIRECT, PERMISSIONS } from '@zema/contracts';
import { useSearchParams } from 'react-router';
import { type Auth, useAuth, useSettings } from './bootstrap-store';
import { checkoutPath, readOnboardingChoice } from './onboarding-choice';

/**
 * Where a login or registration leads (SPEC §2, §4): used by the guards of the route table and by
 * every way of signing in (form, two-factor, social).
 */

/** Only same-site paths are followed, so `?redirect=` cannot send users to another site. */
export function safeRedirectTarget(raw: string | null): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  return raw;
}

export interface AfterLoginTargetInput {
  /** The raw `?redirect=` value. */
  redirect: string | null;
  /** The session after login (its permissions decide the admin default). */
  auth: Pick<Auth, 'hasPermission'>;
  /** Billing on: a plan chosen before signing up continues to checkout (SPEC §4). */
  billingEnabled: boolean;
}

/**
 * The page after login/registration (SPEC §2, §4): a plan saved locally before signing up →
 * its checkout; else the same-site `redirect` target; else /admin for admins; else /.
 */
export function afterLoginTarget({ redirect, auth, billingEnabled }: AfterLoginTargetInput): string {
  const choice = billingEnabled ? readOnboardingChoice() : null;
  if (choice) return checkoutPath(choice);
  const explicit = safeRedirectTarget(redirect);
  if (explicit) return explicit;
  return auth.hasPermission(PERMISSIONS.adminAccess) ? ADMIN_LOGIN_REDIRECT : DEFAULT_LOGIN_REDIRECT;
}

/** `afterLoginTarget` for the current location and session. */
export function useAfterLoginTarget(): string {
  const [params] = useSearchParams();
  const auth = useAuth();
  const settings = useSettings();
  return afterLoginTarget({
    redirect: params.get('redirect'),
    auth,
    billingEnabled: settings.billing.enable,
  });
}
