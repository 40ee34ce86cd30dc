// Both drivers: custom pages, who reads them, their sanitiser, and the admin's edits.
import { ADMIN_PERMISSIONS, GUEST_LOCALE_COOKIE } from '@zema/contracts';
import type { CustomPageAdmin, SaveCustomPageRequest } from '@zema/contracts/pages/pages-admin';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#src/modules/audit/tables';
import { roles } from '#src/modules/users/tables';
import {
  Client,
  createUser,
  guest,
  signedInClient,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  useApp,
} from '#test/helpers';
import { sanitizePageHtml } from './sanitize';

const t = useApp();
let admin: Client;

beforeAll(async () => {
  admin = new Client(t.app);
  const res = await admin.post('/auth/login', { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD });
  expect(res.statusCode).toBe(200);
});

const read = (client: Client, idOrSlug: string, cookies?: Record<string, string>) =>
  client.inject({ url: `/api/v1/custom-pages/${idOrSlug}`, cookies }, t.app);

async function signedIn(roleSlugs: string[] = ['users'], permissions: { name: string }[] = []) {
  const user = await createUser(t.db, { roles: roleSlugs, permissions });
  return signedInClient(t, user.id);
}

const page = (patch: Partial<SaveCustomPageRequest> = {}): SaveCustomPageRequest => ({
  slug: `page-${Math.random().toString(36).slice(2, 8)}`,
  title: 'A page',
  body: '<h2>Hello</h2><p>Words.</p>',
  ...patch,
});

