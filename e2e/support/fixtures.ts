import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page, type Response } from '@playwright/test';
import type { BootstrapData } from '@zema/contracts';

/** Rewrites the bootstrap data the server inlines into the page (e.g. to turn a setting on). */
export async function withBootstrap(page: Page, edit: (data: BootstrapData) => void) {
  await page.route(
    (url) => !url.pathname.startsWith('/api/') && !url.pathname.includes('.'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const res = await route.fetch();
      const html = await res.text();
      const next = html.replace(/window\.bootstrapData = (.*?);<\/script>/s, (_m, json: string) => {
        const data = JSON.parse(json) as BootstrapData;
        edit(data);
        return `window.bootstrapData = ${JSON.stringify(data).replace(/</g, '\\u003c')};</script>`;
      });
      await route.fulfill({ response: res, body: next });
    },
  );
}

/** What an axe check looks at: the whole page, or a part of it (a dialog) without the page rules. */
export interface AxeScope {
  include?: string;
  exclude?: string[];
  disableRules?: string[];
}

/**
 * axe-core, set up the way every check here runs it:
 * - React Aria's announcer is left out: its live region holds a transient `role="img"` child whose
 *   label exists only for the moment of an announcement (and points at nothing once the button it
 *   named is gone). Waiting for it to clear cost up to 7 s before each check.
 * - Legacy mode runs axe in the page itself. The default opens a blank page in the context to merge
 *   the results of every frame, about 1.5 s a check; the app has no frame of another origin to test
 *   (the mail log's message frame runs no script, and its checks leave it out).
 * - Only violations carry their nodes: passes and incomplete results are what nothing reads, and
 *   copying every node of them out of the page cost about a second more on a full page.
 * Measured on /discover, 1 000 elements: 3.1 s a check before, 0.7 s after, the same violations.
 */
export function axe(page: Page, scope: AxeScope = {}) {
  let builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .exclude('[data-live-announcer]');
  if (scope.include) builder = builder.include(scope.include);
  for (const selector of scope.exclude ?? []) builder = builder.exclude(selector);
  if (scope.disableRules) builder = builder.disableRules(scope.disableRules);
  return builder;
}

/** axe-core over the page (or the scope given); fails with the list of violations and where. */
export async function expectAccessible(page: Page, scope: AxeScope = {}) {
  const result = await axe(page, scope).analyze();
  const summary = result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.length} × ${v.help}`);
  // Which elements, so a failure can be fixed without re-running under a debugger.
  const where = result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
  expect(summary, where.join('\n')).toEqual([]);
}

/** axe over the open dialog: the page-level rules (one main landmark, a level-one heading) do not apply. */
export async function expectDialogAccessible(page: Page, extra: Omit<AxeScope, 'include'> = {}) {
  await expectAccessible(page, {
    include: '[role="dialog"], [role="alertdialog"]',
    ...extra,
    disableRules: ['landmark-one-main', 'page-has-heading-one', 'region', ...(extra.disableRules ?? [])],
  });
}

/**
 * Whether screenshots for people are taken: yes locally, and in CI only when E2E_SCREENSHOTS=on
 * (nobody looks at them there, and a full-page PNG costs about half a second of a busy core).
 */
export const screenshotsWanted =
  process.env.E2E_SCREENSHOTS === 'on' || (process.env.E2E_SCREENSHOTS !== 'off' && !process.env.CI);

/** Saves a screenshot for people to look at (not an assertion) in e2e/.artifacts/screens. */
export async function snapshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (!screenshotsWanted) return;
  const project = base.info().project.name;
  await page.screenshot({
    path: `e2e/.artifacts/screens/${name}-${project}.png`,
    fullPage: options.fullPage ?? true,
  });
}

/**
 * The app marks `<html data-app-ready>` once the route's lazy chunk has loaded and no query is in
 * flight (apps/web/src/app/page-ready-signal.tsx). Waiting for it is waiting for readiness, however
 * long a loaded machine takes.
 */
export async function waitForAppReady(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
}

/** A navigation that landed on one of the app's own pages (not JSON, a file, or another site). */
function isAppPage(page: Page, response: Response | null) {
  if (!response) return false;
  const own =
    new URL(response.url()).origin === new URL(base.info().project.use.baseURL ?? page.url()).origin;
  return own && (response.headers()['content-type'] ?? '').includes('text/html');
}

/**
 * Makes `page.goto` and `page.reload` return once the app's page is ready, not merely loaded: the
 * fixtures' page has it, and a spec's own page (a second person's context) calls it.
 */
export function navigateWhenReady(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (isAppPage(page, response)) await waitForAppReady(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (isAppPage(page, response)) await waitForAppReady(page);
    return response;
  };
  return page;
}

export const test = base.extend({
  page: async ({ page }, use) => {
    await use(navigateWhenReady(page));
  },
});
export { expect };
