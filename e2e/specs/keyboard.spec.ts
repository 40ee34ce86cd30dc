import type { BrowserContext, Page, Route } from '@playwright/test';
import { ApiSession, uniqueEmail } from '../support/accounts';
import { expect, expectAccessible, screenshotsWanted, snapshot, test } from '../support/fixtures';
import { waitForCatalogue } from '../support/player';
import { dismissCookieNotice, useThemeMode } from '../support/theme';

/** What the focused element shows (WCAG 2.4.7), measured once its transitions have finished. */
interface FocusStop {
  /** tag, role and name, to tell the stops apart in a failure message. */
  label: string;
  isBody: boolean;
  /** Inside the player region. */
  inPlayer: boolean;
  /** An outline that is drawn (style not none, width > 0) or a box-shadow ring. */
  visible: boolean;
  /** Contrast of the outline against the background behind it; null when it is an image. */
  contrast: number | null;
}

/**
 * The focused element's indicator. React Aria draws the ring on the visible part of a control
 * whose focused element is a visually hidden input (checkbox label, slider thumb): the nearest
 * element marked data-focus-visible. A hidden element with no such part shows nothing.
 */
async function focusStop(page: Page): Promise<FocusStop> {
  await page.evaluate(async () => {
    const el = document.activeElement;
    // The ring fades in with the control's colour transition: measure where it ends.
    await Promise.all((el?.getAnimations({ subtree: false }) ?? []).map((a) => a.finished.catch(() => {})));
  });
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) {
      return { label: 'body', isBody: true, inPlayer: false, visible: false, contrast: null };
    }
    // Visually hidden: a box of a pixel or so, or clipped away by itself or a close ancestor.
    const clipped = (node: Element) => {
      const s = getComputedStyle(node);
      return s.clipPath === 'inset(50%)' || s.clip === 'rect(0px, 0px, 0px, 0px)';
    };
    const own = active.getBoundingClientRect();
    let hidden = own.width <= 2 || own.height <= 2;
    for (
      let node: Element | null = active, depth = 0;
      node && depth < 3;
      node = node.parentElement, depth++
    ) {
      if (clipped(node)) hidden = true;
    }
    const el = hidden ? active.parentElement?.closest<HTMLElement>('[data-focus-visible]') : active;
    const name = ((el ?? active).getAttribute('aria-label') ?? (el ?? active).textContent ?? '')
      .trim()
      .slice(0, 40);
    const tag = (el ?? active).tagName.toLowerCase();
    const role = (el ?? active).getAttribute('role');
    const label = `${tag}${role ? `[${role}]` : ''} "${name}"`;
    const inPlayer = Boolean(active.closest('#player'));
    if (!el) return { label, isBody: false, inPlayer, visible: false, contrast: null };

    const style = getComputedStyle(el);
    const outlineWidth = Number.parseFloat(style.outlineWidth);
    const outline = style.outlineStyle !== 'none' && outlineWidth > 0;
    const ring = style.boxShadow !== 'none' && !/^(rgba\(0, 0, 0, 0\)[^,]*(,\s*)?)+$/.test(style.boxShadow);
    const visible = (outline || ring) && style.visibility !== 'hidden' && Number(style.opacity) > 0;

    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const lin = (v: number) => {
        const x = v / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    // What the ring is drawn on: the nearest opaque box that holds all of it (an inset ring lies
    // on the control itself, an outside one on what is around the control).
    const offset = Number.parseFloat(style.outlineOffset);
    const grow = Math.max(0, offset + outlineWidth);
    const r = el.getBoundingClientRect();
    const ringBox = {
      left: r.left - grow,
      top: r.top - grow,
      right: r.right + grow,
      bottom: r.bottom + grow,
    };
    let behind: string | null = null;
    for (let node: Element | null = offset < 0 ? el : el.parentElement; node; node = node.parentElement) {
      const s = getComputedStyle(node);
      const b = node.getBoundingClientRect();
      const holds =
        b.left <= ringBox.left + 1 &&
        b.top <= ringBox.top + 1 &&
        b.right >= ringBox.right - 1 &&
        b.bottom >= ringBox.bottom - 1;
      if (!holds) continue;
      if (s.backgroundImage !== 'none') break; // drawn on a picture: not measurable here
      const [, , , alpha = 1] = rgb(s.backgroundColor);
      if (alpha >= 0.5) {
        behind = s.backgroundColor;
        break;
      }
    }
    let contrast: number | null = null;
    if (behind && outline) {
      const [a, b] = [luminance(rgb(style.outlineColor)), luminance(rgb(behind))].sort((x, y) => y - x);
      contrast = (a + 0.05) / (b + 0.05);
    }
    return { label, isBody: false, inPlayer, visible, contrast };
  });
}

