// Both drivers: drafts per admin, publish, rollback and concurrent publishes on each database.
import { ADMIN_PERMISSIONS } from '@zema/contracts';
import type { AppearanceEditorResponse, AppearanceValues } from '@zema/contracts/appearance/appearance-admin';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#src/app';
import { auditLog } from '#src/modules/audit/tables';
import {
  Client,
  createUser,
  guest,
  signedInClient,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  useApp,
} from '#test/helpers';
import { sanitizeCustomHtml } from './custom-code';

const t = useApp();
let admin: Client;

beforeAll(async () => {
  admin = new Client(t.app);
  const res = await admin.post('/auth/login', { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD });
  expect(res.statusCode).toBe(200);
});

const editorOf = async (client: Client) => {
  const res = await client.get('/api/v1/admin/appearance');
  expect(res.statusCode).toBe(200);
  return res.json() as AppearanceEditorResponse;
};

const saveDraft = (client: Client, values: AppearanceValues, base: number | null = null) =>
  client.send('PUT', '/api/v1/admin/appearance/draft', { values, base_version_id: base });

const visitorSettings = async () =>
  (await guest().inject({ url: '/api/v1/bootstrap-data' }, t.app)).json().bootstrapData;

/** A signed-in browser of `userId` talking to this test's app. */
const signedIn = (userId: number) => signedInClient(t, userId);

/** An admin with only the appearance permission (no `admin`, no custom HTML). */
async function appearanceEditor() {
  const user = await createUser(t.db, {
    roles: [],
    permissions: [{ name: ADMIN_PERMISSIONS.appearanceUpdate }],
  });
  return signedIn(user.id);
}

