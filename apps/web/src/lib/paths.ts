import { isSitePath, pagePaths, type SearchType, SITE_ROUTES } from '@zema/contracts';

/**
 * Every page address of the web app (SPEC §2), built in one place. Links, redirects and the route
 * table (`app/router.tsx`, through `routePatterns`) spell a path only here. The slug after an id
 * is for people; the routes read the id.
 */

export const SEARCH_TABS = ['all', 'artists', 'albums', 'tracks', 'playlists', 'users'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];

export const paths = {
  home: () => '/',
  discover: () => '/discover',
  // Artist, album, track, genre, playlist, user, channel, custom page, contact and embed pages.
  ...pagePaths,
  library: () => '/library',
  likedSongs: () => '/library/songs',
  history: () => '/library/history',
  /** The public stations, and one station's live page (SPEC §2 `radio/{station slug}`). */
  radioIndex: () => '/radio',
  radio: (s: { slug: string }) => `/radio/${encodeURIComponent(s.slug)}`,
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
  billingInvoice: (number: number) => `/billing/invoices/${number}`,
  notifications: () => '/notifications',
  notificationSettings: () => '/notifications/settings',
  apiDocs: () => '/api-docs',
  admin: () => '/admin',
  adminUsers: () => '/admin/users',
  adminUser: (u: { id: number }) => `/admin/users/${u.id}`,
  adminRoles: () => '/admin/roles',
  adminRole: (r: { id: number } | 'new') => `/admin/roles/${r === 'new' ? 'new' : r.id}`,
  adminBillingPlans: () => '/admin/billing/plans',
  adminBillingPlan: (p: { id: number } | 'new') => `/admin/billing/plans/${p === 'new' ? 'new' : p.id}`,
  adminBillingSubscriptions: () => '/admin/billing/subscriptions',
  adminBillingPayments: () => '/admin/billing/payments',
  adminBillingWebhooks: () => '/admin/billing/webhooks',
  adminAuditLog: () => '/admin/audit-log',
  adminErrorLog: () => '/admin/error-log',
  adminMailLog: () => '/admin/mail-log',
  adminJobs: () => '/admin/jobs',
  adminHealth: () => '/admin/health',
  adminAppearance: () => '/admin/appearance',
  adminSettings: (group?: string) => (group ? `/admin/settings/${group}` : '/admin/settings'),
  adminArtists: () => '/admin/artists',
  adminArtist: (a: { id: number } | 'new') => `/admin/artists/${a === 'new' ? 'new' : a.id}`,
  adminAlbums: () => '/admin/albums',
  adminAlbum: (a: { id: number } | 'new') => `/admin/albums/${a === 'new' ? 'new' : a.id}`,
  adminTracks: () => '/admin/tracks',
  /** A track's admin page; a new one may start on an album (`?album=`). */
  adminTrack: (t: { id: number } | 'new', on?: { album: number }) =>
    t === 'new' ? `/admin/tracks/new${on ? `?album=${on.album}` : ''}` : `/admin/tracks/${t.id}`,
  /** The genres list, filtered to a name when given. */
  adminGenres: (query?: string) =>
    query ? `/admin/genres?query=${encodeURIComponent(query)}` : '/admin/genres',
  adminCustomPages: () => '/admin/pages',
  adminCustomPage: (p: { id: number } | 'new') => `/admin/pages/${p === 'new' ? 'new' : p.id}`,
  adminContactMessages: () => '/admin/contact-messages',
  adminLocalizations: () => '/admin/localizations',
  adminLocalization: (id: number) => `/admin/localizations/${id}`,
  adminChannels: () => '/admin/channels',
  adminChannel: (c: { id: number } | 'new') => `/admin/channels/${c === 'new' ? 'new' : c.id}`,
  adminBackstageRequests: () => '/admin/backstage-requests',
  adminRadio: () => '/admin/radio',
  adminRadioStation: (s: { id: number } | 'new') => `/admin/radio/${s === 'new' ? 'new' : s.id}`,
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

/** The same addresses as route patterns, for the route table (shared with the server's 404s). */
export const routePatterns = SITE_ROUTES;

/**
 * Whether a link leads somewhere: an outside address, or a path of this app that
 * a page answers. Menus, notices and prompts hide a link to a page not built yet (the radio), so
 * no link ends on "page not found"; it shows again once the page exists.
 */
export function leadsToPage(href: string): boolean {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return true;
  const path = href.startsWith('/') ? href : `/${href}`;
  return isSitePath(path.split(/[?#]/)[0]!);
}
