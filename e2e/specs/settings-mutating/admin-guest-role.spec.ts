import { ADMIN, type ApiSession, adminSession } from '../../support/accounts';
import { expect, test } from '../../support/fixtures';
import { dismissCookieNotice } from '../../support/theme';

/**
 * The guest role (SPEC §6) edited in the admin area: without music.view, a visitor opening the
 * player area is sent to log in. Runs with the settings-mutating specs (one at a time) and puts
 * the permission back.
 */
let admin: ApiSession;
type Role = { id: number; slug: string; name: string; permissions: { name: string; restrictions: [] }[] };

async function guestRole(): Promise<Role> {
  const list = await admin.getOk<{ data: Role[] }>('/api/v1/admin/roles?query=guest');
  const row = list.data.find((r) => r.slug === 'guest');
  if (!row) throw new Error('no guest role');
  return (await admin.getOk<{ role: Role }>(`/api/v1/admin/roles/${row.id}`)).role;
}

test.beforeAll(async () => {
  admin = await adminSession();
});

test.afterAll(async () => {
  const role = await guestRole();
  await admin.putOk(`/api/v1/admin/roles/${role.id}`, {
    name: role.name,
    permissions: [{ name: 'music.view', restrictions: [] }],
  });
  await admin.dispose();
});

test('taking music.view from the guest role makes the player area ask visitors to log in', async ({
  page,
  browser,
  context,
}) => {
  await dismissCookieNotice(context);
  const role = await guestRole();
  // A visitor plays music today.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/discover');
  await expect(visitor).toHaveURL(/\/discover$/);

  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/roles/${role.id}`);
  await page.getByText('View music', { exact: true }).click();
  await page.getByRole('button', { name: 'Save role' }).click();
  await expect(page.getByText('Role saved')).toBeVisible();

  await visitor.goto('/discover');
  await expect(visitor).toHaveURL(/\/login\?redirect=%2Fdiscover/);
  const api = await visitor.request.get('/api/v1/channels/discover');
  expect(api.status()).toBe(401);
  await visitorContext.close();
});
