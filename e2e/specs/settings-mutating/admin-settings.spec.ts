import type { Page } from '@playwright/test';
import { ADMIN, type ApiSession, adminSession } from '../../support/accounts';
import { expect, expectAccessible, snapshot, test } from '../../support/fixtures';
import { mailsBefore, waitForMail } from '../../support/mail';
import { dismissCookieNotice, useThemeMode } from '../../support/theme';

/**
 * The admin's settings pages as an operator uses them. They change server
 * settings, so they run with the other settings-mutating specs, one at a time, and put back
 * everything they change.
 */
test.describe.configure({ mode: 'serial' });

let admin: ApiSession;

test.beforeAll(async () => {
  admin = await adminSession();
});

test.afterAll(async () => {
  await admin.setSettings({ 'registration.disable': false });
  await admin.dispose();
});

test.beforeEach(async ({ context }) => dismissCookieNotice(context));

/**
 * The admin's session from the one API login above: a UI login per test would meet the login
 * rate limit (admin.spec.ts proves the form itself lands on /admin).
 */
async function logIn(page: Page) {
  await page.context().addCookies((await admin.context.storageState()).cookies);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** React Aria's checkbox input is visually hidden: a person (and this test) clicks its label. */
async function setChecked(page: Page, label: string, checked: boolean) {
  const box = page.getByRole('checkbox', { name: label });
  if ((await box.isChecked()) !== checked) await page.getByText(label, { exact: true }).click();
  if (checked) await expect(box).toBeChecked();
  else await expect(box).not.toBeChecked();
}

async function setRegistration(page: Page, disabled: boolean) {
  await setChecked(page, 'Disable registration', disabled);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
}

test('turn registration off: Register disappears and /register goes to /login; then back on', async ({
  page,
  browser,
}) => {
  await logIn(page);
  await page.goto('/admin/settings');
  await expect(page).toHaveURL(/\/admin\/settings\/general$/);
  await page
    .getByRole('navigation', { name: 'Settings' })
    .getByRole('link', { name: 'Authentication' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Authentication settings' })).toBeVisible();

  // Leaving with unsaved changes asks first; staying keeps them.
  await setChecked(page, 'Disable registration', true);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'General' }).click();
  const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/authentication$/);
  await setRegistration(page, true);

  // A visitor, at once: no Register button, and /register sends them to /login.
  const visitorContext = await browser.newContext();
  await dismissCookieNotice(visitorContext);
  const visitor = await visitorContext.newPage();
  await visitor.goto('/');
  await expect(visitor.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Register', exact: true })).toHaveCount(0);
  await visitor.goto('/register');
  await expect(visitor).toHaveURL(/\/login$/);

  // Back on: the button is there again.
  await setRegistration(page, false);
  await visitor.goto('/');
  await expect(visitor.getByRole('link', { name: 'Register', exact: true })).toBeVisible();
  await visitorContext.close();

  // The change is in the audit log.
  await page.goto('/admin/audit-log?action=settings.update');
  await expect(
    page.getByRole('table', { name: 'Audit log' }).getByText('registration').first(),
  ).toBeVisible();
});

test('a bad value gets its message on the field, and nothing is saved', async ({ page }) => {
  await logIn(page);
  await page.goto('/admin/settings/general');
  const name = page.getByLabel('Site name');
  await name.fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The site name is required.')).toBeVisible();
  await expect(name).toBeFocused();
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(name).toHaveValue('Zema');
});

test('send a test mail from the mail settings', async ({ page }) => {
  await logIn(page);
  await page.goto('/admin/settings/mail');
  const seen = await mailsBefore(ADMIN.email);
  await page.getByRole('button', { name: 'Send test mail' }).click();
  await expect(page.getByText('Email sent')).toBeVisible();
  await waitForMail(ADMIN.email, { seen, subject: /test mail/ });
});

// One test per theme and width: each walks the eight groups well inside the per-test limit on a
// busy runner (the four walks in one test came near it with both cores loaded).
for (const mode of ['light', 'dark'] as const) {
  for (const width of [1280, 375]) {
    test(`every settings page passes axe, with screenshots (${mode}, ${width} px)`, async ({ page }) => {
      await logIn(page);
      const groups: [string, string][] = [
        ['general', 'General settings'],
        ['authentication', 'Authentication settings'],
        ['mail', 'Mail settings'],
        ['cookie-notice', 'Cookie notice settings'],
        ['ads', 'Ads settings'],
        ['player', 'Player settings'],
        ['localization', 'Localization settings'],
        ['api', 'API settings'],
        ['notifications', 'Notifications settings'],
        ['uploads', 'Uploads settings'],
      ];
      if (mode === 'dark') await useThemeMode(page, 'dark');
      await page.setViewportSize({ width, height: 800 });
      for (const [group, heading] of groups) {
        await page.goto(`/admin/settings/${group}`);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expectAccessible(page);
        await snapshot(page, `admin-settings-${group}-${mode}-${width}`);
      }
    });
  }
}
