import { ApiSession, adminSession, signInWith } from '../support/accounts';
import { approvedArtist } from '../support/backstage';
import { expect, expectAccessible, snapshot, test } from '../support/fixtures';
import { dismissCookieNotice, useThemeMode } from '../support/theme';

/**
 * The backstage's insights as a new artist sees them: approved (through the
 * API), with two tracks the admin added to their artist and played three times by two listeners
 * through the player's API, they open Insights and read their plays, listeners and top track; an
 * artist with no plays yet sees the empty state. In light and dark, axe-checked.
 */

/** One admin login per file: the admin login limit is shared by every spec. */
let adminApi: ApiSession;
test.beforeAll(async () => {
  adminApi = await adminSession();
});
test.afterAll(async () => adminApi?.dispose());

test.beforeEach(async ({ context }) => dismissCookieNotice(context));

/** The id of the approved user's only artist. */
async function artistIdOf(user: ApiSession): Promise<number> {
  const { artists } = await user.getOk<{ artists: { id: number }[] }>('/api/v1/backstage/artists');
  return artists[0]!.id;
}

test('an artist reads the plays, listeners and top track of their music', async ({ page }, info) => {
  test.setTimeout(180_000);
  const { user } = await approvedArtist('insights');
  const artistId = await artistIdOf(user);
  const tag = `${info.project.name} ${Date.now().toString(36)}`;
  const addTrack = async (name: string) =>
    (
      await adminApi.postOk<{ track: { id: number } }>('/api/v1/tracks', {
        name,
        duration_ms: 180_000,
        artist_ids: [artistId],
      })
    ).track.id;
  const trackName = `Tizita ${tag}`;
  const tizita = await addTrack(trackName);
  const ambassel = await addTrack(`Ambassel ${tag}`);
  // The artist plays both tracks and a visitor plays the first: three plays, two listeners (a
  // listener's repeat of a track within 30 seconds would not count).
  const visitor = await ApiSession.open();
  for (const [listener, trackId, n] of [
    [user, tizita, 1],
    [user, ambassel, 2],
    [visitor, tizita, 3],
  ] as const) {
    const played = await listener.postOk<{ counted: boolean }>(`/api/v1/tracks/${trackId}/plays`, {
      listen_id: `insights-${tag.replace(' ', '-')}-${n}`,
      seconds: 60,
    });
    expect(played.counted).toBe(true);
  }
  await visitor.dispose();

  await signInWith(page, user);
  await page.goto('/backstage');
  await page.getByRole('navigation', { name: 'Backstage' }).getByRole('link', { name: 'Insights' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  await expect(page).toHaveURL(/\/backstage\/insights/);

  const figure = (name: string) =>
    page
      .locator('dl > div', { has: page.getByText(name, { exact: true }) })
      .locator('dd')
      .first();
  await expect(figure('Plays')).toHaveText('3');
  await expect(figure('Unique listeners')).toHaveText('2');
  const top = page.getByRole('table', { name: 'Top tracks, most played first' });
  await expect(top.getByRole('row')).toHaveCount(3);
  await expect(top.getByRole('row').nth(1)).toContainText(trackName);
  await expect(top.getByRole('row').nth(1).getByRole('cell').last()).toHaveText('2');
  await expect(top.getByRole('row').nth(2).getByRole('cell').last()).toHaveText('1');
  await expect(page.getByRole('region', { name: 'Countries' }).getByRole('listitem')).not.toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Devices' }).getByRole('listitem')).not.toHaveCount(0);
  // The chart, and its numbers as a table: today's day has the three plays.
  await expect(page.locator('figcaption', { hasText: 'Plays over time' })).toBeVisible();
  const chartTable = page.getByRole('table', { name: 'Plays over time' });
  await expect(chartTable.getByRole('row').last().getByRole('cell')).toHaveText('3');

  // The range picker: 12 months counts the same plays, by month.
  await page.getByRole('button', { name: /Range/ }).click();
  await page.getByRole('option', { name: 'Last 12 months' }).click();
  await expect(page).toHaveURL(/range=12m/);
  await expect(figure('Plays')).toHaveText('3');

  for (const mode of ['light', 'dark'] as const) {
    await useThemeMode(page, mode);
    await expect(top.getByRole('row', { name: new RegExp(trackName) })).toBeVisible();
    await expectAccessible(page);
    await snapshot(page, `backstage-insights-${mode}`);
  }
});

test('an artist with no plays yet sees the empty state, and not another artist’s figures', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { user } = await approvedArtist('insights-empty');
  await signInWith(page, user);
  await page.goto('/backstage/insights?range=7d');
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  await expect(page.getByText('No plays yet')).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'backstage-insights-empty');
  // Another artist's insights are refused by the server, whatever the page asks for.
  const other = await user.context.get('/api/v1/backstage/artists/1/insights', {
    headers: { Accept: 'application/json' },
  });
  expect([403, 404]).toContain(other.status());
});
