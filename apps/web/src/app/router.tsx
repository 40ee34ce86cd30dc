import { ADMIN_PERMISSIONS as A, homeChannelSlug, PERMISSIONS } from '@zema/contracts';
import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useState,
} from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import {
  createBrowserRouter,
  type NavigateOptions,
  Outlet,
  type RouteObject,
  ScrollRestoration,
  useHref,
  useMatch,
  useMatches,
  useNavigate,
  useNavigation,
  useSearchParams,
} from 'react-router';
import { CookieNotice } from '#src/features/appearance';
import { GlobalPlayer } from '#src/features/player';
import { LandingPage } from '#src/features/site';
import { useDropStaleWorkspace } from '#src/features/workspaces';
import { isAppearanceEditorActive } from '#src/lib/appearance-editor';
import { useAuth, useSettings } from '#src/lib/bootstrap-store';
import { useDocumentLanguage } from '#src/lib/i18n';
import { useMarksPageLoading } from '#src/lib/page-ready';
import { routePatterns as at } from '#src/lib/paths';
import { ThemeApplier } from '#src/lib/use-theme';
import { LoadingPage } from '#src/ui/loading-page';
import { NotFoundPage } from '#src/ui/not-found-page';
import { useOnceNearViewport } from '#src/ui/use-once-near-viewport';
import { AppearanceEditorBridge } from './appearance-editor-bridge';
import { SiteFooter } from './chrome/site-footer';
import { SiteNavbar } from './chrome/site-navbar';
import { SkipLinks } from './chrome/skip-links';
import { EmailVerificationGate } from './email-verification-gate';
import {
  ApiEnabled,
  BillingEnabled,
  GuestOnly,
  NotificationSubscriptionsEnabled,
  NotificationsEnabled,
  RegistrationEnabled,
  RequireAuth,
  RequireBackstageAccess,
  RequirePermission,
} from './guards';
import { LiveEventsConnection } from './live-events-connection';
import { hasPage, loadPage, type PageName } from './pages';
import { RouteErrorPage } from './route-error-page';
import { SiteLayout } from './site-layout';

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/**
 * A route's page, loaded by React Router when the route matches: in parallel with the other
 * matched routes' code, and before a navigation commits, so the page it leaves stays until the
 * next one can show.
 */
function page(name: PageName): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await loadPage(name)).default }) };
}

/**
 * A page rendered outside a route of its own (the email verification screen, the home screen's
 * login or register page, the player's home): loaded when first rendered, behind a Suspense.
 */
const lazyPages = new Map<PageName, LazyExoticComponent<ComponentType>>();
function LazyPage({ name }: { name: PageName }) {
  const Component = lazyPages.get(name) ?? lazy(() => loadPage(name));
  lazyPages.set(name, Component);
  return <Component />;
}

// The player layout (sidebar, navbar, player bar) comes with the first player page, not before:
// the landing and auth pages do not load it.
const loadPlayerLayout = () => import('./player-layout');
const PlayerLayout = lazy(loadPlayerLayout);

/** A page of the player area: its own code and the layout's, loaded together. */
function playerPage(name: PageName): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const [module] = await Promise.all([loadPage(name), loadPlayerLayout()]);
      return { Component: module.default };
    },
  };
}

/**
 * Root of every route: skip links, client navigation for RAC links, theme, cookie notice, the email
 * gate, and the one audio player (music goes on across every page).
 */
/**
 * React Aria's links ask the router for their href; react-router resolves every href against the
 * current route, so an outside address (a policy's https page) would become `/register/https:/…`.
 */
export function useLinkHref(href: string): string {
  const resolved = useHref(href);
  return /^[a-z][a-z0-9+.-]*:|^\/\//i.test(href) ? href : resolved;
}

const SignedInChrome = lazy(() => import('./signed-in-chrome'));

