import type { Browser, BrowserContext, Page } from '@playwright/test';
import { ApiSession, signInWith, uniqueEmail } from '../support/accounts';
import { approvedArtist } from '../support/backstage';
import { expect, expectAccessible, navigateWhenReady, snapshot, test } from '../support/fixtures';
import { signInAtProvider } from '../support/social-provider';
import { dismissCookieNotice, useThemeMode } from '../support/theme';

// Workspaces in two browsers (decision 0035): an artist creates "Addis Records", shares their
// artist and invites another user, whose bell lights up without a reload; the invitee joins,
// switches workspace and finds the shared artist in the backstage. Another invitee declines from
// the mail's link; a revoked invitation's link says it is no longer valid. Axe on the switcher,
// the workspace page and the join pages; screenshots at this project's width, light and dark.

const PASSWORD = 'workspaces-e2e-password';
const WORKSPACE = 'Addis Records';

test.describe.configure({ mode: 'serial' });

let owner: ApiSession;
let artistName = '';
let ownerPage: Page;
let workspaceId = 0;

/** Screenshots for people to look at, outside the repository (test-results/ is ignored). */
async function shoot(page: Page, name: string) {
  await snapshot(page, `workspaces-${name}`);
}

async function shootBothThemes(page: Page, name: string) {
  await useThemeMode(page, 'dark');
  await shoot(page, `${name}-dark`);
  await useThemeMode(page, 'light');
  await shoot(page, `${name}-light`);
}

/** A browser context of its own (a second person), its navigations returning once the app is ready. */
async function personPage(browser: Browser, api?: ApiSession): Promise<Page> {
  const context: BrowserContext = await browser.newContext({ ...test.info().project.use });
  await dismissCookieNotice(context);
  const page = await context.newPage();
  if (api) await signInWith(page, api);
  navigateWhenReady(page);
  return page;
}

async function newUser(prefix: string): Promise<{ api: ApiSession; email: string }> {
  const email = uniqueEmail(prefix, test.info().project.name);
  const api = await ApiSession.open();
  await api.register(email, PASSWORD);
  return { api, email };
}

/** The pending invitation for `email` in the owner's workspace (what its mail links to). */
async function inviteIdFor(email: string): Promise<string> {
  const { invites } = await owner.getOk<{ invites: { id: string; email: string }[] }>(
    `/api/v1/workspaces/${workspaceId}`,
  );
  const invite = invites.find((i) => i.email === email);
  if (!invite) throw new Error(`no pending invitation for ${email}`);
  return invite.id;
}

const switcher = (page: Page) => page.getByRole('button', { name: /^Workspace: / });

test.beforeAll(async ({ browser }) => {
  ({ user: owner, artistName } = await approvedArtist('ws-owner'));
  ownerPage = await personPage(browser, owner);
});

test.afterAll(async () => {
  await ownerPage?.context().close();
  await owner?.dispose();
});

test('the owner creates a workspace, shares an artist and invites; the invitee joins and finds it', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = ownerPage;
  await page.goto('/backstage');
  await expect(switcher(page)).toHaveAccessibleName('Workspace: Default');
  await expectAccessible(page);
  await switcher(page).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitemradio', { name: /Default/ })).toHaveAttribute('aria-checked', 'true');
  // Open: a popover on a desktop, a bottom sheet on a phone, a dialog named by its button in both.
  await expect(page.getByRole('dialog', { name: /^Workspace: / })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'switcher');
  await menu.getByRole('menuitem', { name: 'Create workspace' }).click();

  const create = page.getByRole('dialog', { name: 'Create workspace' });
  // Sent empty: the contract's message sits on the field.
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await create.getByLabel('Name').fill(WORKSPACE);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { level: 1, name: WORKSPACE })).toBeVisible();
  await expect(page).toHaveURL(/\/backstage\/workspace$/);
  await expect(switcher(page)).toHaveAccessibleName(`Workspace: ${WORKSPACE}`);
  const cookies = await page.context().cookies();
  workspaceId = Number(cookies.find((c) => c.name === 'activeWorkspaceId')?.value);
  expect(workspaceId).toBeGreaterThan(0);

  // Share the owner's own artist with the workspace.
  const shared = page.getByRole('region', { name: 'Shared artists' });
  await shared.getByRole('button', { name: /Share an artist/ }).click();
  await page.getByRole('option', { name: artistName }).click();
  await shared.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(shared.getByRole('list', { name: 'Shared artists' })).toContainText(artistName);

  // The invitee is signed in elsewhere, on the backstage, before anything is sent.
  const invitee = await newUser('ws-invitee');
  const inviteePage = await personPage(browser, invitee.api);
  await inviteePage.goto('/backstage');
  await expect(inviteePage.getByRole('button', { name: 'Notifications' })).toBeVisible();
  await inviteePage.evaluate(() => {
    (window as { wsMark?: boolean }).wsMark = true;
  });

  await page.getByRole('button', { name: 'Invite members' }).click();
  const dialog = page.getByRole('dialog', { name: `Invite to ${WORKSPACE}` });
  await dialog.getByRole('textbox', { name: 'Emails' }).fill(`${invitee.email}, not-an-email`);
  await dialog.getByRole('button', { name: 'Send invitations' }).click();
  await expect(dialog.getByText('not-an-email: Enter a valid email address.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Emails' }).fill(invitee.email);
  await expectAccessible(page);
  await shoot(page, 'invite-dialog');
  await dialog.getByRole('button', { name: 'Send invitations' }).click();
  await expect(dialog).toBeHidden();
  const pending = page.getByRole('table', { name: 'Pending invitations' });
  await expect(pending).toContainText(invitee.email);
  await expectAccessible(page);
  await shootBothThemes(page, 'workspace-page');

  // The invitee's bell lights up over the live stream, without a reload.
  const bell = inviteePage.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  expect(await inviteePage.evaluate(() => (window as { wsMark?: boolean }).wsMark)).toBe(true);
  await bell.click();
  const popover = inviteePage.getByRole('dialog', { name: 'Notifications' });
  await expect(popover).toContainText('invited you to join');
  await popover.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(inviteePage.getByText('Joined workspace')).toBeVisible();

  // The switcher now offers the team; choosing it shows the team's backstage catalogue.
  await switcher(inviteePage).click();
  await inviteePage.getByRole('menuitemradio', { name: new RegExp(WORKSPACE) }).click();
  await expect(switcher(inviteePage)).toHaveAccessibleName(`Workspace: ${WORKSPACE}`);
  const cards = inviteePage.getByRole('list', { name: 'Your artists' });
  await expect(cards).toContainText(artistName);
  // The card names the member's role in the team, not an artist role they do not have.
  await expect(cards).toContainText(`You are: Editor in ${WORKSPACE}`);
  await shootBothThemes(inviteePage, 'invitee-backstage');

  // The owner sees the new member.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Members' })).toContainText(invitee.email);
  await inviteePage.context().close();
  await invitee.api.dispose();
});

