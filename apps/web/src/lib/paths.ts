import { type SearchType, slugify } from '@zema/contracts';

/**
 * Every page address of the web app (SPEC §2), built in one place. Links, redirects and the route
 * table (`app/router.tsx`, through `routePatterns`) spell a path only here. The slug after an id
 * is for people; the routes read the id.
 */

/**
 * The artist page's first segment. SPEC §2 names it: `/pastor/{artistId}/{artist-name-slug}`.
 * Spelled here only.
 */
const ARTIST = '/pastor';

interface Named {
  id: number;
  name: string;
}

export const SEARCH_TABS = ['all', 'artists', 'albums', 'tracks', 'playlists', 'users'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];

export const paths = {
  home: () => '/',
  discover: () => '/discover',
  channel: (c: { slug: string }) => `/channel/${c.slug}`,
  artist: (a: Named) => `${ARTIST}/${a.id}/${slugify(a.name)}`,
  album: (a: Named) => `/album/${a.id}/${slugify(a.name)}`,
  track: (t: Named) => `/track/${t.id}/${slugify(t.name)}`,
  genre: (g: { name: string }) => `/genre/${encodeURIComponent(g.name)}`,
  playlist: (p: Named) => `/playlist/${p.id}/${slugify(p.name)}`,
  user: (u: { id: number; display_name: string }) => `/user/${u.id}/${slugify(u.display_name)}`,
  library: () => '/library',
  likedSongs: () => '/library/songs',
  history: () => '/library/history',
  /** `/search`, `/search/{query}` or `/search/{query}/{tab}` (no tab segment for "all"). */
  search: (query = '', tab?: SearchTab) => {
    const q = encodeURIComponent(query.trim());
    if (!q) return '/search';
    return tab && tab !== 'all' ? `/search/${q}/${tab}` : `/search/${q}`;
  },
  /** `/login`, with `?redirect=` when given (a same-site path to come back to). */
  login: (redirect?: string) => (redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'),
  register: () => '/register',
  /** `/forgot-password`, with the email prefilled (and locked) when given. */
  forgotPassword: (email?: string) =>
    email ? `/forgot-password?${new URLSearchParams({ email })}` : '/forgot-password',
  /** `/account-settings`, scrolled to a panel (SPEC §2 anchors) when given. */
  accountSettings: (panel?: string) => (panel ? `/account-settings#${panel}` : '/account-settings'),
  pricing: () => '/pricing',
  checkout: (c: { productId: string | number; priceId: string | number }) =>
    `/checkout/${encodeURIComponent(c.productId)}/${encodeURIComponent(c.priceId)}`,
  billing: () => '/billing',
  /** A plan button's target for a subscribed user (SPEC §4). */
  changePlan: (c: { productId: string | number; priceId: string | number }) =>
    `/change-plan/${encodeURIComponent(c.productId)}/${encodeURIComponent(c.priceId)}/confirm`,
  /** The sandbox gateway's test-mode checkout (the URL the server's sandbox answers). */
  sandboxCheckout: (txRef: string) => `/checkout/sandbox/${encodeURIComponent(txRef)}`,
  /** Where every gateway sends the buyer back; the page verifies the payment with the server. */
  billingReturn: (txRef: string) => `/billing/return?tx_ref=${encodeURIComponent(txRef)}`,
  contact: () => '/contact',
  billingInvoice: (number: number) => `/billing/invoices/${number}`,
  notifications: () => '/notifications',
  notificationSettings: () => '/notifications/settings',
  apiDocs: () => '/api-docs',
  admin: () => '/admin',
  adminUsers: () => '/admin/users',
  adminUser: (u: { id: number }) => `/admin/users/${u.id}`,
  adminRoles: () => '/admin/roles',
  adminRole: (r: { id: number }) => `/admin/roles/${r.id}`,
  adminBillingPlans: () => '/admin/billing/plans',
  adminBillingPlan: (p: { id: number }) => `/admin/billing/plans/${p.id}`,
  adminAuditLog: () => '/admin/audit-log',
  adminErrorLog: () => '/admin/error-log',
  adminMailLog: () => '/admin/mail-log',
  adminHealth: () => '/admin/health',
  adminSettings: (group?: string) => (group ? `/admin/settings/${group}` : '/admin/settings'),
  adminArtists: () => '/admin/artists',
  adminAlbums: () => '/admin/albums',
  adminTracks: () => '/admin/tracks',
  adminGenres: () => '/admin/genres',
  adminChannels: () => '/admin/channels',
  adminChannel: (c: { id: number } | 'new') => `/admin/channels/${c === 'new' ? 'new' : c.id}`,
  adminBackstageRequests: () => '/admin/backstage-requests',
  backstage: () => '/backstage',
  backstageRequests: () => '/backstage/requests',
  backstageArtist: (a: { id: number }) => `/backstage/artists/${a.id}`,
  backstageTracks: (artistId?: number) =>
    artistId ? `/backstage/tracks?artist=${artistId}` : '/backstage/tracks',
  backstageAlbums: (artistId?: number) =>
    artistId ? `/backstage/albums?artist=${artistId}` : '/backstage/albums',
  backstageUpload: () => '/backstage/upload',
  backstageRelease: (r: { id: number }) => `/backstage/releases/${r.id}`,
  backstageInsights: () => '/backstage/insights',
  /** The active workspace's settings: name, members, invitations, shared artists. */
  backstageWorkspace: () => '/backstage/workspace',
  /** A workspace invitation's join pages (`?invite=`; the email prefilled on register). */
  workspaceJoinLogin: (inviteId: string) =>
    `/workspace/join/login?${new URLSearchParams({ invite: inviteId })}`,
  workspaceJoinRegister: (inviteId: string) =>
    `/workspace/join/register?${new URLSearchParams({ invite: inviteId })}`,
} as const;

/** The page of one search result, by its type. */
export function searchResultPath(
  type: SearchType,
  item: { id: number; name?: string; display_name?: string },
): string {
  const name = item.name ?? item.display_name ?? '';
  switch (type) {
    case 'artist':
      return paths.artist({ id: item.id, name });
    case 'album':
      return paths.album({ id: item.id, name });
    case 'track':
      return paths.track({ id: item.id, name });
    case 'playlist':
      return paths.playlist({ id: item.id, name });
    case 'user':
      return paths.user({ id: item.id, display_name: name });
  }
}

/** The same addresses as route patterns, for the route table. */
export const routePatterns = {
  discover: '/discover',
  channel: '/channel/:slug',
  artist: `${ARTIST}/:artistId/:slug`,
  album: '/album/:albumId/:slug?',
  track: '/track/:trackId/:slug?',
  genre: '/genre/:name',
  playlist: '/playlist/:playlistId/:slug?',
  user: '/user/:id/:slug',
  library: '/library',
  likedSongs: '/library/songs',
  history: '/library/history',
  search: '/search',
  searchQuery: '/search/:query',
  searchTab: '/search/:query/:tab',
  login: '/login',
  register: '/register',
  workspaceJoinLogin: '/workspace/join/login',
  workspaceJoinRegister: '/workspace/join/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/password/reset/:token',
  accountSettings: '/account-settings',
  pricing: '/pricing',
  checkout: '/checkout/:productId/:priceId',
  changePlan: '/change-plan/:productId/:priceId/confirm',
  billing: '/billing',
  billingInvoice: '/billing/invoices/:number',
  // More specific than `/checkout/:productId/:priceId`, so it wins the match.
  sandboxCheckout: '/checkout/sandbox/:txRef',
  billingReturn: '/billing/return',
  notifications: '/notifications',
  notificationSettings: '/notifications/settings',
  apiDocs: '/api-docs',
  contact: '/contact',
  customPage: '/pages/:pageSlug',
  customPageById: '/pages/:pageId/:pageSlug',
  radio: '/radio/:slug',
  backstage: '/backstage',
  backstageRequests: '/backstage/requests',
  backstageArtist: '/backstage/artists/:artistId',
  backstageTracks: '/backstage/tracks',
  backstageAlbums: '/backstage/albums',
  backstageUpload: '/backstage/upload',
  backstageRelease: '/backstage/releases/:releaseId',
  backstageInsights: '/backstage/insights',
  backstageWorkspace: '/backstage/workspace',
  admin: '/admin',
  adminUsers: 'users',
  adminUser: 'users/:userId',
  adminRoles: 'roles',
  adminNewRole: 'roles/new',
  adminRole: 'roles/:roleId',
  adminBillingPlans: 'billing/plans',
  adminBillingNewPlan: 'billing/plans/new',
  adminBillingPlan: 'billing/plans/:planId',
  adminBillingSubscriptions: 'billing/subscriptions',
  adminBillingPayments: 'billing/payments',
  adminBillingWebhooks: 'billing/webhooks',
  adminAuditLog: 'audit-log',
  adminErrorLog: 'error-log',
  adminMailLog: 'mail-log',
  adminHealth: 'health',
  adminSettings: 'settings',
  adminSettingsGroup: 'settings/:group',
  adminArtists: 'artists',
  adminArtist: 'artists/:artistId',
  adminAlbums: 'albums',
  adminAlbum: 'albums/:albumId',
  adminTracks: 'tracks',
  adminTrack: 'tracks/:trackId',
  adminGenres: 'genres',
  adminChannels: 'channels',
  adminChannel: 'channels/:channelId',
  adminBackstageRequests: 'backstage-requests',
} as const;
