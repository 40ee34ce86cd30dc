// Both drivers: lines written with jsonb operators, the cache every instance reads dropped on write.
import { ADMIN_PERMISSIONS, bootstrapResponseSchema } from '@zema/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#src/modules/audit/tables';
import { users } from '#src/modules/users/tables';
import { type Client, createUser, sessionFor, useApp } from '#test/helpers';
import { CATALOGUE_SOURCES } from './catalogue';
import { localizations } from './localization.tables';

const t = useApp();
let admin: Client;

const API = '/api/v1/admin/localizations';
/** A source with an argument, and one without, from the real catalogue. */
const WITH_ARGUMENT = CATALOGUE_SOURCES.find((s) => /^[^{}]*\{[a-z]+\}[^{}]*$/i.test(s))!;
const PLAIN = 'Not found.';

beforeAll(async () => {
  const user = await createUser(t.db, { permissions: [{ name: ADMIN_PERMISSIONS.localizationsUpdate }] });
  admin = (await sessionFor(t.db, user.id)).with({});
});

async function call(
  client: Client,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return client.inject(
    { method, url, ...(payload === undefined ? {} : { payload: payload as object }) },
    t.app,
  );
}

async function createLanguage(language: string, name: string) {
  const res = await call(admin, 'POST', API, { name, language });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().localization as { id: number; translated: number; total: number };
}

