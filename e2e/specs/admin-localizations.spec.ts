import { GUEST_LOCALE_COOKIE } from '@zema/contracts';
import { ApiSession, signInWith } from '../support/accounts';
import {
  expect,
  expectAccessible,
  expectDialogAccessible,
  navigateWhenReady,
  test,
} from '../support/fixtures';
import { dismissCookieNotice } from '../support/theme';

// Issue 32, the translation editor: an admin adds a language, translates a line, and a visitor who
// reads that language sees the line on their next page, from another browser.

const SOURCE = 'Sign in to your account';

test('an admin adds a language and translates a line; a visitor in that language sees it', async ({
  page,
  context,
  browser,
}) => {
  test.slow();
  await dismissCookieNotice(context);
  const admin = await ApiSession.admin();
  await signInWith(page, admin);
  // A language of this run's own, so no other spec's Amharic changes.
  const code = 'ti';
  const existing = await admin.getOk<{ localizations: { id: number; language: string }[] }>(
    '/api/v1/admin/localizations',
  );
  const old = existing.localizations.find((l) => l.language === code);
  if (old)
    await admin.context.delete(`/api/v1/admin/localizations/${old.id}`, { headers: await xsrf(admin) });

  await page.goto('/admin/localizations');
  await expect(page.getByRole('heading', { level: 1, name: 'Localizations' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add a language' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a language' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('ትግርኛ');
  await dialog.getByRole('textbox', { name: 'Language code' }).fill(code);
  await expectDialogAccessible(page);
  await dialog.getByRole('button', { name: 'Create' }).click();
  const row = page.getByRole('listitem').filter({ hasText: 'ትግርኛ' });
  await expect(row).toContainText(/^.*0 of [\d,]+ lines \(0 %\)/);

  await row.getByRole('link', { name: 'Translate' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ትግርኛ lines' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search lines' }).fill(SOURCE);
  await page.getByRole('button', { name: `Translate “${SOURCE}”` }).click();
  const editor = page.getByRole('dialog', { name: 'Translate a line' });
  await editor.getByRole('textbox', { name: 'Translation in ትግርኛ' }).fill('ናብ ሕሳብካ እቶ');
  await expectDialogAccessible(page);
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(`^${SOURCE} ናብ ሕሳብካ እቶ`) })).toBeVisible();
  await expectAccessible(page);

  // A line that drops its source's argument is refused, with the reason on the field.
  await page.getByRole('searchbox', { name: 'Search lines' }).fill('Continue with {provider}');
  await page.getByRole('button', { name: 'Translate “Continue with {provider}”' }).click();
  await editor.getByRole('textbox', { name: 'Translation in ትግርኛ' }).fill('ቀጽል');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText(/Keep the arguments of the source/)).toBeVisible();
  await editor.getByRole('button', { name: 'Cancel' }).click();

  // A visitor reading Tigrinya, in a browser of their own.
  const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await visitor.addCookies([
    { name: GUEST_LOCALE_COOKIE, value: code, url: test.info().project.use.baseURL ?? '' },
  ]);
  const other = navigateWhenReady(await visitor.newPage());
  await other.goto('/login');
  await expect(other.locator('html')).toHaveAttribute('lang', code);
  await expect(other.getByRole('heading', { name: 'ናብ ሕሳብካ እቶ' })).toBeVisible();
  await visitor.close();
  await admin.dispose();
});

async function xsrf(api: ApiSession): Promise<Record<string, string>> {
  const { cookies } = await api.context.storageState();
  const token = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return { 'X-XSRF-TOKEN': decodeURIComponent(token) };
}