/**
 * Tabs from the top of the page until focus leaves it, asserting a visible indicator with at
 * least 3:1 contrast (WCAG 1.4.11) at every stop. Returns the stops, in order.
 */
async function tabThroughPage(page: Page, max = 400): Promise<FocusStop[]> {
  const stops: FocusStop[] = [];
  const failures: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    let stop = await focusStop(page);
    if (stop.isBody) break;
    if (!stop.visible) {
      // A control that mounts in place of the focused one (the navbar search) marks its focus on
      // the next render: wait for the ring rather than judge the frame in between.
      await expect
        .poll(async () => {
          stop = await focusStop(page);
          return stop.visible;
        })
        .toBe(true)
        .catch(() => {});
    }
    stops.push(stop);
    if (!stop.visible) failures.push(`${i + 1}. ${stop.label}: no visible focus indicator`);
    else if (stop.contrast !== null && stop.contrast < 3)
      failures.push(`${i + 1}. ${stop.label}: focus ring contrast ${stop.contrast.toFixed(2)}:1`);
  }
  expect(failures, `focus stops:\n${stops.map((s) => s.label).join('\n')}`).toEqual([]);
  expect(stops.length).toBeGreaterThan(3);
  return stops;
}

/** Plays the first track of /discover with the mouse, so the player has something loaded. */
async function playFirstTrack(page: Page) {
  await page.goto('/discover');
  const play = page.getByRole('button', { name: /^Play / }).first();
  await play.click();
  await expect(playerToggle(page)).toHaveAccessibleName('Pause');
}

/** The player's Play/Pause button. */
function playerToggle(page: Page) {
  return page.getByRole('region', { name: 'Player' }).getByRole('button', { name: /^(Play|Pause)$/ });
}

const PASSWORD = 'correct-horse-battery';

/** A new account (registered and email-verified through the API) signed in inside `context`. */
async function signedInUser(context: BrowserContext, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix, test.info().project.name);
  const api = await ApiSession.open();
  await api.register(email, PASSWORD);
  const { cookies } = await api.context.storageState();
  await api.dispose();
  await context.addCookies(cookies);
  return email;
}

/** Holds one lazy chunk back until `release` is called, to play out a slow network. */
async function holdChunk(page: Page, pattern: RegExp) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route: Route) => {
    await gate;
    await route.continue();
  });
  return release;
}

const NAVBAR_SEARCH_CHUNK = /\/assets\/navbar-search-[\w-]+\.js$/;

