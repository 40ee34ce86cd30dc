import type { CustomPageAdmin } from '@zema/contracts/pages/pages-admin';
import { type ApiSession, adminSession, signInWith } from '../support/accounts';
import { expect, expectAccessible, snapshot, test } from '../support/fixtures';
import { solidPng } from '../support/png';
import { dismissCookieNotice, useThemeMode } from '../support/theme';

/**
 * Custom pages (SPEC §2 `/pages/{slug}`, `/pages/{id}/{slug}`): the seeded privacy policy from
 * the footer, a page at both addresses, and the three outcomes (404, log in, try again later).
 */
let admin: ApiSession;
test.beforeAll(async () => {
  admin = await adminSession();
});
test.afterAll(async () => admin.dispose());
test.beforeEach(async ({ context }) => dismissCookieNotice(context));

const stamp = () => `${Date.now().toString(36)}-${test.info().project.name}`;

test('a visitor reads the privacy policy from the footer, and a page by its id', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/pages\/privacy-policy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Cookies' })).toBeVisible();
  await expect(page.getByText(/Chapa/).first()).toBeVisible();
  await expect(page).toHaveTitle(/^Privacy policy - /);

  const created = await admin.postOk<{ page: CustomPageAdmin }>('/api/v1/admin/custom-pages', {
    slug: `faq-${stamp()}`,
    title: 'Questions',
    body: '<h2>Playing</h2><ul><li>Press play.</li><li>Listen.</li></ul><p><a href="/discover">Discover</a></p>',
  });
  await page.goto(`/pages/${created.page.id}/any-words`);
  await expect(page.getByRole('heading', { level: 1, name: 'Questions' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Press play.' })).toBeVisible();
});

test('an admin writes a page with a heading, a list and a picture, and opens it at both addresses', async ({
  page,
}) => {
  await signInWith(page, admin);
  await page.goto('/admin/pages');
  await page.getByRole('link', { name: 'New page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New page' })).toBeVisible();
  const slug = `guide-${stamp()}`;
  await page.getByLabel('Title', { exact: true }).fill('Listening guide');
  const body = page.getByRole('textbox', { name: 'Body' });
  await body.click();
  await page.getByRole('button', { name: 'Heading', exact: true }).click();
  await page.keyboard.type('Getting started');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Bulleted list' }).click();
  await page.keyboard.type('Find a song');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Press play');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.getByLabel('Picture to add to the page').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: solidPng(64, [200, 40, 40]),
  });
  await expect(body.locator('img')).toHaveCount(1);
  // The file's name stands in until the picture is described.
  await body.locator('img').click();
  await page.getByRole('button', { name: 'Describe the picture' }).click();
  const describe = page.getByRole('dialog', { name: 'Describe the picture' });
  await expect(describe.getByRole('textbox')).toHaveValue('cover');
  await describe.getByRole('textbox').fill('A red square');
  await describe.getByRole('button', { name: 'Save description' }).click();
  await expect(body.locator('img')).toHaveAttribute('alt', 'A red square');
  await page.getByLabel('Address', { exact: true }).fill(slug);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create page' }).click();
  await expect(page.getByText('Page created')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/pages\/\d+$/);
  const id = page.url().split('/').pop();

  for (const address of [`/pages/${slug}`, `/pages/${id}/${slug}`]) {
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1, name: 'Listening guide' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Getting started' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('listitem')).toHaveText(['Find a song', 'Press play']);
    await expect(page.getByRole('main').getByRole('img', { name: 'A red square' })).toHaveJSProperty(
      'complete',
      true,
    );
  }
});

test('an unknown page is the 404 page with status 404; a hidden page sends a visitor to log in', async ({
  page,
}) => {
  const res = await page.goto('/pages/no-such-page-here');
  expect(res?.status()).toBe(404);
  await expect(
    page.getByRole('heading', { level: 1, name: "Looks like you've found the doorway to the great nothing" }),
  ).toBeVisible();

  const hidden = await admin.postOk<{ page: CustomPageAdmin }>('/api/v1/admin/custom-pages', {
    slug: `draft-${stamp()}`,
    title: 'Not yet',
    body: '<p>Soon.</p>',
    hidden: true,
  });
  await page.goto(`/pages/${hidden.page.slug}`);
  await expect(page).toHaveURL(new RegExp(`/login\\?redirect=%2Fpages%2F${hidden.page.slug}$`));
});

for (const mode of ['light', 'dark'] as const) {
  test(`the about page reads well and passes axe (${mode})`, { tag: '@visual' }, async ({ page }) => {
    await page.goto('/pages/about');
    if (mode === 'dark') await useThemeMode(page, 'dark');
    await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
    await expectAccessible(page);
    await snapshot(page, `custom-page-${mode}`);
  });
}