describe('the appearance editor (admin)', () => {
  it('keeps the look a fresh site starts with as a version, so the first publish can be rolled back', async () => {
    const start = await editorOf(admin);
    expect(start.version).toBeNull();
    expect((await admin.get('/api/v1/admin/appearance/versions')).json().versions).toEqual([]);

    await saveDraft(admin, { ...start.published, site_name: 'Zema First Publish' });
    expect((await admin.post('/api/v1/admin/appearance/publish')).statusCode).toBe(200);
    const [live, original, ...rest] = (await admin.get('/api/v1/admin/appearance/versions')).json()
      .versions as AppearanceEditorResponse['version'][];
    expect(rest).toEqual([]);
    expect(live).toMatchObject({ original: false, restored_from: null });
    expect(live?.published_by?.id).toBeGreaterThan(0);
    expect(original).toMatchObject({ original: true, published_by: null, restored_from: null });

    // Rolling back to it brings the starting look back, as a version of its own.
    const restored = await admin.post(`/api/v1/admin/appearance/versions/${original!.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect((await visitorSettings()).settings.site_name).toBe(start.published.site_name);
    const after = (await admin.get('/api/v1/admin/appearance/versions')).json().versions;
    expect(after).toHaveLength(3);
    expect(after[0]).toMatchObject({ restored_from: original!.id, original: false });
    // Kept once: later publishes do not record the starting look again.
    expect(after.filter((v: { original: boolean }) => v.original)).toHaveLength(1);
  });

  it('keeps a draft per admin that visitors never see, then publishes it to everyone as a version', async () => {
    const start = await editorOf(admin);
    expect(start.draft).toBeNull();
    expect(start.can_edit_html).toBe(true);
    expect(start.published.themes.all.map((th) => th.name)).toEqual(
      expect.arrayContaining(['Light', 'Dark']),
    );
    const light = start.published.themes.all.find((th) => th.default_light)!;

    const values: AppearanceValues = {
      ...start.published,
      site_name: 'Zema Drafted',
      themes: {
        ...start.published.themes,
        all: start.published.themes.all.map((th) =>
          th.id === light.id ? { ...th, values: { ...th.values, '--be-primary': '#aa3300' } } : th,
        ),
      },
    };
    const saved = await saveDraft(admin, values, start.version?.id ?? null);
    expect(saved.statusCode).toBe(200);

    // Kept for this admin (a reload finds it); another editor and every visitor see the published look.
    expect((await editorOf(admin)).draft?.values.site_name).toBe('Zema Drafted');
    expect((await editorOf(await appearanceEditor())).draft).toBeNull();
    expect((await visitorSettings()).settings.site_name).not.toBe('Zema Drafted');

    const published = await admin.post('/api/v1/admin/appearance/publish');
    expect(published.statusCode).toBe(200);
    const after = published.json() as AppearanceEditorResponse;
    expect(after.draft).toBeNull();
    expect(after.version?.published_by?.id).toBeGreaterThan(0);
    const boot = await visitorSettings();
    expect(boot.settings.site_name).toBe('Zema Drafted');
    expect(boot.themes.all.find((th: { id: number }) => th.id === light.id).values['--be-primary']).toBe(
      '#aa3300',
    );
    // The page itself, served to a visitor, carries the new name (the settings cache was dropped).
    const page = await guest().inject({ url: '/' }, t.app);
    expect(page.body).toContain('<title>Zema Drafted</title>');

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'appearance.publish'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect((entry!.before as AppearanceValues).site_name).toBe(start.published.site_name);
    expect((entry!.after as AppearanceValues).site_name).toBe('Zema Drafted');
  });

  it('rolls back to an earlier version with one call, recorded as a new version', async () => {
    const before = await editorOf(admin);
    await saveDraft(admin, { ...before.published, site_name: 'Zema Rolled Forward' });
    await admin.post('/api/v1/admin/appearance/publish');
    expect((await visitorSettings()).settings.site_name).toBe('Zema Rolled Forward');

    const restored = await admin.post(`/api/v1/admin/appearance/versions/${before.version!.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect((await visitorSettings()).settings.site_name).toBe(before.published.site_name);
    const history = (await admin.get('/api/v1/admin/appearance/versions')).json().versions;
    expect(history[0].restored_from).toBe(before.version!.id);
    expect(history.length).toBeGreaterThanOrEqual(3);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'appearance.restore'), eq(auditLog.targetId, String(history[0].id))));
    expect(entry).toBeDefined();
    expect((await admin.post('/api/v1/admin/appearance/versions/999999/restore')).statusCode).toBe(404);
  });

  it('gives a new theme its id on publish, default theme included', async () => {
    const { published } = await editorOf(admin);
    const dark = published.themes.all.find((th) => th.is_dark)!;
    const midnight = { ...dark, id: -1, name: 'Midnight', default_dark: false, default_light: false };
    await saveDraft(admin, {
      ...published,
      themes: { ...published.themes, default_id: -1, all: [...published.themes.all, midnight] },
    });
    expect((await admin.post('/api/v1/admin/appearance/publish')).statusCode).toBe(200);
    const boot = await visitorSettings();
    const added = boot.themes.all.find((th: { name: string }) => th.name === 'Midnight');
    expect(added.id).toBeGreaterThan(0);
    expect(boot.settings.themes.default_id).toBe(added.id);
    expect(boot.themes.selectedThemeId).toBe(added.id);
    // Back to the way it was: deleting the theme again.
    await saveDraft(admin, published);
    await admin.post('/api/v1/admin/appearance/publish');
    expect((await visitorSettings()).themes.all.some((th: { name: string }) => th.name === 'Midnight')).toBe(
      false,
    );
  });

  it('serialises two publishes at once: both in the history, the later one whole', async () => {
    const other = await appearanceEditor();
    const { published } = await editorOf(admin);
    await saveDraft(admin, { ...published, site_name: 'Zema One', menus: published.menus.slice(0, 1) });
    await saveDraft(other, { ...published, site_name: 'Zema Two' });
    const [a, b] = await Promise.all([
      admin.post('/api/v1/admin/appearance/publish'),
      other.post('/api/v1/admin/appearance/publish'),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const [latest, previous] = (await admin.get('/api/v1/admin/appearance/versions')).json().versions;
    expect(latest.id).toBe(previous.id + 1);
    const boot = await visitorSettings();
    // Whichever came last is live as a whole: its name with its menus, never a mix.
    if (boot.settings.site_name === 'Zema One') expect(boot.menus).toHaveLength(1);
    else {
      expect(boot.settings.site_name).toBe('Zema Two');
      expect(boot.menus).toHaveLength(published.menus.length);
    }
    await saveDraft(admin, published);
    await admin.post('/api/v1/admin/appearance/publish');
  });

  it("links a theme's font before first paint, only on pages of a theme that uses it", async () => {
    const { published } = await editorOf(admin);
    const page = async () => (await guest().inject({ url: '/' }, t.app)).body;
    expect(await page()).not.toContain('/fonts/');
    const defaultId = published.themes.default_id ?? published.themes.all[0]!.id;
    const withFont = (family: string) => ({
      ...published,
      themes: {
        ...published.themes,
        all: published.themes.all.map((th) => (th.id === defaultId ? { ...th, font: { family } } : th)),
      },
    });
    expect((await saveDraft(admin, withFont('Comic Sans MS'))).statusCode).toBe(422);
    expect((await saveDraft(admin, withFont('Lora Variable'))).statusCode).toBe(200);
    await admin.post('/api/v1/admin/appearance/publish');
    const html = await page();
    expect(html).toContain('<link rel="stylesheet" href="/fonts/lora.css" id="zema-theme-font">');
    expect(html).toContain('--be-font-family:"Lora Variable"');
    // The stored theme carries its stylesheet's address for the early theme script.
    const boot = await visitorSettings();
    expect(boot.themes.all.find((th: { id: number }) => th.id === defaultId).font).toEqual({
      family: 'Lora Variable',
      src: '/fonts/lora.css',
    });
    await saveDraft(admin, published);
    await admin.post('/api/v1/admin/appearance/publish');
    expect(await page()).not.toContain('/fonts/');
  });

  it('refuses a value that breaks the rules, with the field', async () => {
    const { published } = await editorOf(admin);
    const unknownDefault = await saveDraft(admin, {
      ...published,
      themes: { ...published.themes, default_id: 987654 },
    });
    expect(unknownDefault.statusCode).toBe(422);
    expect(unknownDefault.json().errors['values.themes.default_id']).toBeDefined();

    const escaping = await saveDraft(admin, {
      ...published,
      themes: {
        ...published.themes,
        all: published.themes.all.map((th, i) =>
          i === 0 ? { ...th, values: { ...th.values, '--be-primary': 'red;}</style><script>' } } : th,
        ),
      },
    });
    expect(escaping.statusCode).toBe(422);
    expect((await admin.post('/api/v1/admin/appearance/publish')).statusCode).toBe(422);
  });

  it('publishes a group of menu items, with icons, one level deep', async () => {
    const { published } = await editorOf(admin);
    const [first, ...rest] = published.menus;
    if (!first) throw new Error('the seed has menus');
    const group = {
      id: 'help-group',
      label: 'Help',
      icon: 'help',
      type: 'route' as const,
      action: null,
      roles: [],
      children: [
        { id: 'help-faq', label: 'Questions', icon: 'info', type: 'route' as const, action: '/faq' },
        { id: 'help-mail', label: 'Write to us', type: 'link' as const, action: 'mailto:help@zema.test' },
      ],
    };
    const values = { ...published, menus: [{ ...first, items: [...first.items, group] }, ...rest] };
    expect((await saveDraft(admin, values)).statusCode).toBe(200);
    expect((await admin.post('/api/v1/admin/appearance/publish')).statusCode).toBe(200);

    const menus = (await visitorSettings()).menus as AppearanceValues['menus'];
    const served = menus.find((m) => m.id === first.id)?.items.find((i) => i.id === 'help-group');
    expect(served).toMatchObject({ label: 'Help', icon: 'help', action: null });
    expect(served?.children?.map((c) => [c.label, c.icon ?? null, c.action])).toEqual([
      ['Questions', 'info', '/faq'],
      ['Write to us', null, 'mailto:help@zema.test'],
    ]);
  });

  it('keeps who a menu item is for (everyone, signed-in users, guests), and refuses what no one meets', async () => {
    const { published } = await editorOf(admin);
    const [first, ...rest] = published.menus;
    if (!first) throw new Error('the seed has menus');
    const withItems = (items: unknown[]) =>
      ({ ...published, menus: [{ ...first, items }, ...rest] }) as AppearanceValues;
    const base = { label: 'Help', type: 'route' as const, action: '/discover' };
    const items = [
      { ...base, id: 'for-users', audience: 'signedIn' },
      { ...base, id: 'for-guests', audience: 'guests', subscriptionStatus: 'unsubscribed' },
      { ...base, id: 'for-all', audience: 'everyone' },
    ];
    expect((await saveDraft(admin, withItems(items))).statusCode).toBe(200);
    expect((await admin.post('/api/v1/admin/appearance/publish')).statusCode).toBe(200);
    const served = ((await visitorSettings()).menus as AppearanceValues['menus']).find(
      (m) => m.id === first.id,
    );
    expect(served?.items.map((i) => [i.id, i.audience])).toEqual([
      ['for-users', 'signedIn'],
      ['for-guests', 'guests'],
      ['for-all', 'everyone'],
    ]);

    const unknown = await saveDraft(admin, withItems([{ ...base, id: 'x', audience: 'admins' }]));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors['values.menus.0.items.0.audience']).toBeDefined();
    // A guest never has a subscription: such an item would never show.
    const never = await saveDraft(
      admin,
      withItems([
        { ...base, id: 'x', audience: 'guests', subscriptionStatus: 'subscribed' },
        {
          ...base,
          id: 'y',
          children: [{ ...base, id: 'z', audience: 'guests', subscriptionStatus: 'subscribed' }],
        },
      ]),
    );
    expect(never.statusCode).toBe(422);
    expect(never.json().errors['values.menus.0.items.0.subscriptionStatus']).toBeDefined();
    expect(never.json().errors['values.menus.0.items.1.children.0.subscriptionStatus']).toBeDefined();
    await saveDraft(admin, published);
    await admin.post('/api/v1/admin/appearance/publish');
  });

  it('refuses an address that could run code, and an icon not in the set', async () => {
    const { published } = await editorOf(admin);
    const [first, ...rest] = published.menus;
    if (!first) throw new Error('the seed has menus');
    const withItem = (item: AppearanceValues['menus'][number]['items'][number]) => ({
      ...published,
      menus: [{ ...first, items: [item] }, ...rest],
    });
    const base = { id: 'x', label: 'X', type: 'route' as const };

    for (const action of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<script>']) {
      const res = await saveDraft(admin, withItem({ ...base, action }));
      expect(res.statusCode, action).toBe(422);
      expect(res.json().errors['values.menus.0.items.0.action']).toBeDefined();
    }
    const nested = await saveDraft(
      admin,
      withItem({ ...base, action: null, children: [{ ...base, id: 'y', action: 'vbscript:x' }] }),
    );
    expect(nested.json().errors['values.menus.0.items.0.children.0.action']).toBeDefined();
    const icon = await saveDraft(admin, withItem({ ...base, action: '/x', icon: 'https://evil.test/i.svg' }));
    expect(icon.json().errors['values.menus.0.items.0.icon']).toBeDefined();
    const cta = await saveDraft(admin, {
      ...published,
      landing: {
        ...published.landing,
        actions: {
          ...published.landing.actions,
          cta1: { ...published.landing.actions.cta1, action: 'javascript:x' },
        },
      },
    });
    expect(cta.json().errors['values.landing.actions.cta1.action']).toBeDefined();
    // Pages of the site, web, mail and phone addresses stay fine.
    for (const action of ['/contact', 'contact', 'https://zema.test', 'mailto:a@zema.test', 'tel:+251911']) {
      expect((await saveDraft(admin, withItem({ ...base, action }))).statusCode, action).toBe(200);
    }
    await admin.send('DELETE', '/api/v1/admin/appearance/draft');
  });

  it('is closed to users without the permission, and custom HTML needs its own', async () => {
    const user = await createUser(t.db);
    const plain = await signedIn(user.id);
    expect((await plain.get('/api/v1/admin/appearance')).statusCode).toBe(403);
    expect((await guest().inject({ url: '/api/v1/admin/appearance' }, t.app)).statusCode).toBe(401);

    const editor = await appearanceEditor();
    const state = await editorOf(editor);
    expect(state.can_edit_html).toBe(false);
    const withHtml = await saveDraft(editor, {
      ...state.published,
      custom_code: { css: '', html: '<p>Hello</p>' },
    });
    expect(withHtml.statusCode).toBe(403);
    const cssOnly = await saveDraft(editor, {
      ...state.published,
      custom_code: { css: 'body{letter-spacing:.01em}', html: state.published.custom_code.html },
    });
    expect(cssOnly.statusCode).toBe(200);
  });

  it('serves the custom code with the page nonce, its HTML without anything that runs', async () => {
    const { published } = await editorOf(admin);
    await saveDraft(admin, {
      ...published,
      custom_code: {
        css: '.zema-test{color:red}</style><script>alert(1)</script>',
        html: '<p class="notice">Hi <a href="javascript:alert(1)">x</a><img src=x onerror="alert(1)"></p><script>alert(2)</script>',
      },
    });
    await admin.post('/api/v1/admin/appearance/publish');
    const page = await guest().inject({ url: '/' }, t.app);
    const csp = String(page.headers['content-security-policy']);
    const styleNonce = csp.match(/style-src[^;]*'nonce-([^']+)'/)![1];
    expect(page.body).toContain(`<style nonce="${styleNonce}" id="zema-custom-css">.zema-test{color:red}`);
    // Nothing in the stylesheet can close it: its `<` are CSS escapes.
    expect(page.body).toContain('.zema-test{color:red}\\3c /style>\\3c script>alert(1)\\3c /script></style>');
    expect(page.body).toContain(
      '<div id="zema-custom-html"><p class="notice">Hi <a>x</a><img src="x" /></p></div>',
    );
    expect(page.body).not.toMatch(/onerror|javascript:|alert\(2\)/);
    await saveDraft(admin, published);
    await admin.post('/api/v1/admin/appearance/publish');
  });
});