test('an invitee declines from the link while signed in', async ({ browser }) => {
  const other = await newUser('ws-decliner');
  await owner.postOk(`/api/v1/workspaces/${workspaceId}/invites`, {
    emails: [other.email],
    role: 'viewer',
  });
  const page = await personPage(browser, other.api);
  await page.goto(`/workspace/join/login?invite=${await inviteIdFor(other.email)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Join your team' })).toBeVisible();
  await expect(page.getByText(WORKSPACE, { exact: true })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'join-signed-in');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('Declined workspace invitation')).toBeVisible();
  await page.context().close();
  await other.api.dispose();
});

test('a revoked invitation gives "This invite is no longer valid"', async ({ browser }) => {
  const email = uniqueEmail('ws-newcomer', test.info().project.name);
  await ownerPage.goto('/backstage/workspace');
  await ownerPage.getByRole('button', { name: 'Invite members' }).click();
  const dialog = ownerPage.getByRole('dialog', { name: `Invite to ${WORKSPACE}` });
  await dialog.getByRole('textbox', { name: 'Emails' }).fill(email);
  await dialog.getByRole('button', { name: 'Send invitations' }).click();
  await expect(dialog).toBeHidden();
  const inviteId = await inviteIdFor(email);

  // Someone without an account opens the mail's link: the email is filled in and locked.
  const guest = await personPage(browser);
  await guest.goto(`/workspace/join/register?invite=${inviteId}`);
  await expect(
    guest.getByRole('heading', { level: 1, name: /^To join your team on .+, create an account$/ }),
  ).toBeVisible();
  await expect(guest.getByLabel('Email')).toHaveValue(email);
  await expect(guest.getByLabel('Email')).toHaveAttribute('readonly', '');
  await expectAccessible(guest);
  await shootBothThemes(guest, 'join-register');

  await ownerPage
    .getByRole('table', { name: 'Pending invitations' })
    .getByRole('button', { name: `Revoke the invitation to ${email}` })
    .click();
  await expect(ownerPage.getByRole('region', { name: 'Pending invitations' })).not.toContainText(email);

  await guest.goto(`/workspace/join/login?invite=${inviteId}`);
  await expect(guest.getByRole('alert')).toHaveText('This invite is no longer valid');
  await expectAccessible(guest);
  await shoot(guest, 'join-invalid');
  await guest.context().close();
});

test('a Google sign-up from the join link joins the workspace, as the password registration does', async ({
  browser,
}) => {
  const email = uniqueEmail('ws-social', test.info().project.name);
  await owner.postOk(`/api/v1/workspaces/${workspaceId}/invites`, { emails: [email], role: 'viewer' });
  const page = await personPage(browser);
  await signInAtProvider(page.context(), email);
  await page.goto(`/workspace/join/register?invite=${await inviteIdFor(email)}`);
  await expect(page.getByLabel('Email')).toHaveValue(email);

  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  // The result page posts to its opener and closes itself, possibly before we get here.
  if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: 15_000 });

  await expect(page.getByText('Joined workspace')).toBeVisible();
  await expect(page).toHaveURL(/\/backstage$/);
  await expect(switcher(page)).toHaveAccessibleName(`Workspace: ${WORKSPACE}`);
  await expect(page.getByRole('list', { name: 'Your artists' })).toContainText(
    `You are: Viewer in ${WORKSPACE}`,
  );
  // The link was used up: the owner's pending list no longer holds it.
  await expect(inviteIdFor(email)).rejects.toThrow(/no pending invitation/);
  await page.context().close();
});
