import { Heart, History, House, Library, ListMusic, Radio, Search } from 'lucide-react';
import { Suspense, useState } from 'react';
import { NavLink, Outlet, useNavigation } from 'react-router';
import { AdSlot } from '#src/components/ad-slot';
import { Logo } from '#src/components/chrome/logo';
import { HeaderSkeleton } from '#src/components/states';
import { useMyPlaylists } from '#src/features/library';
import { NotificationBell } from '#src/features/notifications';
import { MiniPlayer, PlayerBar, ShortcutsDialog, usePlayerLoaded } from '#src/features/player';
import { DeferredNavbarSearch } from '#src/features/search';
import { useAuth, useSettings } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { useMarksPageLoading } from '#src/lib/page-ready';
import { paths } from '#src/lib/paths';
import { useBottomInsetRef } from '#src/ui/bottom-inset';
import { LinkButton } from '#src/ui/button';
import { cx } from '#src/ui/cx';
import { MAIN_CONTENT_ID } from '#src/ui/skip-link';
import { useIsMobile } from '#src/ui/use-media-query';
import { UserMenu } from './chrome/user-menu';

const navItemClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    'flex items-center gap-3 rounded-theme px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-hover text-fg' : 'text-muted hover:bg-hover hover:text-fg',
  );

function Sidebar() {
  const { trans } = useTrans();
  const { isLoggedIn } = useAuth();
  const playlists = useMyPlaylists();
  return (
    <nav
      aria-label={trans('Player navigation')}
      className="sticky top-0 flex h-dvh w-60 shrink-0 flex-col gap-1 overflow-y-auto border-r border-divider bg-bg-alt px-3 pt-4 pb-24 max-md:hidden"
    >
      <div className="mb-4 px-2">
        <Logo />
      </div>
      <NavLink to={paths.discover()} className={navItemClass}>
        <House aria-hidden="true" className="size-5" />
        {trans('Home')}
      </NavLink>
      <NavLink to={paths.search()} className={navItemClass}>
        <Search aria-hidden="true" className="size-5" />
        {trans('Search')}
      </NavLink>
      <NavLink to={paths.radioIndex()} className={navItemClass}>
        <Radio aria-hidden="true" className="size-5" />
        {trans('Radio')}
      </NavLink>
      <NavLink to={paths.library()} end className={navItemClass}>
        <Library aria-hidden="true" className="size-5" />
        {trans('Your Library')}
      </NavLink>
      <NavLink to={paths.likedSongs()} className={navItemClass}>
        <Heart aria-hidden="true" className="size-5" />
        {trans('Liked songs')}
      </NavLink>
      <NavLink to={paths.history()} className={navItemClass}>
        <History aria-hidden="true" className="size-5" />
        {trans('History')}
      </NavLink>
      {isLoggedIn && (
        <section aria-label={trans('Playlists')} className="mt-4 border-t border-divider pt-4">
          <h2 className="px-3 pb-2 text-xs font-semibold tracking-wide text-muted uppercase">
            {trans('Playlists')}
          </h2>
          {playlists.data?.length ? (
            <ul className="flex flex-col gap-0.5">
              {playlists.data.map((p) => (
                <li key={p.id}>
                  <NavLink to={paths.playlist(p)} className={navItemClass}>
                    <ListMusic aria-hidden="true" className="size-4 shrink-0" />
                    <span className="truncate">{p.name}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          ) : (
            <p className="px-3 text-xs text-muted">{trans('Playlists you create show up here.')}</p>
          )}
        </section>
      )}
    </nav>
  );
}

function PlayerNavbar() {
  const { trans } = useTrans();
  const { isLoggedIn } = useAuth();
  const settings = useSettings();
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-divider bg-navbar/95 px-4 text-on-navbar backdrop-blur md:px-6">
      <div className="md:hidden">
        <Logo />
      </div>
      <DeferredNavbarSearch className="min-w-0 flex-1 md:max-w-md" />
      <div className="ml-auto flex shrink-0 items-center gap-2">
        {isLoggedIn ? (
          <>
            <NotificationBell />
            <UserMenu />
          </>
        ) : (
          <>
            <LinkButton href={paths.login()} variant="text" size="sm">
              {trans('Login')}
            </LinkButton>
            {!settings.registration.disable && (
              <LinkButton href={paths.register()} variant="primary" size="sm" className="max-sm:hidden">
                {trans('Register')}
              </LinkButton>
            )}
          </>
        )}
      </div>
    </header>
  );
}

const bottomItemClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    'flex flex-1 flex-col items-center gap-0.5 py-2 text-[11px] font-medium',
    isActive ? 'text-fg' : 'text-muted',
  );

function BottomNavigation() {
  const { trans } = useTrans();
  return (
    <nav aria-label={trans('Player navigation')} className="flex border-t border-divider bg-paper md:hidden">
      <NavLink to={paths.discover()} className={bottomItemClass}>
        <House aria-hidden="true" className="size-5" />
        {trans('Home')}
      </NavLink>
      <NavLink to={paths.search()} className={bottomItemClass}>
        <Search aria-hidden="true" className="size-5" />
        {trans('Search')}
      </NavLink>
      <NavLink to={paths.radioIndex()} className={bottomItemClass}>
        <Radio aria-hidden="true" className="size-5" />
        {trans('Radio')}
      </NavLink>
      <NavLink to={paths.library()} className={bottomItemClass}>
        <Library aria-hidden="true" className="size-5" />
        {trans('Your Library')}
      </NavLink>
    </nav>
  );
}

/**
 * While a page's code loads for the first time: a content-shaped placeholder inside the layout,
 * never the full-screen loading page.
 */
function ContentSkeleton() {
  const { trans } = useTrans();
  useMarksPageLoading();
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-6 pt-4">
      <span className="sr-only">{trans('Loading page...')}</span>
      <HeaderSkeleton />
      <span aria-hidden="true" className="flex flex-col gap-3">
        {[0, 1, 2, 3, 4].map((i) => (
          <span key={i} className="h-10 animate-pulse rounded bg-hover" />
        ))}
      </span>
    </div>
  );
}