// Two instances on one database and one Redis, as behind a load balancer: each keeps its own copy
// of settings, themes and menus, and a publish on one drops the other's before its next page.
describe.runIf(process.env.REDIS_URL)('a second instance', () => {
  let second: FastifyInstance;
  beforeAll(async () => {
    // One install: the same bus namespace, so the two hear each other's cache invalidations.
    second = await buildApp(t.config, {
      databaseHandle: t.app.deps.database,
      live: { namespace: t.deps.busNamespace },
    });
  });
  afterAll(async () => {
    await second?.close();
  });

  it('serves what the first one published, at once', async () => {
    const onSecond = async () =>
      (await guest().inject({ url: '/api/v1/bootstrap-data' }, second)).json().bootstrapData;
    const { published } = await editorOf(admin);
    expect((await onSecond()).settings.site_name).toBe(published.site_name); // cached on the second now
    await saveDraft(admin, { ...published, site_name: 'Zema Everywhere' });
    await admin.post('/api/v1/admin/appearance/publish');
    await expect.poll(async () => (await onSecond()).settings.site_name).toBe('Zema Everywhere');
    const page = await guest().inject({ url: '/' }, second);
    expect(page.body).toContain('<title>Zema Everywhere</title>');
    await saveDraft(admin, published);
    await admin.post('/api/v1/admin/appearance/publish');
  });
});

