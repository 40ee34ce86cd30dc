import { SITE_ROUTES, type SiteRouteName } from '@zema/contracts';

/**
 * robots.txt: crawl everything public, nothing that is one person's or the operator's own, and
 * find the rest through the sitemap. The app's own areas are named by their routes, so a moved
 * page moves here too.
 */

/** Pages that belong to a signed-in person (or the operator), and internal search results. */
const PRIVATE_PAGES: readonly SiteRouteName[] = [
  'admin',
  'backstage',
  'accountSettings',
  'billing',
  'checkout',
  'changePlan',
  'notifications',
  'library',
  'resetPassword',
  'workspaceJoinLogin',
  'workspaceJoinRegister',
  'search',
];

/**
 * Paths that are no page at all: the API's private parts, audio and downloads, sign-in callbacks.
 * The public reads of the API stay open: a crawler that runs the app's script renders a page
 * from them, and blocking them would leave it an empty page.
 */
const NOT_PAGES = [
  '/api/v1/admin',
  '/api/v1/me',
  '/api/v1/tracks/*/stream',
  '/api/v1/*/download',
  '/auth/',
  '/secure/',
];

/** A route pattern's fixed start: `/checkout/:productId/:priceId` → `/checkout/`. */
function prefixOf(pattern: string): string {
  const at = pattern.indexOf('/:');
  return at === -1 ? pattern : pattern.slice(0, at + 1);
}

export function buildRobotsTxt(base: string): string {
  const disallowed = [...NOT_PAGES, ...new Set(PRIVATE_PAGES.map((name) => prefixOf(SITE_ROUTES[name])))];
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${base.replace(/\/+$/, '')}/sitemap.xml`,
    '',
  ].join('\n');
}
