import type { Page } from '@playwright/test';
import { ADMIN, ApiSession, uniqueEmail } from '../support/accounts';
import { expect, expectAccessible, snapshot, test, waitForAppReady } from '../support/fixtures';
import { dismissCookieNotice, useThemeMode } from '../support/theme';

/**
 * The admin area as an operator uses it: log in and land on /admin, create a role and a
 * user holding it, suspend them and see their login refused; every admin page passes axe.
 */

const PASSWORD = 'correct-horse-battery';

/**
 * Signs in through the form. Specs running side by side share the login limit (5 a minute per
 * email and address): when the server answers 429, the form says so and the answer's Retry-After
 * says when to come back, so this waits that long and submits again, as a person would.
 */
async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  for (let attempt = 0; ; attempt++) {
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/auth/login'));
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    const res = await answer;
    if (res.status() !== 429 || attempt >= 4) return;
    await expect(page.getByText(/Too many login attempts/)).toBeVisible();
    const seconds = Number((await res.allHeaders())['retry-after'] ?? '5');
    await page.waitForTimeout((seconds + 1) * 1000);
  }
}

// One worker per project for this file, so its one API login serves all its tests.
test.describe.configure({ mode: 'serial' });
test.beforeEach(async ({ context }) => dismissCookieNotice(context));

/**
 * One API login per worker for the tests that do not test logging in: the login limit (5 a minute
 * per email and address) is shared by every spec signing in as the admin.
 */
let adminApi: ApiSession;
test.beforeAll(async () => {
  adminApi = await ApiSession.open();
  await adminApi.login(ADMIN.email, ADMIN.password);
});
test.afterAll(async () => adminApi?.dispose());

async function asAdmin(page: Page) {
  const { cookies } = await adminApi.context.storageState();
  await page.context().addCookies(cookies);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin$/);
}

test('the admin logs in and lands on /admin, inside the admin shell', { tag: '@mobile' }, async ({
  page,
}) => {
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await waitForAppReady(page);
  // The dashboard: KPI cards and the demo catalogue's plays over time, drawn and as a table.
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Range' }).click();
  await page.getByRole('option', { name: 'Last 30 days' }).click();
  await expect(page).toHaveURL(/range=30d/);
  await expect(page.locator('figcaption', { hasText: 'Plays and listeners over time' })).toBeVisible();
  // The listening chart (the revenue charts below it have their own figures).
  await expect(
    page.getByRole('figure', { name: /Plays and listeners over time/ }).locator('.zema-chart canvas'),
  ).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Plays and listeners over time' }).getByRole('row'),
  ).not.toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Top tracks' }).getByRole('listitem').first()).toBeVisible();
  // The sidebar (a tray on small screens) links every section the admin may use, and back to the site.
  const mobile = (page.viewportSize()?.width ?? 1280) < 768;
  if (mobile) await page.getByRole('button', { name: 'Open the admin menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Admin' });
  for (const name of ['Users', 'Roles', 'Audit log'])
    await expect(nav.getByRole('link', { name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the player' })).toBeVisible();
  await nav.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  // Unknown admin paths get the 404 inside the area.
  await page.goto('/admin/no-such-section');
  await expect(page.getByText("Looks like you've found the doorway to the great nothing")).toBeVisible();
});

test('create a role and a user holding it, suspend them, and their login is refused', async ({
  page,
  browser,
}, info) => {
  const roleName = `Catalogue editor ${info.project.name} ${Date.now().toString(36)}`;
  const email = uniqueEmail('editor', info.project.name);
  await asAdmin(page);

  // A role that may edit tracks but not users.
  await page.goto('/admin/roles/new');
  await page.getByLabel('Name', { exact: true }).fill(roleName);
  await page.getByText('Access admin area', { exact: true }).click();
  await page.getByText('Manage tracks', { exact: true }).click();
  await page.getByRole('button', { name: 'Create role' }).click();
  await expect(page.getByRole('heading', { level: 1, name: roleName })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/roles\/\d+$/);

  // A user with a password and that role, from the users table's dialog.
  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'New user' }).click();
  const dialog = page.getByRole('dialog', { name: 'New user' });
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByLabel('First name').fill('Editor');
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByText(roleName, { exact: true }).click();
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
  await expect(page.getByText(email).first()).toBeVisible();

  // The table finds them by search, and the URL keeps the search.
  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Search users by name or email' }).fill(email);
  await expect(page).toHaveURL(new RegExp(`query=${encodeURIComponent(email).replace(/\./g, '\\.')}`));
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText(roleName)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2);

  // They can sign in, and see only what their role allows in the admin area.
  const theirs = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const them = await theirs.newPage();
  await logIn(them, email, PASSWORD);
  await expect(them).toHaveURL(/\/admin$/);
  await them.goto('/admin/users');
  await expect(them.getByText("Looks like you've found the doorway to the great nothing")).toBeVisible();
  await theirs.close();

  // Suspend them with a reason.
  await page
    .getByRole('table', { name: 'Users' })
    .getByRole('link', { name: /Editor/ })
    .click();
  await page.getByRole('button', { name: 'Suspend' }).click();
  const suspend = page.getByRole('dialog', { name: /^Suspend/ });
  await suspend.getByLabel('Reason').fill('Uploaded music without rights');
  await suspend.getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Suspended until lifted' })).toBeVisible();

  // Their login is refused, saying why.
  const again = await browser.newContext();
  const refused = await again.newPage();
  await logIn(refused, email, PASSWORD);
  await expect(
    refused.getByText('This account is suspended. Reason: Uploaded music without rights'),
  ).toBeVisible();
  await expect(refused).toHaveURL(/\/login/);
  await again.close();

  // The audit log has it all, filterable by action.
  await page.goto('/admin/audit-log?action=user.suspend');
  await expect(page.getByRole('table', { name: 'Audit log' }).getByText(email)).toBeVisible();
});