test.describe('keyboard focus is visible', () => {
  // A walk over every control of a long page, in two themes: more than the default 30 s on 2 cores.
  test.describe.configure({ timeout: 120_000 });
  test.beforeEach(async ({ context, page }) => {
    await dismissCookieNotice(context);
    await waitForCatalogue(page);
  });

  for (const mode of ['light', 'dark'] as const) {
    test(`every Tab stop of the player area shows a ring (${mode})`, { tag: '@mobile' }, async ({ page }) => {
      await playFirstTrack(page);
      if (mode === 'dark') await useThemeMode(page, 'dark');
      await page.goto('/discover');
      await expect(page.getByRole('region', { name: 'Player' })).toBeVisible();
      const stops = await tabThroughPage(page);
      // The walk went all the way: through the player's own controls.
      expect(stops.filter((s) => s.inPlayer).length).toBeGreaterThan(1);
    });
  }

  test('every Tab stop of the landing page shows a ring', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await tabThroughPage(page);
  });

  test('every Tab stop of the login page shows a ring', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const stops = await tabThroughPage(page);
    // The checkbox's ring is on its label (its input is hidden).
    expect(stops.map((s) => s.label)).toContainEqual(expect.stringMatching(/^label "Stay signed in/));
  });

  test('screenshots of the focused states', async ({ page }) => {
    await playFirstTrack(page);
    for (const mode of ['light', 'dark'] as const) {
      await useThemeMode(page, mode);
      await expect(page.getByRole('button', { name: /^Play .+/ }).first()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Player' })).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
      if (screenshotsWanted)
        await page.screenshot({
          path: `e2e/.artifacts/screens/focus-skip-link-${mode}-${test.info().project.name}.png`,
        });
      await playerToggle(page).focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await expect(playerToggle(page)).toBeFocused();
      if (screenshotsWanted)
        await page.screenshot({
          path: `e2e/.artifacts/screens/focus-player-${mode}-${test.info().project.name}.png`,
        });
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.getByLabel('Email', { exact: true }).focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await snapshot(page, `focus-login-${mode}`);
      await page.goto('/discover');
    }
  });
});

test.describe('keyboard paths', () => {
  test.beforeEach(async ({ context, page }) => {
    await dismissCookieNotice(context);
    await waitForCatalogue(page);
  });

  test('Skip to content and Skip to player are the first Tab stops and reach their targets', {
    tag: '@mobile',
  }, async ({ page }) => {
    await playFirstTrack(page);
    await page.reload();
    const player = page.getByRole('region', { name: 'Player' });
    await expect(player).toBeVisible();

    await page.keyboard.press('Tab');
    const toContent = page.getByRole('link', { name: 'Skip to content' });
    await expect(toContent).toBeFocused();
    await expect(toContent).toBeInViewport();
    await page.keyboard.press('Tab');
    const toPlayer = page.getByRole('link', { name: 'Skip to player' });
    await expect(toPlayer).toBeFocused();
    await expect(toPlayer).toBeInViewport();
    await expectAccessible(page);

    // Four key presses from the top of the page to the player's first control.
    await page.keyboard.press('Enter');
    await expect(player).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await player.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    expect((await focusStop(page)).visible).toBe(true);

    await page.goto('/discover');
    await expect(page.getByRole('button', { name: /^Play .+/ }).first()).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await page.getByRole('main').evaluate((el) => el.contains(document.activeElement))).toBe(true);
  });

  test('no Skip to player while no player is on screen', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await expect(page.getByRole('link', { name: 'Skip to player' })).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });

  test('the navbar search keeps focus and typed text while its combo box loads', async ({ page }) => {
    const release = await holdChunk(page, NAVBAR_SEARCH_CHUNK);
    await page.goto('/discover');
    const standIn = page.getByRole('searchbox', { name: 'Search' });
    const requested = page.waitForRequest(NAVBAR_SEARCH_CHUNK);
    await standIn.focus();
    await requested;
    // The chunk is on its way: the field keeps focus and takes what is typed.
    await page.keyboard.type('air');
    await expect(standIn).toBeFocused();
    await expect(standIn).toHaveValue('air');
    release();
    const box = page.getByRole('combobox', { name: 'Search' });
    await expect(box).toBeFocused();
    await expect(box).toHaveValue('air');
    await page.keyboard.type('port');
    await expect(box).toHaveValue('airport');
  });

  test('a combo box that arrives after the user tabbed on does not take focus back', async ({ page }) => {
    const release = await holdChunk(page, NAVBAR_SEARCH_CHUNK);
    await page.goto('/discover');
    const requested = page.waitForRequest(NAVBAR_SEARCH_CHUNK);
    await page.getByRole('searchbox', { name: 'Search' }).focus();
    await requested;
    await page.keyboard.press('Tab');
    const next = page.getByRole('link', { name: 'Login' });
    await expect(next).toBeFocused();
    release();
    await expect(page.getByRole('combobox', { name: 'Search' })).toBeVisible();
    await expect(next).toBeFocused();
  });

  test('Account settings from the user menu', async ({ page, context }) => {
    await signedInUser(context, 'menu-settings');
    await page.goto('/discover');
    // By keyboard: Enter opens the menu on its first item, the next one is Account settings.
    await page.getByRole('button', { name: 'Account menu' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Profile page' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const item = page.getByRole('menuitem', { name: 'Account settings' });
    await expect(item).toBeFocused();
    expect((await focusStop(page)).visible).toBe(true);
    if (screenshotsWanted)
      await page.screenshot({ path: `e2e/.artifacts/screens/user-menu-${test.info().project.name}.png` });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/account-settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  });
});