describe('the translation editor’s API', () => {
  it('lists English as the source and Amharic with its coverage of the catalogue', async () => {
    const res = await call(admin, 'GET', API);
    expect(res.statusCode).toBe(200);
    const list = res.json().localizations as {
      language: string;
      is_source: boolean;
      is_default: boolean;
      translated: number;
      total: number;
    }[];
    const en = list.find((l) => l.language === 'en')!;
    const am = list.find((l) => l.language === 'am')!;
    expect(en).toMatchObject({ is_source: true, is_default: true, translated: CATALOGUE_SOURCES.length });
    expect(am.total).toBe(CATALOGUE_SOURCES.length);
    expect(am.translated).toBeGreaterThan(0);
  });

  it('adds a language with every line missing, and refuses a taken or malformed code', async () => {
    const om = await createLanguage('om', 'Afaan Oromoo');
    expect(om).toMatchObject({ translated: 0, total: CATALOGUE_SOURCES.length });
    expect(
      (await call(admin, 'POST', API, { name: 'Again', language: 'om' })).json().errors.language,
    ).toEqual(['This language already exists.']);
    for (const language of ['OM', 'amharic', 'a', 'en_GB', '']) {
      const res = await call(admin, 'POST', API, { name: 'X', language });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.language).toBeDefined();
    }
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'localization.create'));
    expect(audit!.targetLabel).toBe('Afaan Oromoo (om)');
  });

  it('writes a line that readers of the language get at once, and refuses a line with other arguments', async () => {
    const ti = await createLanguage('ti', 'ትግርኛ');
    const reader = await createUser(t.db);
    await t.db.update(users).set({ language: 'ti' }).where(eq(users.id, reader.id));
    const bootstrap = async () =>
      bootstrapResponseSchema.parse(
        (await call(await sessionFor(t.db, reader.id), 'GET', '/api/v1/bootstrap-data')).json(),
      ).bootstrapData.i18n;
    expect((await bootstrap()).lines[PLAIN]).toBeUndefined();

    const saved = await call(admin, 'PUT', `${API}/${ti.id}/lines`, { lines: { [PLAIN]: 'ኣይተረኽበን።' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ updated: 1, localization: { translated: 1 } });
    const i18n = await bootstrap();
    expect(i18n.locale.language).toBe('ti');
    expect(i18n.lines[PLAIN]).toBe('ኣይተረኽበን።');

    const wrong = WITH_ARGUMENT.replace(/\{([a-z]+)\}/i, '{other}');
    const refused = await call(admin, 'PUT', `${API}/${ti.id}/lines`, { lines: { [WITH_ARGUMENT]: wrong } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[`lines.${WITH_ARGUMENT}`][0]).toMatch(/^Keep the arguments of the source: /);
    const broken = await call(admin, 'PUT', `${API}/${ti.id}/lines`, { lines: { [PLAIN]: 'ክፉት {' } });
    expect(broken.json().errors[`lines.${PLAIN}`][0]).toMatch(/^This line is not a valid message/);
    const unknown = await call(admin, 'PUT', `${API}/${ti.id}/lines`, {
      lines: { 'Nobody says this.': 'x' },
    });
    expect(unknown.json().errors['lines.Nobody says this.']).toEqual(['No text of the app reads like this.']);
    // An object's own names are no sources either.
    for (const name of ['toString', 'constructor', 'hasOwnProperty']) {
      const res = await call(admin, 'PUT', `${API}/${ti.id}/lines`, { lines: { [name]: 'x' } });
      expect(res.json().errors[`lines.${name}`]).toEqual(['No text of the app reads like this.']);
    }

    // An empty line removes the translation: the English shows again.
    await call(admin, 'PUT', `${API}/${ti.id}/lines`, { lines: { [PLAIN]: ' ' } });
    expect((await bootstrap()).lines[PLAIN]).toBeUndefined();
  });

  it('imports the good lines of a file and lists the others with why; exports lines and sources', async () => {
    const so = await createLanguage('so', 'Soomaali');
    const imported = await call(admin, 'POST', `${API}/${so.id}/import`, {
      lines: { [PLAIN]: 'Lama helin.', [WITH_ARGUMENT]: 'no arguments', 'Nobody says this.': 'x' },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().updated).toBe(1);
    expect(
      imported
        .json()
        .refused.map((r: { source: string }) => r.source)
        .sort(),
    ).toEqual([WITH_ARGUMENT, 'Nobody says this.'].sort());

    const lines = await call(admin, 'GET', `${API}/${so.id}/export`);
    expect(lines.headers['content-disposition']).toBe('attachment; filename="zema-so.json"');
    expect(JSON.parse(lines.body)).toEqual({ [PLAIN]: 'Lama helin.' });
    const sources = JSON.parse((await call(admin, 'GET', `${API}/${so.id}/export?kind=sources`)).body);
    expect(Object.keys(sources)).toEqual([...CATALOGUE_SOURCES]);
    expect(sources[PLAIN]).toBe('Lama helin.');
    expect(sources[WITH_ARGUMENT]).toBe('');
  });

  it('finds lines by source or translation, missing ones, and those whose source changed since', async () => {
    const [am] = await t.db.select().from(localizations).where(eq(localizations.language, 'am'));
    const page = await call(admin, 'GET', `${API}/${am!.id}/lines?query=not%20found&perPage=100`);
    expect(page.statusCode).toBe(200);
    expect(page.json().data.map((r: { source: string }) => r.source)).toContain(PLAIN);

    const sw = await createLanguage('sw', 'Kiswahili');
    // A line kept from when the source read a little differently.
    await t.db
      .update(localizations)
      .set({ lines: { 'Not found!': 'Haikupatikana!' } })
      .where(eq(localizations.id, sw.id));
    const changed = (await call(admin, 'GET', `${API}/${sw.id}/lines?filter=changed&perPage=100`)).json();
    expect(changed.data).toContainEqual(
      expect.objectContaining({
        source: PLAIN,
        line: null,
        previous: { source: 'Not found!', line: 'Haikupatikana!' },
      }),
    );
    const missing = (await call(admin, 'GET', `${API}/${sw.id}/lines?filter=missing&perPage=1`)).json();
    expect(missing.total).toBe(CATALOGUE_SOURCES.length);
  });

  it('renames, deletes a language, and keeps English and the default language', async () => {
    const list = (await call(admin, 'GET', API)).json().localizations as { id: number; language: string }[];
    const en = list.find((l) => l.language === 'en')!;
    expect((await call(admin, 'DELETE', `${API}/${en.id}`)).statusCode).toBe(422);
    const ha = await createLanguage('ha', 'Hausa');
    const renamed = await call(admin, 'PUT', `${API}/${ha.id}`, { name: 'Harshen Hausa' });
    expect(renamed.json().localization.name).toBe('Harshen Hausa');
    expect((await call(admin, 'DELETE', `${API}/${ha.id}`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `${API}/${ha.id}/lines`)).statusCode).toBe(404);
  });

  it('is only for holders of localizations.update', async () => {
    const user = await sessionFor(t.db, (await createUser(t.db, { roles: ['users'] })).id);
    expect((await call(user, 'GET', API)).statusCode).toBe(403);
    expect((await call(user, 'PUT', `${API}/1/lines`, { lines: {} })).statusCode).toBe(403);
  });
});
