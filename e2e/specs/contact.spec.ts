import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ContactMessage } from '@zema/contracts/contact/contact-admin';
import { ADMIN, type ApiSession, adminSession, signInWith, uniqueEmail } from '../support/accounts';
import { expect, expectAccessible, snapshot, test } from '../support/fixtures';
import { outboxDir, waitForMail } from '../support/mail';
import { dismissCookieNotice, useThemeMode } from '../support/theme';

/**
 * The contact page (SPEC §2 `contact`, §7 `POST contact-page`): a visitor writes from the footer,
 * the site's copy reaches the contact address (the admin's email by default) with Reply-To the
 * visitor, the visitor gets a copy, and the admin reads the message, which marks it read.
 */
let admin: ApiSession;
test.beforeAll(async () => {
  admin = await adminSession();
});
test.afterAll(async () => admin.dispose());
test.beforeEach(async ({ context }) => dismissCookieNotice(context));

test('a visitor writes from the footer; both mails go out; the admin opens the message and it is read', async ({
  page,
}) => {
  const email = uniqueEmail('contact', test.info().project.name);
  // Its own name and words: tests running side by side all write to the same admin.
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `Selam ${stamp}`;
  const words = `Can the band play at our wedding in Addis? ${stamp}`;

  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).first().click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Message' }).fill(words);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status').getByText('Thanks! Your message was sent.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('');

  const copy = await waitForMail(email, { subject: /we received your message/ });
  expect(copy.text).toContain(words);
  const notice = await waitForMail(ADMIN.email, { subject: new RegExp(`message from ${name}$`) });
  expect(notice.text).toContain(words);
  const raw = await readFile(join(outboxDir(), notice.file), 'utf8');
  expect(raw).toMatch(new RegExp(`^Reply-To: ${email.replace(/[.+]/g, '\\$&')}`, 'mi'));

  await signInWith(page, admin);
  await page.goto('/admin/contact-messages');
  const table = page.getByRole('table', { name: 'Contact messages' });
  await table.getByRole('button', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) }).click();
  const dialog = page.getByRole('dialog', { name: `Message from ${name}` });
  await expect(dialog.getByText(words)).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Reply by email' })).toHaveAttribute(
    'href',
    new RegExp(`^mailto:${email.replace(/[.+]/g, '\\$&')}\\?subject=Re%3A%20`),
  );
  // Opening it marked it read: the dialog offers the way back.
  await expect(dialog.getByRole('button', { name: 'Mark as unread' })).toBeVisible();
  // The server agrees: read, and its mails marked sent (written just after the copy went out).
  const stored = async () =>
    (
      await admin.getOk<{ data: ContactMessage[] }>(
        `/api/v1/admin/contact-messages?query=${encodeURIComponent(email)}`,
      )
    ).data.map((m) => ({ read: m.read_at !== null, mail: m.mail.status }));
  await expect.poll(stored).toEqual([{ read: true, mail: 'sent' }]);
});

for (const mode of ['light', 'dark'] as const) {
  test(`the contact page reads well and passes axe (${mode})`, { tag: '@visual' }, async ({ page }) => {
    await page.goto('/contact');
    if (mode === 'dark') await useThemeMode(page, 'dark');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    // With its field errors showing, as a visitor who pressed Send too soon sees it.
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('The message field is required.')).toBeVisible();
    await expectAccessible(page);
    await snapshot(page, `contact-page-${mode}`);
  });
}