/** The "Logged in as" banner of a signed-in session (./signed-in-chrome), loaded when needed. */
function SignedInOnly() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <SignedInChrome />
    </Suspense>
  );
}

function RootLayout() {
  const navigate = useNavigate();
  useDocumentLanguage();
  useDropStaleWorkspace();
  // A navigation loading the next page's code: the page has not settled (lib/page-ready).
  useMarksPageLoading(useNavigation().state !== 'idle');
  const playerLayoutShown = usePlayerLayoutShown();
  return (
    <AriaRouterProvider navigate={navigate} useHref={useLinkHref}>
      <SkipLinks />
      <SignedInOnly />
      <ThemeApplier />
      <AppearanceEditorBridge />
      <LiveEventsConnection />
      <CookieNotice slot="top" />
      <EmailVerificationGate
        screen={
          <Suspense fallback={<LoadingPage />}>
            <LazyPage name="emailVerification" />
          </Suspense>
        }
      >
        <Outlet />
      </EmailVerificationGate>
      <CookieNotice slot="bottom" />
      <GlobalPlayer compactBar={!playerLayoutShown} />
      <ScrollRestoration />
    </AriaRouterProvider>
  );
}

/**
 * The home screen at `/` (SPEC §2), or null when it is the player area: a channel homepage, or a
 * logged-in user outside the appearance editor. Otherwise the login, register or custom page by
 * settings.homepage; the landing page when that page does not exist.
 */
function useHomeScreen(): ReactNode | null {
  const settings = useSettings();
  const { isLoggedIn } = useAuth();
  const { type } = settings.homepage;
  if (type === 'channel') return null;
  if (isLoggedIn && !isAppearanceEditorActive()) return null;
  if (type === 'loginPage') return <HomePage name="login" />;
  if (type === 'registerPage' && !settings.registration.disable) return <HomePage name="register" />;
  if (type === 'customPage' && hasPage('customPage'))
    return (
      <div className="flex min-h-dvh flex-col bg-bg-alt text-fg">
        <SiteNavbar />
        <HomePage name="customPage" />
        <SiteFooter />
      </div>
    );
  return <Landing />;
}

function HomePage({ name }: { name: PageName }) {
  return (
    <Suspense fallback={<LoadingPage />}>
      <LazyPage name={name} />
    </Suspense>
  );
}

// The landing page's pricing section: the billing feature's plan chooser, loaded only when shown.
const LandingPricing = lazy(() => import('#src/features/billing/components/landing-pricing'));

function Landing() {
  const settings = useSettings();
  const showPricing = settings.landing.showPricing && settings.billing.enable;
  return (
    <LandingPage
      navbar={<SiteNavbar menuPosition="landing-page-navbar" transparent />}
      footer={<SiteFooter />}
      pricing={showPricing ? <NearViewportPricing /> : null}
    />
  );
}

/**
 * The pricing section is far down the landing page: its code (the plan chooser, its selects and
 * the billing calls, about 40 kB gzip) loads when the visitor scrolls within a screen of it, not
 * with the first view. The placeholder keeps its place, so nothing below moves when it arrives.
 */
function NearViewportPricing() {
  const [ref, near] = useOnceNearViewport<HTMLDivElement>();
  return (
    <div ref={ref} className={near ? undefined : 'min-h-[40rem]'}>
      {near && (
        <Suspense fallback={<div className="min-h-[40rem]" />}>
          <LandingPricing />
        </Suspense>
      )}
    </div>
  );
}

const PLAYER_AREA_ID = 'player-area';

/** True while the player layout is on screen (a player route, and not the home screen at `/`). */
function usePlayerLayoutShown(): boolean {
  const inPlayerArea = useMatches().some((m) => m.id === PLAYER_AREA_ID);
  const atHome = useMatch('/') !== null;
  const homeScreen = useHomeScreen();
  return inPlayerArea && !(atHome && homeScreen);
}

