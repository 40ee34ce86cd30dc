import { type BrowserContext, type Page, test } from '@playwright/test';
import { ACTIVE_THEME_STORAGE_KEY, type BootstrapData, COOKIE_NOTICE_COOKIE } from '@zema/contracts';

/** Picks the default light or dark theme the way the theme toggle stores it (SPEC §4), then reloads. */
export async function useThemeMode(page: Page, mode: 'light' | 'dark') {
  await page.evaluate(
    ({ key, dark }) => {
      const data = (window as unknown as { bootstrapData?: BootstrapData }).bootstrapData;
      const theme = data?.themes.all.find((t) => (dark ? t.default_dark : t.default_light));
      if (theme) localStorage.setItem(key, String(theme.id));
    },
    { key: ACTIVE_THEME_STORAGE_KEY, dark: mode === 'dark' },
  );
  await page.reload();
}

/** Sets the cookie the notice's OK button sets (SPEC §4), so screenshots show the page itself. */
export async function dismissCookieNotice(context: BrowserContext) {
  await context.addCookies([
    { name: COOKIE_NOTICE_COOKIE, value: 'true', url: test.info().project.use.baseURL ?? '' },
  ]);
}
