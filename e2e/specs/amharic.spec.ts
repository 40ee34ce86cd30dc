import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { pagePaths } from '@zema/contracts';
import { ApiSession, uniqueEmail } from '../support/accounts';
import { expect, expectAccessible, snapshot, test } from '../support/fixtures';
import { dismissCookieNotice, useThemeMode } from '../support/theme';

// Issue 32: a reader who chose Amharic finds no English text of the interface on the pages people
// use most. A text counts as English when it reads exactly like one of the catalogue's sources
// (or like one with its `{arguments}` filled) whose Amharic line differs: names from the music
// catalogue, the site's name and numbers are not in the catalogue and pass.

const CATALOGUE = join(import.meta.dirname, '../../apps/server/src/modules/localization/catalogue');
const sources = Object.keys(JSON.parse(readFileSync(join(CATALOGUE, 'messages.json'), 'utf8')) as object);
const amharic = JSON.parse(readFileSync(join(CATALOGUE, 'am.json'), 'utf8')) as Record<string, string>;

/** The English a reader could see: a source as it reads, or a pattern of it with its arguments filled. */
const english = (() => {
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  for (const source of sources) {
    if (!/\p{L}{2}/u.test(source) || amharic[source] === source) continue;
    if (!/[{}]/.test(source)) exact.add(source);
    else if (/^(?:[^{}']|\{[A-Za-z_]\w*\})*$/.test(source)) {
      const literal = source.replace(/\{[A-Za-z_]\w*\}/g, '\u{E000}');
      // Only a pattern with words of its own: "{name}" alone or "{a} · {b}" says nothing.
      if (!/\p{L}{3}/u.test(literal)) continue;
      const escaped = literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\u{E000}/gu, '.+');
      patterns.push(new RegExp(`^${escaped}$`));
    }
  }
  return { exact, patterns };
})();

/** Every visible text and accessible label on the page, as the reader meets them. */
async function textsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = new Set<string>();
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, code, [translate="no"]')) continue;
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      if (text && (visible(parent) || parent.closest('.sr-only'))) out.add(text);
    }
    for (const el of Array.from(
      document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]'),
    )) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(name)?.replace(/\s+/g, ' ').trim();
        if (value) out.add(value);
      }
    }
    out.add(document.title.replace(/ - [^-]+$/, ''));
    return [...out];
  });
}

async function expectNoEnglish(page: Page, where: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'am');
  const found = (await textsOf(page)).filter(
    (text) => english.exact.has(text) || english.patterns.some((p) => p.test(text)),
  );
  expect(found, `English on ${where}`).toEqual([]);
}

const PASSWORD = 'correct-horse-battery';

/** A new admin whose language is Amharic (an admin of its own: its language changes nobody else's). */
async function amharicAdmin(): Promise<ApiSession> {
  const admin = await ApiSession.admin();
  const roles = await admin.getOk<{ data: { id: number; slug: string }[] }>(
    '/api/v1/admin/roles?query=admin',
  );
  const email = uniqueEmail('amharic-admin', test.info().project.name);
  await admin.postOk('/api/v1/admin/users', {
    email,
    first_name: 'ሰላም',
    last_name: 'ተስፋዬ',
    password: PASSWORD,
    email_verified: true,
    roles: [roles.data.find((r) => r.slug === 'admin')!.id],
  });
  await admin.dispose();
  const session = await ApiSession.open();
  await session.login(email, PASSWORD);
  await session.postOk('/api/v1/users/me/locale', { locale: 'am' });
  return session;
}

/** The pages of the sweep: the player's, the listener's own, billing, and the admin's dashboard. */
async function pagesToVisit(api: ApiSession): Promise<[string, string][]> {
  // An album of the demo catalogue (other specs add albums without audio, drawn dimmed).
  const albums = await api.getOk<{ data: { id: number; name: string }[] }>(
    '/api/v1/admin/albums?perPage=1&query=Bole%20Nights',
  );
  const album = albums.data.find((a) => a.name === 'Bole Nights')!;
  return [
    ['discover', '/discover'],
    ['album', pagePaths.album(album)],
    ['search', `/search?query=${encodeURIComponent(album.name.slice(0, 3))}`],
    ['library', '/library'],
    ['account settings', '/account-settings'],
    ['pricing', '/pricing'],
    ['billing', '/billing'],
    ['notifications', '/notifications'],
    ['admin dashboard', '/admin'],
  ];
}

test('an Amharic reader finds no English text on the pages they use most', async ({ page, context }) => {
  test.slow();
  await dismissCookieNotice(context);
  const api = await amharicAdmin();
  await context.addCookies((await api.context.storageState()).cookies);
  for (const [name, path] of await pagesToVisit(api)) {
    await page.goto(path);
    await expectNoEnglish(page, name);
  }
  await api.dispose();
});

test('the Amharic pages pass axe and are drawn light and dark @visual', async ({ page, context }) => {
  test.slow();
  await dismissCookieNotice(context);
  const api = await amharicAdmin();
  await context.addCookies((await api.context.storageState()).cookies);
  const pages = (await pagesToVisit(api)).filter(([name]) =>
    ['discover', 'album', 'billing', 'admin dashboard'].includes(name),
  );
  for (const mode of ['light', 'dark'] as const) {
    await page.goto('/discover');
    await useThemeMode(page, mode);
    for (const [name, path] of pages) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'am');
      await expectAccessible(page);
      await snapshot(page, `amharic-${name.replace(/ /g, '-')}-${mode}`, { fullPage: false });
    }
  }
  await api.dispose();
});