/**
 * The player area's layout route (SPEC §2 `/*`: permission music.view, login optional). `/` is
 * one of its pages only when the player area is the home screen; otherwise `/` shows that screen.
 * The layout stays mounted while its pages change.
 */
function PlayerArea() {
  const atHome = useMatch('/') !== null;
  const homeScreen = useHomeScreen();
  if (atHome && homeScreen) return homeScreen;
  return (
    <RequirePermission permission={PERMISSIONS.musicView}>
      <Suspense fallback={<LoadingPage />}>
        <PlayerLayout />
      </Suspense>
    </RequirePermission>
  );
}

/** An admin page at `path` (or the index): shown only to holders of its permission. */
function adminRoute(path: string | null, name: PageName, permission: string): RouteObject {
  const child: RouteObject = path === null ? { index: true, ...page(name) } : { path, ...page(name) };
  // Inside the area already: a section the user's role lacks is the area's 404, not the plans.
  return {
    element: <RequirePermission permission={permission} notFound={<AdminNotFound />} />,
    children: [child],
  };
}

function AdminNotFound() {
  return <NotFoundPage embedded className="min-h-[60dvh] bg-transparent" />;
}

// The channel page takes the slug to show and marks it the home page (pages.tsx types a page
// without props: this one is rendered by the route table itself, not only by its own route).
type ChannelPageProps = { slug?: string; home?: boolean };
const HomeChannelPage = lazy(
  () => loadPage('channel') as Promise<{ default: ComponentType<ChannelPageProps> }>,
);

/**
 * `/` as the player's home: the channel chosen as the homepage (settings.homepage), else the
 * discover channel; loaded only when it is shown. The server's first paint names the same channel
 * (features/spa/first-paint.ts), both through homeChannelSlug.
 */
function PlayerHome() {
  const settings = useSettings();
  return <HomeChannelPage slug={homeChannelSlug(settings.homepage)} home />;
}

function PlayerNotFound() {
  return <NotFoundPage embedded className="min-h-[60dvh] bg-transparent" />;
}

/**
 * `/workspace/join/login|register?invite=`: a user already signed in when the link opens answers
 * the invitation (join or decline) instead of being sent on by `GuestOnly`. A guest who signs in
 * here stays in the sign-in page's own flow, which joins and then navigates.
 */
function WorkspaceJoinRoute() {
  const { isLoggedIn } = useAuth();
  const [params] = useSearchParams();
  const [signedInOnArrival] = useState(isLoggedIn);
  // Signed in here just now: the sign-in flow goes on by itself (joins, then the backstage);
  // `GuestOnly` would send the new session elsewhere first.
  if (!signedInOnArrival && isLoggedIn) return null;
  if (isLoggedIn && params.get('invite')) {
    return (
      <Suspense fallback={<LoadingPage />}>
        <LazyPage name="workspaceInvite" />
      </Suspense>
    );
  }
  return <Outlet />;
}

