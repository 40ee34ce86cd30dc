import { DEFAULT_WORKSPACE_ID, msg, PERMISSIONS } from '@zema/contracts';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Outlet, useLocation, useMatch, useSearchParams } from 'react-router';
import { useActiveWorkspaceId } from '#src/lib/active-workspace';
import { useAfterLoginTarget } from '#src/lib/after-login';
import { useAuth, useBootstrap, useSettings } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { paths, routePatterns } from '#src/lib/paths';
import { LinkButton } from '#src/ui/button';
import { ForbiddenPage } from '#src/ui/forbidden-page';
import { LoadingPage } from '#src/ui/loading-page';
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
   * What a signed-in user without the permission sees instead of the page saying why: the sections
   * inside the admin area (whoever is in it knows it exists) show the area's own 404.
   */
  notFound?: ReactNode;
}

/**
 * Missing permission: a visitor goes to /login; a user sees why they may not open the page and what
 * to do (`NoAccessPage`), never a silent redirect to the plans.
 */
export function RequirePermission({ permission, notFound, children }: RequirePermissionProps) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.hasPermission(permission)) return <Through>{children}</Through>;
  if (!auth.isLoggedIn) return <Navigate to={loginRedirectPath(location)} replace />;
  if (notFound) return <>{notFound}</>;
  return <NoAccessPage permission={permission} />;
}

/** The texts are catalogue sources (msg), translated where the page shows them. */
interface AccessNeed {
  /** What the area is for and what the account lacks. */
  why: string;
  /** Whom to ask. */
  advice: string;
  /** Said instead when plans may grant it and billing is on: the page then offers them. */
  planAdvice?: string;
  /** A place to go on besides home (the backstage's requests, for artists). */
  next?: { label: string; href: string };
}

/** The permissions the route table asks for, each said in words. */
// Shown only to a team member opening an artist of another workspace: loaded then.
const OpenArtistWorkspace = lazy(() =>
  import('#src/features/workspaces/components/open-artist-workspace').then((m) => ({
    default: m.OpenArtistWorkspace,
  })),
);

const ACCESS_NEEDS: Record<string, AccessNeed> = {
  [PERMISSIONS.adminAccess]: {
    why: msg('The admin area is for the people who run this site, and your account has no admin access.'),
    // A plan never sells the admin's rights.
    advice: msg('If you should help run it, ask an administrator for a role with admin access.'),
  },
  [PERMISSIONS.backstageAccess]: {
    why: msg(
      "The backstage's artist pages are for artists and their teams, and your account manages no artist here.",
    ),
    advice: msg(
      'Ask to become an artist or to claim your artist in the backstage; or, in a team, switch to its workspace or ask its owner for an invitation.',
    ),
    // It comes with an approved artist request, not with a plan.
    next: { label: msg('Go to the backstage'), href: paths.backstage() },
  },
  [PERMISSIONS.apiAccess]: {
    why: msg('The API is open to accounts with API access, and yours has none.'),
    advice: msg('Ask an administrator for API access.'),
    planAdvice: msg('A plan that includes the API gives it.'),
  },
  [PERMISSIONS.musicView]: {
    why: msg('Listening is open to accounts allowed to play music, and yours is not.'),
    advice: msg('Ask an administrator for it.'),
    planAdvice: msg('A plan that includes listening gives it.'),
  },
};

/**
 * A signed-in user without `permission`: why, and what to do. The plans are offered only when one
 * would give the permission and billing is on; otherwise the way on is home (or the area's own
 * next step).
 */
export function NoAccessPage({ permission }: { permission: string }) {
  const settings = useSettings();
  const { trans } = useTrans();
  const need = ACCESS_NEEDS[permission];
  const reason = need
    ? trans(need.why)
    : trans('This page needs the “{permission}” permission, which your account does not have.', {
        permission,
      });
  const offerPlans = !!need?.planAdvice && settings.billing.enable;
  const advice = need
    ? trans(offerPlans && need.planAdvice ? need.planAdvice : need.advice)
    : trans('Ask an administrator for it if you need this page.');
  return (
    <ForbiddenPage
      title={trans("You can't open this page")}
      reason={reason}
      advice={advice}
      actions={
        <>
          {offerPlans && <LinkButton href={paths.pricing()}>{trans('See plans')}</LinkButton>}
          {need?.next && (
            <LinkButton href={need.next.href} variant={offerPlans ? 'outline' : 'primary'}>
              {trans(need.next.label)}
            </LinkButton>
          )}
          <LinkButton href={paths.home()} variant={offerPlans || need?.next ? 'outline' : 'primary'}>
            {trans('Go to the home page')}
          </LinkButton>
        </>
      }
    />
  );
}

/** The artist a backstage address names: `/backstage/artists/:artistId`, or `?artist=` on the others. */
function useArtistInRoute(): number | null {
  const match = useMatch(routePatterns.backstageArtist);
  const [params] = useSearchParams();
  const id = Number(match?.params.artistId ?? params.get('artist'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * The backstage's artist area: `backstage.access` of one's own, or a team workspace active (its
 * members work on its shared artists by their role; the server decides on each call). A team
 * member without a backstage of their own who opens an artist's address in the personal workspace
 * is switched to the team holding it (or told why not), not turned away.
 */
export function RequireBackstageAccess({ children }: GuardProps) {
  const inTeam = useActiveWorkspaceId() !== DEFAULT_WORKSPACE_ID;
  const auth = useAuth();
  const inSomeTeam = useBootstrap().workspaces.some((w) => w.id !== DEFAULT_WORKSPACE_ID);
  const artistId = useArtistInRoute();
  if (inTeam && auth.isLoggedIn) return <Through>{children}</Through>;
  if (auth.isLoggedIn && inSomeTeam && artistId && !auth.hasPermission(PERMISSIONS.backstageAccess))
    return (
      <Suspense fallback={<LoadingPage />}>
        <OpenArtistWorkspace artistId={artistId} />
      </Suspense>
    );
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
