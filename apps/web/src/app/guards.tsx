import { ADMIN_LOGIN_REDIRECT, DEFAULT_LOGIN_REDIRECT, PERMISSIONS } from '@zema/contracts';
import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { type Auth, useAuth, useSettings } from '#src/lib/bootstrap-store';
import { NotFoundPage } from '#src/ui/not-found-page';
import { checkoutPath, readOnboardingChoice } from './onboarding-choice';

/**
 * Route guards of SPEC §2/§6. Each wraps the element of a route in router.tsx:
 *   { path: '/account-settings', element: <RequireAuth><Page name="accountSettings" /></RequireAuth> }
 */

interface GuardProps {
  children: ReactNode;
}

/** `/login?redirect=<where the user was>`. */
export function loginRedirectPath(location: { pathname: string; search: string; hash?: string }): string {
  const here = `${location.pathname}${location.search}${location.hash ?? ''}`;
  return `/login?redirect=${encodeURIComponent(here)}`;
}

/** Only same-site paths are followed, so `?redirect=` cannot send users to another site. */
export function safeRedirectTarget(raw: string | null): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  return raw;
}

/** Not logged in → /login?redirect=<current>. */
export function RequireAuth({ children }: GuardProps) {
  const { isLoggedIn } = useAuth();
  const location = useLocation();
  if (!isLoggedIn) return <Navigate to={loginRedirectPath(location)} replace />;
  return <>{children}</>;
}

interface RequirePermissionProps extends GuardProps {
  permission: string;
}

/**
 * Missing permission: a visitor goes to /login; a user goes to /pricing when billing is on and they
 * have no valid subscription (buying a plan may grant it), otherwise sees the 404 page.
 */
export function RequirePermission({ permission, children }: RequirePermissionProps) {
  const auth = useAuth();
  const settings = useSettings();
  const location = useLocation();
  if (auth.hasPermission(permission)) return <>{children}</>;
  if (!auth.isLoggedIn) return <Navigate to={loginRedirectPath(location)} replace />;
  if (settings.billing.enable && !auth.isSubscribed) return <Navigate to="/pricing" replace />;
  return <NotFoundPage />;
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

/** /login and /register: a logged-in user is sent on to where logging in would have taken them. */
export function GuestOnly({ children }: GuardProps) {
  const { isLoggedIn } = useAuth();
  const target = useAfterLoginTarget();
  if (isLoggedIn) return <Navigate to={target} replace />;
  return <>{children}</>;
}

/** /register → /login (keeping the query) when registration is disabled. */
export function RegistrationEnabled({ children }: GuardProps) {
  const settings = useSettings();
  const location = useLocation();
  if (settings.registration.disable) return <Navigate to={`/login${location.search}`} replace />;
  return <>{children}</>;
}

interface RequireFeatureProps extends GuardProps {
  enabled: boolean;
}

/** A feature switched off in settings does not exist: the 404 page. */
export function RequireFeature({ enabled, children }: RequireFeatureProps) {
  if (!enabled) return <NotFoundPage />;
  return <>{children}</>;
}

/** Pricing, checkout, change plan and billing exist only when billing is on. */
export function BillingEnabled({ children }: GuardProps) {
  return <RequireFeature enabled={useSettings().billing.enable}>{children}</RequireFeature>;
}

/** Notifications need a login and integrated notifications. */
export function NotificationsEnabled({ children }: GuardProps) {
  const settings = useSettings();
  return (
    <RequireFeature enabled={settings.notifications.integrated}>
      <RequireAuth>{children}</RequireAuth>
    </RequireFeature>
  );
}

/** /notifications/settings: to / unless notification subscriptions are integrated. */
export function NotificationSubscriptionsEnabled({ children }: GuardProps) {
  const settings = useSettings();
  if (!settings.notif.subs.integrated) return <Navigate to="/" replace />;
  return <>{children}</>;
}

/** API docs: only when the API is integrated and the user has api.access. */
export function ApiEnabled({ children }: GuardProps) {
  const settings = useSettings();
  return (
    <RequireFeature enabled={settings.api.integrated}>
      <RequirePermission permission={PERMISSIONS.apiAccess}>{children}</RequirePermission>
    </RequireFeature>
  );
}
