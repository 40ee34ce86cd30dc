import { ApiSession, uniqueEmail } from '../support/accounts';
import { expect, expectDialogAccessible, test } from '../support/fixtures';
import { mailCode, mailsBefore, waitForMail } from '../support/mail';

const PASSWORD = 'correct-horse-battery';

test('change the email with a code mailed to the new address; the old one gets a notice', async ({
  page,
  context,
}) => {
  const project = test.info().project.name;
  const oldEmail = uniqueEmail('email-old', project);
  const newEmail = uniqueEmail('email-new', project);

  await test.step('a registered, verified user is signed in', async () => {
    const api = await ApiSession.open();
    await api.register(oldEmail, PASSWORD);
    await context.addCookies((await api.context.storageState()).cookies);
    await api.dispose();
  });

  const details = page.locator('section#account-details');
  const dialog = page.getByRole('dialog', { name: 'Change email' });

  await test.step('account details show the email; the dialog sends a code after the password', async () => {
    await page.goto('/account-settings');
    await expect(details.getByLabel('Email', { exact: true })).toHaveValue(oldEmail);
    await details.getByRole('button', { name: 'Change email' }).click();
    await dialog.getByLabel('New email').fill(newEmail);
    // axe over the open dialog (the page behind it is hidden from assistive technology meanwhile).
    await expectDialogAccessible(page);
    const seen = await mailsBefore(newEmail);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    // A fresh session has not confirmed its password: the server asks for it.
    const confirm = page.getByRole('dialog', { name: 'Confirm password' });
    await confirm.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByText(`Enter the code we sent to ${newEmail}`)).toBeVisible();
    const mail = await waitForMail(newEmail, { seen, subject: /confirm your new email address/ });
    const code = mailCode(mail);

    // A wrong code first: it lands on the field and nothing changes.
    const wrong = code === '000000' ? '111111' : '000000';
    await dialog.getByLabel('Code').fill(wrong);
    await dialog.getByRole('button', { name: 'Change email' }).click();
    await expect(dialog.getByText('The code is invalid.')).toBeVisible();

    const oldSeen = await mailsBefore(oldEmail);
    await dialog.getByLabel('Code').fill(code);
    await dialog.getByRole('button', { name: 'Change email' }).click();
    await expect(page.getByText('Email changed')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(details.getByLabel('Email', { exact: true })).toHaveValue(newEmail);

    const notice = await waitForMail(oldEmail, { seen: oldSeen, subject: /your email address was changed/ });
    expect(notice.text).toContain("If this wasn't you");
    expect(notice.text).not.toContain(newEmail);
  });

  await test.step('the new address stays after a reload and signs in', async () => {
    await page.reload();
    await expect(details.getByLabel('Email', { exact: true })).toHaveValue(newEmail);
    const api = await ApiSession.open();
    await api.login(newEmail, PASSWORD);
    await api.dispose();
  });
});