test("the user page's language, country and time zone pickers save, and the audit log finds the edit", async ({
  page,
}, info) => {
  const email = uniqueEmail('located', info.project.name);
  const { user } = await adminApi.postOk<{ user: { id: number } }>('/api/v1/admin/users', {
    email,
    first_name: 'Located',
    password: PASSWORD,
  });
  await asAdmin(page);
  await page.goto(`/admin/users/${user.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Located' })).toBeVisible();

  // The same lists as the account settings: names to choose from, codes saved.
  /** Types into a picker brought to the middle of the screen, and takes its one match. */
  async function choose(label: string, text: string, option: string | RegExp) {
    const field = page.getByRole('combobox', { name: label });
    await field.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    // Typing again until the list shows the match: once in a full run the list closed and the
    // field emptied right after the first typing (the page settling), and nothing showed.
    await expect(async () => {
      await field.fill(text);
      await expect(page.getByRole('option')).toHaveText([option], { timeout: 5_000 });
    }).toPass();
    // The keyboard path: a tap would scroll the small screen, and a scroll closes the list.
    await field.press('ArrowDown');
    await field.press('Enter');
    await expect(field).toHaveValue(option);
  }
  await choose('Country', 'Ethiop', 'Ethiopia');
  await choose('Time zone', 'Addis', /Addis Ababa/);
  await page.getByRole('button', { name: /Language/ }).click();
  await page.getByRole('option', { name: 'English' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  const saved = await adminApi.getOk<{ user: Record<string, unknown> }>(`/api/v1/admin/users/${user.id}`);
  expect(saved.user).toMatchObject({ country: 'ET', timezone: 'Africa/Addis_Ababa', language: 'en' });

  // A reload shows the saved choices by name.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('Ethiopia');
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue(/Addis Ababa/);
  await expect(page.getByRole('button', { name: /Language/ })).toContainText('English');
  await expectAccessible(page);
  await snapshot(page, 'admin-user-location');

  // The audit log's action filter offers the edit, and finds it.
  await page.goto('/admin/audit-log');
  await page.getByRole('button', { name: 'Any action Action' }).click();
  await page.getByRole('option', { name: 'Edited a user', exact: true }).click();
  await expect(page).toHaveURL(/action=user\.update/);
  // Only the edit, not the creation the unfiltered list showed; the action in words.
  const entries = page.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: email });
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText('Edited a user');
});

test('"Log in as": a banner on every page, and one click back to the admin', async ({ page }, info) => {
  const email = uniqueEmail('lookedat', info.project.name);
  const created = await adminApi.postOk<{ user: { id: number } }>('/api/v1/admin/users', {
    email,
    first_name: 'Looked',
    last_name: 'At',
    password: PASSWORD,
  });
  // An admin of its own ("Log in as" ends the session it came with; the login limit is per email).
  const roles = await adminApi.getOk<{ data: { id: number; slug: string }[] }>(
    '/api/v1/admin/roles?query=admin',
  );
  const adminRole = roles.data.find((r) => r.slug === 'admin')!.id;
  const secondEmail = uniqueEmail('second-admin', info.project.name);
  await adminApi.postOk('/api/v1/admin/users', {
    email: secondEmail,
    first_name: 'Second',
    last_name: 'Admin',
    password: PASSWORD,
    email_verified: true,
    roles: [adminRole],
  });
  const second = await ApiSession.open();
  await second.login(secondEmail, PASSWORD);
  await page.context().addCookies((await second.context.storageState()).cookies);
  await second.dispose();
  await page.goto(`/admin/users/${created.user.id}`);
  await page.getByRole('button', { name: 'Log in as' }).click();
  await expect(page).toHaveURL(/\/$|\/discover$/);
  const banner = page.getByRole('region', { name: 'Logged in as another user' });
  await expect(banner).toContainText(`You are logged in as Looked At (${email})`);
  await page.goto('/library');
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Back to Second Admin' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/users/${created.user.id}$`));
  await expect(banner).toHaveCount(0);
  await page.goto('/admin/audit-log?action=user.impersonate');
  await expect(page.getByRole('table', { name: 'Audit log' }).getByText(email)).toBeVisible();
});

// One test per theme: each walks every page through axe, which takes minutes on a busy runner.
for (const mode of ['light', 'dark'] as const) {
  test(`every admin page passes axe, ${mode}, with screenshots`, { tag: '@visual' }, async ({ page }) => {
    await asAdmin(page);
    const pages: [string, string][] = [
      ['/admin', 'Dashboard'],
      ['/admin/users', 'Users'],
      ['/admin/users/1', 'Admin'],
      ['/admin/users/1?tab=access', 'Admin'],
      ['/admin/users/1?tab=security', 'Admin'],
      ['/admin/roles', 'Roles'],
      ['/admin/roles/new', 'New role'],
      ['/admin/audit-log', 'Audit log'],
    ];
    if (mode === 'dark') await useThemeMode(page, 'dark');
    for (const [path, heading] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectAccessible(page);
      if (path === '/admin' || path.startsWith('/admin/users') || path === '/admin/roles/new')
        await snapshot(page, `admin${path.replace(/[/?=]/g, '-')}-${mode}`);
    }
  });
}
