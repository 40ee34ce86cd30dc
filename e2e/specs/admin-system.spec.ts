import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { type ApiSession, adminSession, uniqueEmail } from '../support/accounts';
import { expect, expectAccessible, snapshot, test } from '../support/fixtures';
import { serverDataDir } from '../support/server-data';
import { dismissCookieNotice, useThemeMode } from '../support/theme';

/**
 * The admin's System pages: the error log (an entry opens the error dialog's
 * frames view; the latest and a day's log download), the outgoing mail log (a message opens, its
 * secrets redacted), the background jobs (a queue's failed jobs) and the health page; every page
 * passes axe in both themes.
 */

const logsDir = () => join(serverDataDir(), 'logs');

/**
 * One API login per worker, shared by the tests that do not test logging in: the login limit
 * (5 a minute per email and address) is shared by every test signing in as the admin.
 */
let admin: ApiSession;
test.beforeAll(async () => {
  admin = await adminSession();
});
test.afterAll(async () => admin?.dispose());

async function asAdmin(page: Page) {
  const { cookies } = await admin.context.storageState();
  await page.context().addCookies(cookies);
}

async function logIn(page: Page) {
  await asAdmin(page);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin$/);
}

/** A thrown error, so the logged stack points at this file and its snippet is real source. */
function failure(message: string): Error {
  return new TypeError(message);
}

/**
 * An entry as the server writes it (platform/error-log.ts), on a past day of the project's own, so
 * parallel projects and the server's own errors of today never share a file.
 */
async function seedErrorLog(project: string): Promise<{ day: string; message: string }> {
  const day = project === 'mobile' ? '2025-12-31' : '2025-12-30';
  const message = `Cannot read properties of undefined (reading 'title') [${project}]`;
  const file = join(logsDir(), `error-${day}.log`);
  const existing = await readFile(file, 'utf8').catch(() => '');
  if (!existing.includes(message)) {
    await mkdir(logsDir(), { recursive: true });
    const line = {
      time: `${day}T10:15:00.000Z`,
      fingerprint: `e2e${project}`,
      level: 'error',
      exception: 'TypeError',
      reqId: `e2e-${project}`,
      method: 'GET',
      route: '/api/v1/tracks/:id',
      url: '/api/v1/tracks/42',
      message,
      stack: failure(message).stack,
      count: 1,
    };
    // Written whole, not appended: two seeds that both found the entry missing write one entry.
    await writeFile(file, `${existing}${JSON.stringify(line)}\n`);
  }
  return { day, message };
}

test.beforeEach(async ({ context }) => dismissCookieNotice(context));

test(
  'the error log lists an entry, opens its frames and downloads the logs',
  { tag: '@mobile' },
  async ({ page }, info) => {
    const { day, message } = await seedErrorLog(info.project.name);
    await logIn(page);
    const mobile = (page.viewportSize()?.width ?? 1280) < 768;
    if (mobile) await page.getByRole('button', { name: 'Open the admin menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Admin' });
    for (const name of ['Error log', 'Mail log', 'Jobs', 'Health'])
      await expect(nav.getByRole('link', { name })).toBeVisible();
    await nav.getByRole('link', { name: 'Error log' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Error log' })).toBeVisible();

    // Filter by the day (the URL keeps it), then open the entry.
    await page.getByRole('button', { name: /Day$/ }).click();
    await page.getByRole('option', { name: new RegExp(`^${day}`) }).click();
    await expect(page).toHaveURL(new RegExp(`day=${day}`));
    const table = page.getByRole('table', { name: 'Error log' });
    await expect(table.getByText(message)).toBeVisible();
    await expect(table.locator('tbody').getByText('Error', { exact: true }).first()).toBeVisible();
    await snapshot(page, 'admin-error-log-day');

    await table.getByRole('button', { name: new RegExp(message.replace(/[()[\]]/g, '\\$&')) }).click();
    const dialog = page.getByRole('dialog', { name: 'Logged error' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('TypeError', { exact: true })).toBeVisible();
    // The same frames view as the error dialog: frames, and the failing line of the selected one.
    const frames = dialog.getByRole('navigation', { name: 'Stack frames' });
    await expect(frames.getByText('failure', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('region', { name: /admin-system\.spec\.ts:\d+$/ })).toContainText(
      'return new TypeError(message);',
    );
    const vendor = frames.getByRole('button', { name: /vendor frames$/ }).first();
    if (await vendor.count()) {
      await vendor.click();
      await expect(vendor).toHaveAttribute('aria-expanded', 'true');
    }
    await expectAccessible(page);
    await snapshot(page, 'admin-error-entry');

    // The day's log, from the dialog.
    const [dayDownload] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: "Download this day's log" }).click(),
    ]);
    expect(dayDownload.suggestedFilename()).toBe(`error-${day}.log`);
    expect(await readFile((await dayDownload.path())!, 'utf8')).toContain(message);
    await dialog.getByRole('button', { name: /close/i }).click();
    await expect(dialog).toBeHidden();

    // The latest log (SPEC §7).
    const [latest] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download latest log' }).click(),
    ]);
    expect(latest.suggestedFilename()).toMatch(/^error-\d{4}-\d{2}-\d{2}(\.\d+)?\.log$/);
  },
);

