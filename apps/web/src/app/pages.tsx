import type { ComponentType } from 'react';
import { NotFoundPage } from '#src/ui/not-found-page';

/** A page module: its default export is the page component. */
export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/**
 * Every page of the route table (SPEC §2), by name, as a loader of its module (one chunk each).
 * A page that no issue has delivered yet is `null`, and its route shows the real 404 page: there
 * are no placeholder screens. Adding a page is one line here, e.g.
 *   pricing: () => import('#src/features/billing/pages/pricing-page'),
 * and its route in router.tsx. Tests swap an entry for a stand-in page.
 */
export const pages: Record<PageName, PageLoader | null> = {
  login: () => import('#src/features/identity/pages/login-page'),
  register: () => import('#src/features/identity/pages/register-page'),
  forgotPassword: () => import('#src/features/identity/pages/forgot-password-page'),
  resetPassword: () => import('#src/features/identity/pages/reset-password-page'),
  /** The email verification screen the gate shows instead of every route (SPEC §2). */
  emailVerification: () => import('./email-verification-screen'),
  /** The account feature's page with other features' panels (composed in app/). */
  accountSettings: () => import('./account-settings-page'),
  // Paid plans: pricing, checkout, the sandbox's test-mode checkout and the return page.
  pricing: () => import('#src/features/billing/pages/pricing-page'),
  checkout: () => import('#src/features/billing/pages/checkout-page'),
  sandboxCheckout: () => import('#src/features/billing/pages/sandbox-checkout-page'),
  billingReturn: () => import('#src/features/billing/pages/payment-return-page'),
  changePlan: () => import('#src/features/billing/pages/change-plan-page'),
  billing: () => import('#src/features/billing/pages/billing-page'),
  billingInvoice: () => import('#src/features/billing/pages/invoice-page'),
  notifications: () => import('#src/features/notifications/pages/notifications-page'),
  notificationSettings: () => import('#src/features/notifications/pages/notification-settings-page'),
  apiDocs: () => import('#src/features/site/pages/api-docs-page'),
  contact: () => import('#src/features/contact/pages/contact-page'),
  customPage: () => import('#src/features/pages/pages/custom-page'),
  // The backstage for artists: requests, then the artist's own area.
  backstage: () => import('#src/features/backstage/pages/backstage-home-page'),
  backstageRequests: () => import('#src/features/backstage/pages/backstage-requests-page'),
  backstageArtist: () => import('#src/features/backstage/pages/backstage-artist-page'),
  backstageTracks: () => import('#src/features/backstage/pages/backstage-tracks-page'),
  backstageAlbums: () => import('#src/features/backstage/pages/backstage-albums-page'),
  /** The upload queue and the ingestion draft editor (the uploads feature) mount here. */
  backstageUpload: () => import('#src/features/backstage/pages/backstage-upload-page'),
  backstageRelease: () => import('#src/features/backstage/pages/backstage-release-page'),
  backstageInsights: () => import('#src/features/backstage/pages/backstage-insights-page'),
  // Workspaces (decision 0035): the active workspace's settings, and a join link opened while signed in.
  backstageWorkspace: () => import('#src/features/workspaces/pages/workspace-settings-page'),
  workspaceInvite: () => import('#src/features/workspaces/pages/workspace-invite-page'),
  // The admin area, inside the admin layout (app/admin-layout.tsx).
  adminDashboard: () => import('#src/features/system/admin/dashboard-page'),
  adminUsers: () => import('#src/features/users/admin/users-page'),
  adminUser: () => import('#src/features/users/admin/user-page'),
  adminRoles: () => import('#src/features/users/admin/roles-page'),
  adminRole: () => import('#src/features/users/admin/role-page'),
  // The billing admin (decision 0043).
  adminBillingPlans: () => import('#src/features/billing/admin/plans-page'),
  adminBillingPlan: () => import('#src/features/billing/admin/plan-page'),
  adminBillingSubscriptions: () => import('#src/features/billing/admin/subscriptions-page'),
  adminBillingPayments: () => import('#src/features/billing/admin/payments-page'),
  adminBillingWebhooks: () => import('#src/features/billing/admin/webhooks-page'),
  adminAuditLog: () => import('#src/features/system/admin/audit-log-page'),
  adminErrorLog: () => import('#src/features/system/admin/error-log-page'),
  adminMailLog: () => import('#src/features/system/admin/mail-log-page'),
  // The background job queues (issue 35): counts, failed jobs with their errors, retry.
  adminJobs: () => import('#src/features/jobs/admin/jobs-page'),
  adminHealth: () => import('#src/features/system/admin/health-page'),
  adminSettings: () => import('#src/features/settings/admin/settings-page'),
  // Full screen, outside the admin layout: the editor's code loads only here.
  adminAppearance: () => import('#src/features/appearance/admin/appearance-editor-page'),
  // The catalogue manager: the catalogue feature's admin pages.
  adminArtists: () => import('#src/features/catalogue/admin/admin-artists-page'),
  adminArtist: () => import('#src/features/catalogue/admin/admin-artist-page'),
  adminAlbums: () => import('#src/features/catalogue/admin/admin-albums-page'),
  adminAlbum: () => import('#src/features/catalogue/admin/admin-album-page'),
  adminTracks: () => import('#src/features/catalogue/admin/admin-tracks-page'),
  adminTrack: () => import('#src/features/catalogue/admin/admin-track-page'),
  adminGenres: () => import('#src/features/catalogue/admin/admin-genres-page'),
  adminCustomPages: () => import('#src/features/pages/admin/admin-pages-page'),
  adminCustomPage: () => import('#src/features/pages/admin/admin-page-editor'),
  adminContactMessages: () => import('#src/features/contact/admin/admin-contact-messages-page'),
  adminLocalizations: () => import('#src/features/localization/admin/localizations-page'),
  adminLocalization: () => import('#src/features/localization/admin/localization-lines-page'),
  adminChannels: () => import('#src/features/catalogue/admin/admin-channels-page'),
  adminChannel: () => import('#src/features/catalogue/admin/admin-channel-page'),
  adminBackstageRequests: () => import('#src/features/backstage/admin/admin-backstage-requests-page'),
  // The radio's stations (issue 33): their list and order, and one station's editor.
  adminRadio: () => import('#src/features/radio/admin/admin-radio-page'),
  adminRadioStation: () => import('#src/features/radio/admin/admin-station-page'),
  // The player area's pages (SPEC §2 `/*`), inside the player layout.
  channel: () => import('#src/features/catalogue/pages/channel-page'),
  album: () => import('#src/features/catalogue/pages/album-page'),
  track: () => import('#src/features/catalogue/pages/track-page'),
  genre: () => import('#src/features/catalogue/pages/genre-page'),
  artist: () => import('#src/features/catalogue/pages/artist-page'),
  userProfile: () => import('#src/features/library/pages/user-profile-page'),
  library: () => import('#src/features/library/pages/library-page'),
  likedSongs: () => import('#src/features/library/pages/liked-songs-page'),
  history: () => import('#src/features/library/pages/history-page'),
  playlist: () => import('#src/features/library/pages/playlist-page'),
  search: () => import('#src/features/search/pages/search-page'),
  // Live radio (SPEC §2 `radio/{station slug}`), in the player area so the bar plays on.
  radioIndex: () => import('#src/features/radio/pages/radio-index-page'),
  radio: () => import('#src/features/radio/pages/station-page'),
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
  | 'sandboxCheckout'
  | 'billingReturn'
  | 'changePlan'
  | 'billing'
  | 'billingInvoice'
  | 'notifications'
  | 'notificationSettings'
  | 'apiDocs'
  | 'contact'
  | 'customPage'
  | 'radio'
  | 'radioIndex'
  | 'backstage'
  | 'backstageRequests'
  | 'backstageArtist'
  | 'backstageTracks'
  | 'backstageAlbums'
  | 'backstageUpload'
  | 'backstageRelease'
  | 'backstageInsights'
  | 'backstageWorkspace'
  | 'workspaceInvite'
  | 'adminBackstageRequests'
  | 'adminDashboard'
  | 'adminUsers'
  | 'adminUser'
  | 'adminRoles'
  | 'adminRole'
  | 'adminBillingPlans'
  | 'adminBillingPlan'
  | 'adminBillingSubscriptions'
  | 'adminBillingPayments'
  | 'adminBillingWebhooks'
  | 'adminAuditLog'
  | 'adminErrorLog'
  | 'adminMailLog'
  | 'adminJobs'
  | 'adminHealth'
  | 'adminSettings'
  | 'adminAppearance'
  | 'adminArtists'
  | 'adminArtist'
  | 'adminAlbums'
  | 'adminAlbum'
  | 'adminTracks'
  | 'adminTrack'
  | 'adminGenres'
  | 'adminCustomPages'
  | 'adminCustomPage'
  | 'adminContactMessages'
  | 'adminLocalizations'
  | 'adminLocalization'
  | 'adminChannels'
  | 'adminChannel'
  | 'adminRadio'
  | 'adminRadioStation'
  | 'channel'
  | 'album'
  | 'track'
  | 'genre'
  | 'artist'
  | 'userProfile'
  | 'library'
  | 'likedSongs'
  | 'history'
  | 'playlist'
  | 'search';

export function hasPage(name: PageName): boolean {
  return pages[name] !== null;
}

/** A page's module, or the 404 page for a page not delivered yet. Read when called, not before. */
export function loadPage(name: PageName): Promise<PageModule> {
  const load = pages[name];
  return load ? load() : Promise.resolve({ default: NotFoundPage });
}
