/**
 * The web app's page addresses as route patterns (SPEC §2): the web app's route table is built on
 * them, and the server answers 404 for a path none of them matches. Patterns
 * use react-router's syntax: `:name` is one segment, `:name?` an optional one. The admin area's
 * patterns are relative to `/admin`.
 */

/**
 * The artist page's first segment. SPEC §2 names it: `/pastor/{artistId}/{artist-name-slug}`.
 * Spelled here only.
 */
export const ARTIST_PAGE_SEGMENT = '/pastor';
const ARTIST = ARTIST_PAGE_SEGMENT;

export const SITE_ROUTES = {
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
  radioIndex: '/radio',
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
  adminJobs: 'jobs',
  adminHealth: 'health',
  adminAppearance: 'appearance',
  adminCustomPages: 'pages',
  adminCustomPage: 'pages/:pageId',
  adminContactMessages: 'contact-messages',
  adminLocalizations: 'localizations',
  adminLocalization: 'localizations/:localizationId',
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
  adminRadio: 'radio',
  adminRadioStation: 'radio/:stationId',
} as const;

export type SiteRouteName = keyof typeof SITE_ROUTES;

/**
 * Pages whose issue has not landed: the web app shows its 404 page there, the server answers 404
 * and no link leads there. The issue that builds one takes it out of this list.
 */
export const PAGES_TO_COME: readonly SiteRouteName[] = [];

const ADMIN_PREFIX = `${SITE_ROUTES.admin}/`;

function compile(pattern: string): RegExp {
  const segments = pattern.split('/').filter(Boolean);
  let source = '';
  for (const segment of segments) {
    if (segment.startsWith(':')) source += segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
    else source += `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
  }
  return new RegExp(`^${source || '/'}/?$`, 'i');
}

const SITE_ROUTE_MATCHERS: RegExp[] = [
  compile('/'),
  ...(Object.entries(SITE_ROUTES) as [SiteRouteName, string][])
    .filter(([name]) => !PAGES_TO_COME.includes(name))
    .map(([name, pattern]) =>
      compile(name.startsWith('admin') && name !== 'admin' ? ADMIN_PREFIX + pattern : pattern),
    ),
];

/** Whether a page of the web app answers at `path` (decoded, without its query), by pattern only. */
export function isSitePath(path: string): boolean {
  return SITE_ROUTE_MATCHERS.some((re) => re.test(path));
}
