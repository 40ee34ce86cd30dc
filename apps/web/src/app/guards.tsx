import { DEFAULT_WORKSPACE_ID, PERMISSIONS } from '@zema/contracts';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useActiveWorkspaceId } from '#src/lib/active-workspace';
import { useAfterLoginTarget } from '#src/lib/after-login';
import { useAuth, useSettings } from '#src/lib/bootstrap-store';
import { paths } from '#src/lib/paths';
import { NotFoundPage } from '#src/ui/not-found-page';

/**
 * Route guards of SPEC §2/§6. In the route table (router.tsx) each is a layout route whose
 * children it lets through or turns away:
 *   { element: <RequireAuth />, children: [{ path: '/account-settings', ...page('accountSettings') }] }
 * Given children instead, a guard wraps them (a guard inside another guard).
 */

interface GuardProps {
  /** What the guard lets through; the child routes (`<Outlet />`) when absent. */
  children?: ReactNode;
}

/** What a guard lets through: its children, or its child routes. */
function Through({ children }: GuardProps) {
  return <>{children ?? <Outlet />}</>;
}

/** `/login?redirect=<where the user was>`. */
export function loginRedirectPath(location: { pathname: string; search: string; hash?: string }): string {
  const here = `${location.pathname}${location.search}${location.hash ?? ''}`;
  return paths.login(here);
}

/** Not logged in → /login?redirect=<current>. */
export function RequireAuth({ children }: GuardProps) {
  const { isLoggedIn } = useAuth();
  const location = useLocation();
  if (!isLoggedIn) return <Navigate to={loginRedirectPath(location)} replace />;
  return <Through>{children}</Through>;
}

interface RequirePermissionProps extends GuardProps {
  permission: string;
  /**
   * What a signed-in user without the permission sees instead of being offered the plans: the
   * sections inside the admin area (a plan never sells admin rights) show the area's own 404.
   */
  notFound?: ReactNode;
}

/**
 * Missing permission: a visitor goes to /login; a user goes to /pricing when billing is on and they
 * have no valid subscription (buying a plan may grant it), otherwise sees the 404 page.
 */
export function RequirePermission({ permission, notFound, children }: RequirePermissionProps) {
  const auth = useAuth();
  const settings = useSettings();
  const location = useLocation();
  if (auth.hasPermission(permission)) return <Through>{children}</Through>;
  if (!auth.isLoggedIn) return <Navigate to={loginRedirectPath(location)} replace />;
  if (notFound) return <>{notFound}</>;
  if (settings.billing.enable && !auth.isSubscribed) return <Navigate to={paths.pricing()} replace />;
  return <NotFoundPage />;
}

/**
 * The backstage's artist area: `backstage.access` of one's own, or a team workspace active (its
 * members work on its shared artists by their role; the server decides on each call).
 */
export function RequireBackstageAccess({ children }: GuardProps) {
  const inTeam = useActiveWorkspaceId() !== DEFAULT_WORKSPACE_ID;
  const { isLoggedIn } = useAuth();
  if (inTeam && isLoggedIn) return <Through>{children}</Through>;
  return <RequirePermission permission={PERMISSIONS.backstageAccess}>{children}</RequirePermission>;
}

/** /login and /register: a logged-in user is sent on to where logging in would have taken them. */
export function GuestOnly({ children }: GuardProps) {
  const { isLoggedIn } = useAuth();
  const target = useAfterLoginTarget();
  if (isLoggedIn) return <Navigate to={target} replace />;
  return <Through>{children}</Through>;
}

/** /register → /login (keeping the query) when registration is disabled. */
export function RegistrationEnabled({ children }: GuardProps) {
  const settings = useSettings();
  const location = useLocation();
  if (settings.registration.disable) return <Navigate to={`${paths.login()}${location.search}`} replace />;
  return <Through>{children}</Through>;
}

interface RequireFeatureProps extends GuardProps {
  enabled: boolean;
}

/** A feature switched off in settings does not exist: the 404 page. */
export function RequireFeature({ enabled, children }: RequireFeatureProps) {
  if (!enabled) return <NotFoundPage />;
  return <Through>{children}</Through>;
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
  if (!settings.notif.subs.integrated) return <Navigate to={paths.home()} replace />;
  return <Through>{children}</Through>;
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
