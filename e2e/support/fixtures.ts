import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
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

/** axe-core over the whole page; fails with the list of violations. */
export async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const summary = result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.length} × ${v.help}`);
  // Which elements, so a failure can be fixed without re-running under a debugger.
  const where = result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
  expect(summary, where.join('\n')).toEqual([]);
}

/** Saves a screenshot for people to look at (not an assertion). */
export async function snapshot(page: Page, name: string) {
  const project = base.info().project.name;
  await page.screenshot({ path: `e2e/.artifacts/screens/${name}-${project}.png`, fullPage: true });
}

export const test = base;
export { expect };
