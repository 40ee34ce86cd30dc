import { slugify } from '@zema/contracts';
import { Heart, History, House, Library, ListMusic, Search } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { NavLink } from 'react-router';
import { Logo } from '#src/app/chrome/logo';
import { UserMenu } from '#src/app/chrome/user-menu';
import { useMyPlaylists } from '#src/features/library/api/use-playlists';
import { DeferredNavbarSearch } from '#src/features/search/components/deferred-navbar-search';
import { useAuth, useSettings } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { useBottomInsetRef } from '#src/ui/bottom-inset';
import { LinkButton } from '#src/ui/button';
import { cx } from '#src/ui/cx';
import { MAIN_CONTENT_ID } from '#src/ui/skip-link';
import { useIsMobile } from '#src/ui/use-media-query';
import { ShortcutsDialog, usePlayerLayoutPresence } from '../components/global-player';
import { MiniPlayer, PlayerBar } from '../components/player-bar';
import { useCurrentTrack } from '../engine/use-player';
import { AdSlot } from './ad-slot';

/** Where the sidebar and bottom navigation point (pages of the library and search features). */
export const PLAYER_LINKS = {
  home: '/discover',
  search: '/search',
  library: '/library',
  likedSongs: '/library/songs',
  history: '/library/history',
} as const;

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
      <NavLink to={PLAYER_LINKS.home} className={navItemClass}>
        <House aria-hidden="true" className="size-5" />
        {trans('Home')}
      </NavLink>
      <NavLink to={PLAYER_LINKS.search} className={navItemClass}>
        <Search aria-hidden="true" className="size-5" />
        {trans('Search')}
      </NavLink>
      <NavLink to={PLAYER_LINKS.library} end className={navItemClass}>
        <Library aria-hidden="true" className="size-5" />
        {trans('Your Library')}
      </NavLink>
      <NavLink to={PLAYER_LINKS.likedSongs} className={navItemClass}>
        <Heart aria-hidden="true" className="size-5" />
        {trans('Liked songs')}
      </NavLink>
      <NavLink to={PLAYER_LINKS.history} className={navItemClass}>
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
                  <NavLink to={`/playlist/${p.id}/${slugify(p.name)}`} className={navItemClass}>
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
          <UserMenu />
        ) : (
          <>
            <LinkButton href="/login" variant="text" size="sm">
              {trans('Login')}
            </LinkButton>
            {!settings.registration.disable && (
              <LinkButton href="/register" variant="primary" size="sm" className="max-sm:hidden">
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
      <NavLink to={PLAYER_LINKS.home} className={bottomItemClass}>
        <House aria-hidden="true" className="size-5" />
        {trans('Home')}
      </NavLink>
      <NavLink to={PLAYER_LINKS.search} className={bottomItemClass}>
        <Search aria-hidden="true" className="size-5" />
        {trans('Search')}
      </NavLink>
      <NavLink to={PLAYER_LINKS.library} className={bottomItemClass}>
        <Library aria-hidden="true" className="size-5" />
        {trans('Your Library')}
      </NavLink>
    </nav>
  );
}

/**
 * The player area's frame: sidebar, navbar with instant search, ad slots around the content and
 * the player bar; under 768 px a bottom navigation with a mini player above it. Pages outside the
 * `/*` area (artist, user profile) wrap themselves in it so they look and play the same.
 */
export function PlayerLayout({ children }: { children: ReactNode }) {
  usePlayerLayoutPresence();
  const track = useCurrentTrack();
  const [helpOpen, setHelpOpen] = useState(false);
  const isMobile = useIsMobile();
  const bottomInset = useBottomInsetRef();
  return (
    <div className="flex min-h-dvh bg-bg text-fg">
      <Sidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <PlayerNavbar />
        <main
          id={MAIN_CONTENT_ID}
          className={cx('flex-1 px-4 pt-4 md:px-6', track ? 'pb-40 md:pb-28' : 'pb-24 md:pb-28')}
        >
          <AdSlot slot="general_top" className="mb-4" />
          {children}
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
