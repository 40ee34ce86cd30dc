import type { Page } from '@playwright/test';
import { ApiSession, signInWith, uniqueEmail } from '../support/accounts';
import { approvedArtist } from '../support/backstage';
import { premiumMonthly, subscribePremium } from '../support/billing';
import { expect, expectAccessible, snapshot, test } from '../support/fixtures';
import { dismissCookieNotice, useThemeMode } from '../support/theme';

/**
 * The visual sweep of the signed-in user's pages at 375 px: each page once per theme, axe and a
 * screenshot. At desktop width the functional specs check these pages as they drive them (library,
 * billing, notifications, pricing and checkout, backstage, workspaces); this sweep is what the
 * phone adds, with the data set up through the API (docs/testing.md).
 */
test.skip(
  ({ viewport }) => (viewport?.width ?? 0) > 500,
  'desktop checks these pages in the functional specs',
);
test.beforeEach(async ({ context }) => dismissCookieNotice(context));

const PASSWORD = 'user-pages-password-1';

interface Stop {
  name: string;
  path: string;
  /** What shows once the page has its content (beyond the app's own readiness). */
  ready: (page: Page) => Promise<void>;
}

const MODES = ['light', 'dark'] as const;

/** Each page in the theme given: axe over it, and a screenshot for people. */
async function sweep(page: Page, mode: (typeof MODES)[number], stops: Stop[]) {
  for (const [i, stop] of stops.entries()) {
    await page.goto(stop.path);
    if (i === 0) await useThemeMode(page, mode);
    await stop.ready(page);
    await expectAccessible(page);
    await snapshot(page, `user-${stop.name}-${mode}`);
  }
}

/** The track rows of the page's table (the phone's table has no header row). */
const trackRows = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('grid')
    .getByRole('button', { name: /^More options for / });

const heading = (name: string | RegExp) => async (page: Page) =>
  expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

for (const mode of MODES) {
  test(
    `a listener (${mode}): library, liked songs, history, a playlist, the profile, notifications, pricing and checkout`,
    {
      tag: '@visual',
    },
    async ({ page }, info) => {
      const api = await ApiSession.open();
      await api.register(uniqueEmail('sweep-listener', info.project.name), PASSWORD);
      const { user } = await api.getOk<{ user: { id: number } }>('/api/v1/users/me');
      // A liked track and a playlist holding it, so the pages show rows rather than empty states.
      const { channel } = await api.getOk<{
        channel: { content: { items: { content?: { type: string; items: { id: number }[] } }[] } };
      }>('/api/v1/channels/discover');
      const liked = channel.content.items.find((row) => row.content?.type === 'track')?.content?.items[0];
      expect(liked, 'the demo home channel has a row of tracks').toBeTruthy();
      await api.putOk(`/api/v1/me/likes/track/${liked!.id}`);
      const { playlist } = await api.postOk<{ playlist: { id: number } }>('/api/v1/playlists', {
        name: 'Sweep mix',
        public: true,
      });
      await api.postOk(`/api/v1/playlists/${playlist.id}/tracks`, { track_ids: [liked!.id] });
      const { premium, price } = await premiumMonthly(api);
      await signInWith(page, api);

      await sweep(page, mode, [
        { name: 'library', path: '/library', ready: heading('Your library') },
        {
          name: 'liked-songs',
          path: '/library/songs',
          ready: async (p) => expect(trackRows(p).first()).toBeVisible(),
        },
        { name: 'history', path: '/library/history', ready: heading(/history/i) },
        {
          name: 'playlist',
          path: `/playlist/${playlist.id}/sweep-mix`,
          ready: async (p) => {
            await expect(p.getByRole('heading', { level: 1, name: 'Sweep mix' })).toBeVisible();
            await expect(trackRows(p).first()).toBeVisible();
          },
        },
        {
          name: 'profile',
          path: `/user/${user.id}/profile`,
          ready: async (p) => expect(p.getByRole('main').getByText('Sweep mix')).toBeVisible(),
        },
        { name: 'notifications', path: '/notifications', ready: heading('Notifications') },
        { name: 'notification-settings', path: '/notifications/settings', ready: heading(/Notification/) },
        {
          name: 'pricing',
          path: '/pricing',
          ready: async (p) => expect(p.getByText('Premium').first()).toBeVisible(),
        },
        {
          name: 'checkout',
          path: `/checkout/${premium.id}/${price.id}`,
          ready: async (p) =>
            expect(p.getByRole('button', { name: /^(Pay|Continue|Subscribe)/ }).first()).toBeVisible(),
        },
        { name: 'backstage-requests', path: '/backstage/requests', ready: heading('Requests') },
      ]);
      await api.dispose();
    },
  );
}

for (const mode of MODES) {
  test(`a subscriber and artist (${mode}): billing, the backstage and the workspaces`, {
    tag: '@visual',
  }, async ({ page }) => {
    const { user } = await approvedArtist('sweep-artist');
    await subscribePremium(user);
    await signInWith(page, user);

    await sweep(page, mode, [
      {
        name: 'billing',
        path: '/billing',
        ready: async (p) =>
          expect(p.getByRole('region', { name: 'Premium' }).getByText('Active')).toBeVisible(),
      },
      { name: 'backstage', path: '/backstage', ready: heading(/./) },
      { name: 'backstage-workspace', path: '/backstage/workspace', ready: heading(/./) },
    ]);
    await user.dispose();
  });
}
