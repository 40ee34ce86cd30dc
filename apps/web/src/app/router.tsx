import { PERMISSIONS } from '@zema/contracts';
import type { ReactNode } from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import {
  createBrowserRouter,
  type NavigateOptions,
  Outlet,
  type RouteObject,
  ScrollRestoration,
  useHref,
  useNavigate,
  useParams,
} from 'react-router';
import { isAppearanceEditorActive } from '#src/features/appearance/appearance-editor';
import { CookieNotice } from '#src/features/appearance/cookie-notice';
import { ThemeApplier } from '#src/features/appearance/use-theme';
import { LandingPage } from '#src/features/landing/landing-page';
import { GlobalPlayer } from '#src/features/player/components/global-player';
import { useAuth, useSettings } from '#src/lib/bootstrap-store';
import { useDocumentLanguage } from '#src/lib/i18n';
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
  RequirePermission,
} from './guards';
import { hasPage, Page, pages } from './pages';
import { RouteErrorPage } from './route-error-page';

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/**
 * Root of every route: skip links, client navigation for RAC links, theme, cookie notice, the email
 * gate.
 */
function RootLayout() {
  const navigate = useNavigate();
  useDocumentLanguage();
  return (
    <AriaRouterProvider navigate={navigate} useHref={useHref}>
      <SkipLinks />
      <ThemeApplier />
      <CookieNotice slot="top" />
      <EmailVerificationGate
        // Issue 3 (accounts) delivers the screen as pages.emailVerification; until then the gate
        // has nothing to show and lets the app through.
        screen={pages.emailVerification ? <Page name="emailVerification" /> : null}
      >
        <Outlet />
      </EmailVerificationGate>
      <CookieNotice slot="bottom" />
      {/* The one audio player: music goes on across every page. */}
      <GlobalPlayer />
      <ScrollRestoration />
    </AriaRouterProvider>
  );
}

/** The music player area (SPEC §2 `/*`): music.view, login optional. Its own routes end in a 404. */
function PlayerArea() {
  return (
    <RequirePermission permission={PERMISSIONS.musicView}>
      <Page name="player" />
    </RequirePermission>
  );
}

function Landing() {
  return (
    <LandingPage
      navbar={<SiteNavbar menuPosition="landing-page-navbar" transparent />}
      footer={<SiteFooter />}
    />
  );
}

/**
 * `/`: the home screen (landing, login, register or custom page by settings.homepage) for visitors
 * and inside the appearance editor; a logged-in user and the `channel` type get the player area.
 * Pages not delivered yet fall back to the landing page, which always exists.
 */
export function HomeRoute() {
  const settings = useSettings();
  const { isLoggedIn } = useAuth();
  const { type } = settings.homepage;
  const editor = isAppearanceEditorActive();

  if (type === 'channel') return <PlayerArea />;
  if (isLoggedIn && !editor && hasPage('player')) return <PlayerArea />;
  if (type === 'loginPage' && hasPage('login')) return <Page name="login" />;
  if (type === 'registerPage' && hasPage('register') && !settings.registration.disable) {
    return <Page name="register" />;
  }
  if (type === 'customPage' && hasPage('customPage')) return <Page name="customPage" />;
  return <Landing />;
}

const guest = (node: ReactNode) => <GuestOnly>{node}</GuestOnly>;
const auth = (node: ReactNode) => <RequireAuth>{node}</RequireAuth>;
const billing = (node: ReactNode) => <BillingEnabled>{node}</BillingEnabled>;

/**
 * The route table of SPEC §2. Each entry is the path, its guards and a page by name; the page
 * itself is registered in pages.tsx. Nested areas (`/billing/*`, `/backstage/*`, `/admin/*`,
 * the player `/*`) render their own <Routes> with their own 404.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/login', element: guest(<Page name="login" />) },
      {
        path: '/register',
        element: <RegistrationEnabled>{guest(<Page name="register" />)}</RegistrationEnabled>,
      },
      { path: '/workspace/join/login', element: guest(<Page name="login" />) },
      {
        path: '/workspace/join/register',
        element: <RegistrationEnabled>{guest(<Page name="register" />)}</RegistrationEnabled>,
      },
      { path: '/forgot-password', element: guest(<Page name="forgotPassword" />) },
      { path: '/password/reset/:token', element: <Page name="resetPassword" /> },
      { path: '/account-settings', element: auth(<Page name="accountSettings" />) },
      { path: '/pricing', element: billing(<Page name="pricing" />) },
      { path: '/checkout/:productId/:priceId', element: billing(auth(<Page name="checkout" />)) },
      {
        path: '/change-plan/:productId/:priceId/confirm',
        element: billing(auth(<Page name="changePlan" />)),
      },
      { path: '/billing/*', element: billing(auth(<Page name="billing" />)) },
      {
        path: '/notifications',
        element: (
          <NotificationsEnabled>
            <Page name="notifications" />
          </NotificationsEnabled>
        ),
      },
      {
        path: '/notifications/settings',
        element: (
          <NotificationsEnabled>
            <NotificationSubscriptionsEnabled>
              <Page name="notificationSettings" />
            </NotificationSubscriptionsEnabled>
          </NotificationsEnabled>
        ),
      },
      {
        path: '/api-docs',
        element: (
          <ApiEnabled>
            <Page name="apiDocs" />
          </ApiEnabled>
        ),
      },
      { path: '/contact', element: <Page name="contact" /> },
      { path: '/pages/:pageSlug', element: <Page name="customPage" /> },
      { path: '/pages/:pageId/:pageSlug', element: <Page name="customPage" /> },
      { path: '/radio/:slug', element: <Page name="radio" /> },
      { path: '/user/:id/:slug', element: <PlayerAreaPage name="userProfile" /> },
      { path: '/pastor/:artistId/:slug', element: <PlayerAreaPage name="artist" /> },
      { path: '/backstage/*', element: auth(<Page name="backstage" />) },
      {
        path: '/admin/*',
        element: (
          <RequirePermission permission={PERMISSIONS.adminAccess}>
            <Page name="admin" />
          </RequirePermission>
        ),
      },
      // Player area last: everything else, including unknown paths (its own routes end in a 404).
      // `/` is served here too: when the home screen is the player area, the player's descendant
      // <Routes> need a parent path ending in `*` (a `/` route would have them rendered under a
      // path that stops matching as soon as one navigates deeper).
      { path: '*', element: <HomeOrPlayerArea /> },
    ],
  },
];

/** `/` itself is the home screen; every other path the catch-all matches is the player area's. */
function HomeOrPlayerArea() {
  return useParams()['*'] ? <PlayerArea /> : <HomeRoute />;
}

/** Profile and artist pages belong to the catalogue, so they share the player area's permission. */
function PlayerAreaPage({ name }: { name: 'userProfile' | 'artist' }) {
  return (
    <RequirePermission permission={PERMISSIONS.musicView}>
      <Page name={name} />
    </RequirePermission>
  );
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