async function create(body: SaveCustomPageRequest): Promise<CustomPageAdmin> {
  const res = await admin.post('/api/v1/admin/custom-pages', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().page;
}

describe('custom pages (SPEC §7 GET custom-pages/{idOrSlug})', () => {
  it('serves the seeded privacy policy to a visitor, by address and by id, in Amharic when chosen', async () => {
    const bySlug = await read(guest(), 'privacy-policy');
    expect(bySlug.statusCode).toBe(200);
    const { page: privacy } = bySlug.json();
    expect(privacy).toMatchObject({ slug: 'privacy-policy', title: 'Privacy policy', type: 'default' });
    expect(privacy.body).toContain('Chapa');
    expect(privacy.body).toContain('Stripe');
    expect(privacy.set_seo).toBe(true);

    const byId = await read(guest(), String(privacy.id));
    expect(byId.json().page.slug).toBe('privacy-policy');

    const amharic = (await read(guest(), 'privacy-policy', { [GUEST_LOCALE_COOKIE]: 'am' })).json().page;
    expect(amharic).toMatchObject({ title: 'የግላዊነት መመሪያ', language: 'am' });
    for (const slug of ['terms-of-service', 'about'])
      expect((await read(guest(), slug)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown page, and refuses a malformed address', async () => {
    expect((await read(guest(), 'no-such-page')).statusCode).toBe(404);
    expect((await read(guest(), '999999')).statusCode).toBe(404);
    expect((await read(guest(), 'bad%20slug')).statusCode).toBe(422);
  });

  it('keeps a hidden page to its editors: 401 for a visitor, 403 for a user', async () => {
    const hidden = await create(page({ hidden: true }));
    expect((await read(guest(), hidden.slug)).statusCode).toBe(401);
    expect((await read(await signedIn(), hidden.slug)).statusCode).toBe(403);
    expect((await read(admin, hidden.slug)).statusCode).toBe(200);
    const editor = await signedIn([], [{ name: ADMIN_PERMISSIONS.customPagesUpdate }]);
    expect((await read(editor, hidden.slug)).statusCode).toBe(200);
  });

  it('lets signed-in users, or one role, read a page made for them', async () => {
    const members = await create(page({ audience: 'signed-in' }));
    expect((await read(guest(), members.slug)).statusCode).toBe(401);
    expect((await read(await signedIn(), members.slug)).statusCode).toBe(200);

    const [artists] = await t.db.select().from(roles).where(eq(roles.slug, 'artists'));
    const forArtists = await create(page({ audience: 'role', role_id: artists!.id }));
    expect((await read(guest(), forArtists.slug)).statusCode).toBe(401);
    expect((await read(await signedIn(['users']), forArtists.slug)).statusCode).toBe(403);
    expect((await read(await signedIn(['artists']), forArtists.slug)).statusCode).toBe(200);
  });
});

describe("the admin's custom pages", () => {
  it('creates, lists, updates and deletes a page, each in the audit log', async () => {
    const created = await create(
      page({
        title: 'Help centre',
        translations: { am: { title: 'የእገዛ ማዕከል', body: '<p>ቃላት</p>' } },
      }),
    );
    const list = await admin.get('/api/v1/admin/custom-pages?query=help%20centre');
    expect(list.json().data.map((p: { id: number }) => p.id)).toContain(created.id);

    const updated = await admin.send('PUT', `/api/v1/admin/custom-pages/${created.id}`, {
      ...page({ slug: created.slug, title: 'Help' }),
      seo_title: 'Help with Zema',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().page).toMatchObject({
      title: 'Help',
      seo_title: 'Help with Zema',
      translations: {},
    });
    expect((await read(guest(), created.slug)).json().page.set_seo).toBe(true);

    expect((await admin.send('DELETE', `/api/v1/admin/custom-pages/${created.id}`)).statusCode).toBe(200);
    expect((await read(guest(), created.slug)).statusCode).toBe(404);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'page'), eq(auditLog.targetId, String(created.id))));
    expect(actions.map((a) => a.action).sort()).toEqual(['page.create', 'page.delete', 'page.update']);
  });

  it('refuses a taken address, a bad one, and a role page without its role, with the field', async () => {
    const first = await create(page());
    const taken = await admin.post('/api/v1/admin/custom-pages', page({ slug: first.slug }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.slug).toBeDefined();
    const bad = await admin.post('/api/v1/admin/custom-pages', page({ slug: 'Not a slug!' }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.slug).toBeDefined();
    const noRole = await admin.post('/api/v1/admin/custom-pages', page({ audience: 'role' }));
    expect(noRole.json().errors.role_id).toBeDefined();
  });

  it('is closed to users without the permission', async () => {
    const user = await signedIn();
    expect((await user.get('/api/v1/admin/custom-pages')).statusCode).toBe(403);
    expect((await user.post('/api/v1/admin/custom-pages', page())).statusCode).toBe(403);
    expect((await guest().inject({ url: '/api/v1/admin/custom-pages' }, t.app)).statusCode).toBe(401);
  });

  it('stores the body sanitised', async () => {
    const stored = await create(page({ body: '<p onclick="x()">Hi<script>alert(1)</script></p>' }));
    expect(stored.body).toBe('<p>Hi</p>');
  });
});

describe('the custom page sanitiser', () => {
  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<img src="x" onerror="alert(1)">', '<img src="x" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', '<img />'],
    ['<iframe src="https://evil.test"></iframe><p>ok</p>', '<p>ok</p>'],
    ['<p style="background:url(javascript:x)">x</p>', '<p>x</p>'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<form action="/x"><input name="a"></form>', ''],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', '<table></table>'],
  ])('%s', (dirty, clean) => {
    expect(sanitizePageHtml(dirty)).toBe(clean);
  });

  it('keeps what the editor writes: headings, lists, links, pictures, tables and Zema embeds', () => {
    const html =
      '<h2>Title</h2><ul><li>One</li></ul><ol start="3"><li>Three</li></ol>' +
      '<p><a href="/contact">contact</a> <a href="https://x.test" target="_blank">out</a></p>' +
      '<img src="/storage/a.png" alt="A">' +
      '<table><tbody><tr><th colspan="2">H</th></tr><tr><td>1</td><td>2</td></tr></tbody></table>' +
      '<div data-zema-embed="track" data-id="12" class="x" onclick="y"></div>' +
      '<div data-zema-embed="virus" data-id="12"></div>';
    expect(sanitizePageHtml(html)).toBe(
      '<h2>Title</h2><ul><li>One</li></ul><ol start="3"><li>Three</li></ol>' +
        '<p><a href="/contact">contact</a> <a href="https://x.test" target="_blank" rel="noopener noreferrer">out</a></p>' +
        '<img src="/storage/a.png" alt="A" />' +
        '<table><tbody><tr><th colspan="2">H</th></tr><tr><td>1</td><td>2</td></tr></tbody></table>' +
        '<div data-zema-embed="track" data-id="12"></div>' +
        '<div></div>',
    );
  });
});