/**
 * The player area's layout route: sidebar, navbar with instant search, ad slots around the
 * content and the player bar; under 768 px a bottom navigation with a mini player above it. It
 * stays mounted while its pages (the route's children) change; a page whose code is still on its
 * way shows a content skeleton, and while a navigation loads the next page the content is marked
 * busy.
 */
export default function PlayerLayout() {
  const track = usePlayerLoaded();
  const [helpOpen, setHelpOpen] = useState(false);
  const isMobile = useIsMobile();
  const bottomInset = useBottomInsetRef();
  const navigating = useNavigation().state === 'loading';
  return (
    <div className="flex min-h-dvh bg-bg text-fg">
      <Sidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <PlayerNavbar />
        <main
          id={MAIN_CONTENT_ID}
          aria-busy={navigating || undefined}
          className={cx('flex-1 px-4 pt-4 md:px-6', track ? 'pb-40 md:pb-28' : 'pb-24 md:pb-8')}
        >
          <AdSlot slot="general_top" className="mb-4" />
          <Suspense fallback={<ContentSkeleton />}>
            <Outlet />
          </Suspense>
          <AdSlot slot="general_bottom" className="mt-8" />
        </main>
      </div>
      <div ref={bottomInset} className="fixed inset-x-0 bottom-0 z-40">
        {/* One of the two, not both hidden by CSS: "Skip to player" goes to the one on screen. */}
        {isMobile ? (
          <>
            <MiniPlayer />
            <BottomNavigation />
          </>
        ) : (
          <PlayerBar onShowShortcuts={() => setHelpOpen(true)} />
        )}
      </div>
      <ShortcutsDialog isOpen={helpOpen} onOpenChange={setHelpOpen} />
    </div>
  );
}