describe('the custom HTML sanitiser', () => {
  // Known payloads (OWASP's XSS filter evasion list, shortened): none survives with code in it.
  const PAYLOADS = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<svg onload=alert(1)>',
    '<svg><script>alert(1)</script></svg>',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href="jav&#x09;ascript:alert(1)">x</a>',
    '<iframe src="https://evil.example"></iframe>',
    '<body onload=alert(1)>',
    '<div style="background:url(javascript:alert(1))">x</div>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<form action="https://evil.example"><input name=x></form>',
    '<object data="data:text/html,<script>alert(1)</script>"></object>',
    '<details open ontoggle=alert(1)>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  ];
  it.each(PAYLOADS)('removes what runs from %s', (payload) => {
    const clean = sanitizeCustomHtml(payload);
    expect(clean).not.toMatch(
      /<script|onerror|onload|ontoggle|javascript:|<iframe|<object|<form|style=|data:text/i,
    );
  });

  it('keeps text and layout markup, and a new tab link gets noopener', () => {
    expect(sanitizeCustomHtml('<h2>Help</h2><p><a href="/contact" target="_blank">Contact</a></p>')).toBe(
      '<h2>Help</h2><p><a href="/contact" target="_blank" rel="noopener noreferrer">Contact</a></p>',
    );
  });
});