test('the mail log lists a sent invitation and opens it with its link redacted', async ({ page }, info) => {
  const email = uniqueEmail('invited', info.project.name);
  await admin.postOk('/api/v1/admin/users', { email, first_name: 'Invited', send_invitation: true });

  await asAdmin(page);
  await page.goto(`/admin/mail-log?query=${encodeURIComponent(email)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mail log' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Mail log' });
  await expect(table.getByText(email)).toBeVisible();
  await expect(table.locator('tbody').getByText('Sent', { exact: true })).toBeVisible();
  await snapshot(page, 'admin-mail-log');

  await table.getByRole('button', { name: /You are invited to/ }).click();
  const dialog = page.getByRole('dialog', { name: /You are invited to/ });
  await expect(dialog).toBeVisible();
  // The HTML in an iframe that may run nothing, and the link's token cut from the stored copy.
  const frame = dialog.locator('iframe');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(
    page.frameLocator('iframe[title^="Message:"]').getByText(/password\/reset\/\[redacted\]/),
  ).toBeVisible();
  // Our page around the message, not the message: axe cannot run inside a frame that may run no
  // script, and waits for it until the test times out.
  await expectAccessible(page, { exclude: ['iframe[title^="Message:"]'] });
  await snapshot(page, 'admin-mail-message');
  await dialog.getByRole('tab', { name: 'Plain text' }).click();
  await expect(dialog.getByText(/password\/reset\/\[redacted\]\?email=/)).toBeVisible();
});

test('the health page shows the database, Redis, storage, version and uptime', async ({ page }) => {
  await asAdmin(page);
  await page.goto('/admin/health');
  await expect(page.getByRole('heading', { level: 1, name: 'Health' })).toBeVisible();
  const database = page.getByRole('region', { name: 'Database' });
  await expect(database.getByText('PGlite (embedded)')).toBeVisible();
  await expect(database.getByText('Up', { exact: true })).toBeVisible();
  await expect(database.getByText(/\d+(\.\d)? (KB|MB|GB)/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Redis' }).getByText('Off', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Application' }).getByText('Uptime')).toBeVisible();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
});

test(
  'the system pages pass axe, light and dark, with screenshots',
  { tag: '@visual' },
  async ({ page }, info) => {
    await seedErrorLog(info.project.name);
    await asAdmin(page);
    const pages: [string, string][] = [
      ['/admin/error-log', 'Error log'],
      ['/admin/mail-log', 'Mail log'],
      // The queues, and one queue's failed jobs (none: the list's empty state) below them.
      ['/admin/jobs?queue=ingest-track', 'Jobs'],
      ['/admin/health', 'Health'],
    ];
    for (const mode of ['light', 'dark'] as const) {
      if (mode === 'dark') await useThemeMode(page, 'dark');
      for (const [path, heading] of pages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.getByText('Loading').first()).toBeHidden();
        if (heading === 'Jobs') {
          await expect(page.getByText('Engine: In this process')).toBeVisible();
          const queues = page.getByRole('table', { name: 'Queues' });
          await expect(queues.getByRole('button', { name: /^ingest-track:/ })).toHaveAttribute(
            'aria-pressed',
            'true',
          );
          await expect(page.getByText('No failed jobs')).toBeVisible();
        }
        await expectAccessible(page);
        await snapshot(page, `admin-${new URL(path, 'http://x').pathname.split('/').at(-1)}-${mode}`);
      }
    }
  },
);
