import type { LandingArtistsResponse } from '@zema/contracts';
import { expect, test } from '../support/fixtures';

// The server paints the first view into #root (decision 0017) and the app replaces it once the
// first page's code has loaded. The swap must not move what the visitor is looking at, and the
// painted view must really be there before any script has run.

declare global {
  interface Window {
    __shifts: number;
    __paintedAtParse: number;
    __paintedRows: { heading: string; top: number }[];
  }
}

test.describe('the painted first view', () => {
  test('is on screen before the scripts and gives way to the app without a layout shift', {
    tag: '@mobile',
  }, async ({ page, request }) => {
    const { artists } = (await (
      await request.get('/api/v1/landing/artists')
    ).json()) as LandingArtistsResponse;
    const artist = artists[0]!;
    await page.addInitScript(() => {
      window.__shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!entry.hadRecentInput) window.__shifts += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
      document.addEventListener('DOMContentLoaded', () => {
        window.__paintedAtParse = document.getElementById('root')?.childElementCount ?? 0;
        window.__paintedRows = Array.from(document.querySelectorAll('#root main h2'), (h) => ({
          heading: h.textContent ?? '',
          top: Math.round(h.getBoundingClientRect().top),
        }));
      });
    });
    for (const path of ['/', '/discover', `/pastor/${artist.id}/artist`, '/login']) {
      await test.step(path, async () => {
        await page.goto(path);
        await page.waitForLoadState('load');
        expect(await page.evaluate(() => window.__paintedAtParse)).toBeGreaterThan(0);
        // One page on screen: the painted markup is gone, not beside the app's.
        await expect(page.locator('main')).toHaveCount(1);
        if (path.startsWith('/pastor/'))
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(artist.name);
        if (path === '/discover') {
          // The channel's first rows were painted (decision 0022) where the app then draws them.
          const painted = await page.evaluate(() => window.__paintedRows);
          expect(painted.length).toBeGreaterThan(0);
          const first = page.getByRole('heading', { level: 2, name: painted[0]!.heading });
          await expect(first).toBeVisible();
          const box = await first.boundingBox();
          expect(Math.round(box!.y)).toBe(painted[0]!.top);
          for (const row of painted)
            await expect(page.getByRole('heading', { level: 2, name: row.heading })).toBeVisible();
        }
        // Scored like Lighthouse's cumulative layout shift (good: under 0.1).
        expect(await page.evaluate(() => window.__shifts)).toBeLessThan(0.05);
      });
    }
  });
});