/**
 * The route table of SPEC §2, the app's only one: each path, its guards and its page (registered
 * by name in pages.tsx; paths spelled in lib/paths.ts). Guards are layout routes here, never
 * inside pages. Areas still to come get child routes here when their pages exist.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    HydrateFallback: LoadingPage,
    children: [
      {
        element: <GuestOnly />,
        children: [
          { path: at.login, ...page('login') },
          { path: at.forgotPassword, ...page('forgotPassword') },
          {
            element: <RegistrationEnabled />,
            children: [{ path: at.register, ...page('register') }],
          },
        ],
      },
      {
        // A workspace invitation's links: a guest logs in or registers (and joins after); a
        // signed-in user answers the invitation there.
        element: <WorkspaceJoinRoute />,
        children: [
          {
            element: <GuestOnly />,
            children: [
              { path: at.workspaceJoinLogin, ...page('login') },
              {
                element: <RegistrationEnabled />,
                children: [{ path: at.workspaceJoinRegister, ...page('register') }],
              },
            ],
          },
        ],
      },
      { path: at.resetPassword, ...page('resetPassword') },
      {
        element: <RequireAuth />,
        children: [
          {
            Component: SiteLayout,
            children: [
              { path: at.accountSettings, ...page('accountSettings') },
              // The backstage: requests for any signed-in user; the artist's pages ask
              // the server, which checks the user's link to each artist on every call.
              { path: at.backstage, ...page('backstage') },
              { path: at.backstageRequests, ...page('backstageRequests') },
              {
                // Their own backstage.access, or a team workspace's (the server checks the role).
                element: <RequireBackstageAccess />,
                children: [
                  { path: at.backstageArtist, ...page('backstageArtist') },
                  { path: at.backstageTracks, ...page('backstageTracks') },
                  { path: at.backstageAlbums, ...page('backstageAlbums') },
                  { path: at.backstageUpload, ...page('backstageUpload') },
                  { path: at.backstageRelease, ...page('backstageRelease') },
                  { path: at.backstageInsights, ...page('backstageInsights') },
                ],
              },
              { path: at.backstageWorkspace, ...page('backstageWorkspace') },
            ],
          },
        ],
      },
      {
        element: <BillingEnabled />,
        children: [
          { Component: SiteLayout, children: [{ path: at.pricing, ...page('pricing') }] },
          {
            element: <RequireAuth />,
            children: [
              {
                Component: SiteLayout,
                children: [
                  { path: at.checkout, ...page('checkout') },
                  { path: at.changePlan, ...page('changePlan') },
                  { path: at.billingReturn, ...page('billingReturn') },
                ],
              },
              // The sandbox gateway's own page (test mode): a checkout outside the site's frame.
              { path: at.sandboxCheckout, ...page('sandboxCheckout') },
              {
                Component: SiteLayout,
                children: [
                  { path: at.billing, ...page('billing') },
                  { path: at.billingInvoice, ...page('billingInvoice') },
                ],
              },
            ],
          },
        ],
      },
      {
        element: <NotificationsEnabled />,
        children: [
          {
            Component: SiteLayout,
            children: [
              { path: at.notifications, ...page('notifications') },
              {
                element: <NotificationSubscriptionsEnabled />,
                children: [{ path: at.notificationSettings, ...page('notificationSettings') }],
              },
            ],
          },
        ],
      },
      {
        element: <ApiEnabled />,
        children: [{ Component: SiteLayout, children: [{ path: at.apiDocs, ...page('apiDocs') }] }],
      },
      {
        Component: SiteLayout,
        children: [
          { path: at.contact, ...page('contact') },
          { path: at.customPage, ...page('customPage') },
          { path: at.customPageById, ...page('customPage') },
        ],
      },
      {
        // The admin area: its own layout and chunks, loaded only inside /admin.
        path: at.admin,
        element: <RequirePermission permission={PERMISSIONS.adminAccess} />,
        children: [
          {
            // The appearance editor fills the screen: the site's preview beside its panel.
            path: at.adminAppearance,
            element: <RequirePermission permission={A.appearanceUpdate} notFound={<AdminNotFound />} />,
            children: [{ index: true, ...page('adminAppearance') }],
          },
          {
            lazy: async () => ({ Component: (await import('./admin-layout')).default }),
            children: [
              adminRoute(null, 'adminDashboard', A.analyticsView),
              adminRoute(at.adminUsers, 'adminUsers', A.usersView),
              adminRoute(at.adminUser, 'adminUser', A.usersView),
              adminRoute(at.adminRoles, 'adminRoles', A.rolesView),
              adminRoute(at.adminNewRole, 'adminRole', A.rolesUpdate),
              adminRoute(at.adminRole, 'adminRole', A.rolesView),
              adminRoute(at.adminBillingPlans, 'adminBillingPlans', A.billingManage),
              adminRoute(at.adminBillingNewPlan, 'adminBillingPlan', A.billingManage),
              adminRoute(at.adminBillingPlan, 'adminBillingPlan', A.billingManage),
              adminRoute(at.adminBillingSubscriptions, 'adminBillingSubscriptions', A.billingManage),
              adminRoute(at.adminBillingPayments, 'adminBillingPayments', A.billingManage),
              adminRoute(at.adminBillingWebhooks, 'adminBillingWebhooks', A.billingManage),
              adminRoute(at.adminAuditLog, 'adminAuditLog', A.logsView),
              adminRoute(at.adminErrorLog, 'adminErrorLog', A.logsView),
              adminRoute(at.adminMailLog, 'adminMailLog', A.logsView),
              adminRoute(at.adminJobs, 'adminJobs', A.logsView),
              adminRoute(at.adminHealth, 'adminHealth', A.logsView),
              // `settings` alone goes on to the first group (the page redirects).
              adminRoute(at.adminSettings, 'adminSettings', A.settingsUpdate),
              adminRoute(at.adminSettingsGroup, 'adminSettings', A.settingsUpdate),
              adminRoute(at.adminArtists, 'adminArtists', A.artistsUpdate),
              adminRoute(at.adminArtist, 'adminArtist', A.artistsUpdate),
              adminRoute(at.adminAlbums, 'adminAlbums', A.albumsUpdate),
              adminRoute(at.adminAlbum, 'adminAlbum', A.albumsUpdate),
              adminRoute(at.adminTracks, 'adminTracks', A.tracksUpdate),
              adminRoute(at.adminTrack, 'adminTrack', A.tracksUpdate),
              adminRoute(at.adminGenres, 'adminGenres', A.genresUpdate),
              adminRoute(at.adminCustomPages, 'adminCustomPages', A.customPagesUpdate),
              adminRoute(at.adminCustomPage, 'adminCustomPage', A.customPagesUpdate),
              adminRoute(at.adminContactMessages, 'adminContactMessages', A.contactMessagesView),
              adminRoute(at.adminLocalizations, 'adminLocalizations', A.localizationsUpdate),
              adminRoute(at.adminLocalization, 'adminLocalization', A.localizationsUpdate),
              adminRoute(at.adminChannels, 'adminChannels', A.channelsUpdate),
              adminRoute(at.adminChannel, 'adminChannel', A.channelsUpdate),
              adminRoute(at.adminBackstageRequests, 'adminBackstageRequests', A.backstageReview),
              adminRoute(at.adminRadio, 'adminRadio', A.radioUpdate),
              adminRoute(at.adminRadioStation, 'adminRadioStation', A.radioUpdate),
              { path: '*', Component: AdminNotFound },
            ],
          },
        ],
      },
      {
        // The player area, last: every other path, including unknown ones (its own 404 page).
        id: PLAYER_AREA_ID,
        Component: PlayerArea,
        children: [
          { index: true, Component: PlayerHome },
          { path: at.discover, ...playerPage('channel') },
          { path: at.channel, ...playerPage('channel') },
          { path: at.album, ...playerPage('album') },
          { path: at.track, ...playerPage('track') },
          { path: at.genre, ...playerPage('genre') },
          { path: at.artist, ...playerPage('artist') },
          { path: at.user, ...playerPage('userProfile') },
          {
            // A listener's own library: visitors go to /login and come back.
            element: <RequireAuth />,
            children: [
              { path: at.library, ...playerPage('library') },
              { path: at.likedSongs, ...playerPage('likedSongs') },
              { path: at.history, ...playerPage('history') },
            ],
          },
          { path: at.playlist, ...playerPage('playlist') },
          { path: at.search, ...playerPage('search') },
          { path: at.radioIndex, ...playerPage('radioIndex') },
          { path: at.radio, ...playerPage('radio') },
          { path: at.searchQuery, ...playerPage('search') },
          { path: at.searchTab, ...playerPage('search') },
          { path: '*', Component: PlayerNotFound },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
