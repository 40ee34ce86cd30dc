import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { LoadingPage } from '#src/ui/loading-page';
import { NotFoundPage } from '#src/ui/not-found-page';

type PageComponent = ComponentType | LazyExoticComponent<ComponentType>;

/**
 * Every page of the route table (SPEC §2), by name. A page that no issue has delivered yet is
 * `null`, and its route shows the real 404 page: there are no placeholder screens.
 *
 * Adding a page is one line here, e.g. (issue 3):
 *   login: lazy(() => import('#src/features/auth/pages/login-page')),
 * The module's default export is the page component; guards and paths stay in router.tsx.
 */
export const pages: Record<PageName, PageComponent | null> = {
  login: lazy(() => import('#src/features/auth/pages/login-page')),
  register: lazy(() => import('#src/features/auth/pages/register-page')),
  forgotPassword: lazy(() => import('#src/features/auth/pages/forgot-password-page')),
  resetPassword: lazy(() => import('#src/features/auth/pages/reset-password-page')),
  /** The email verification screen the gate shows (issue 3, accounts). */
  emailVerification: lazy(() => import('#src/features/auth/pages/email-verification-page')),
  accountSettings: lazy(() => import('#src/features/account/pages/account-settings-page')),
  pricing: null,
  checkout: null,
  changePlan: null,
  billing: null,
  notifications: null,
  notificationSettings: null,
  apiDocs: lazy(() => import('#src/features/api-docs/pages/api-docs-page')),
  contact: null,
  customPage: null,
  radio: null,
  userProfile: lazy(() => import('#src/features/profile/pages/user-profile-page')),
  artist: lazy(() => import('#src/features/catalogue/pages/artist-page')),
  backstage: null,
  admin: null,
  /**
   * The music player area (layout with its own nested routes for /discover, search, albums...).
   * When present, a logged-in user on / gets the player home instead of the landing page.
   */
  player: lazy(() => import('#src/features/player/player-area-page')),
};

export type PageName =
  | 'login'
  | 'register'
  | 'forgotPassword'
  | 'resetPassword'
  | 'emailVerification'
  | 'accountSettings'
  | 'pricing'
  | 'checkout'
  | 'changePlan'
  | 'billing'
  | 'notifications'
  | 'notificationSettings'
  | 'apiDocs'
  | 'contact'
  | 'customPage'
  | 'radio'
  | 'userProfile'
  | 'artist'
  | 'backstage'
  | 'admin'
  | 'player';

export function hasPage(name: PageName): boolean {
  return pages[name] !== null;
}

/** Renders a page by name: lazily loaded behind the loading page, or the 404 page if absent. */
export function Page({ name }: { name: PageName }) {
  const Component = pages[name];
  if (!Component) return <NotFoundPage />;
  return (
    <Suspense fallback={<LoadingPage />}>
      <Component />
    </Suspense>
  );
}
