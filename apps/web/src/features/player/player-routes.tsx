import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type LazyPage = LazyExoticComponent<ComponentType>;

/** A page of the player area: its path inside `/*` and its lazily loaded module (one chunk each). */
export interface PlayerRoute {
  path: string;
  page: LazyPage;
}

const channel = lazy(() => import('#src/features/catalogue/pages/channel-page'));

/**
 * Every page inside the player area (`/*`), in one list so features register their pages here
 * instead of editing the layout. Unknown paths end in the 404 page (player-area-page.tsx).
 */
export const playerRoutes: PlayerRoute[] = [
  { path: '/', page: channel },
  { path: '/discover', page: channel },
  { path: '/channel/:slug', page: channel },
  { path: '/album/:albumId/:slug?', page: lazy(() => import('#src/features/catalogue/pages/album-page')) },
  { path: '/track/:trackId/:slug?', page: lazy(() => import('#src/features/catalogue/pages/track-page')) },
  { path: '/genre/:name', page: lazy(() => import('#src/features/catalogue/pages/genre-page')) },
  // Library and search pages (their own features).
  { path: '/library', page: lazy(() => import('#src/features/library/pages/library-page')) },
  { path: '/library/songs', page: lazy(() => import('#src/features/library/pages/liked-songs-page')) },
  { path: '/library/history', page: lazy(() => import('#src/features/library/pages/history-page')) },
  {
    path: '/playlist/:playlistId/:slug?',
    page: lazy(() => import('#src/features/library/pages/playlist-page')),
  },
  { path: '/search', page: lazy(() => import('#src/features/search/pages/search-page')) },
  { path: '/search/:query', page: lazy(() => import('#src/features/search/pages/search-page')) },
  { path: '/search/:query/:tab', page: lazy(() => import('#src/features/search/pages/search-page')) },
];
