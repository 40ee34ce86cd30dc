import { type Menu, msg } from '@zema/contracts';
import type {
  AppearanceDraft,
  AppearanceEditorResponse,
  AppearanceValues,
  AppearanceVersion,
  EditableTheme,
  SaveAppearanceDraftRequest,
} from '@zema/contracts/appearance/appearance-admin';
import { APPEARANCE_LIMITS } from '@zema/contracts/appearance/appearance-admin';
import { themeFontStylesheet } from '@zema/contracts/appearance/fonts';
import { desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '#src/db/client';
import { ForbiddenError, invalidInput, NotFoundError } from '#src/lib/errors';
import { type Actor, audit } from '#src/modules/audit/index';
import { publicNameSql, users } from '#src/modules/users/tables';
import type { Deps } from '#src/platform/deps';
import { APPEARANCE_CACHE_KEYS, listMenus, listThemes, publishedCustomCode } from './appearance.reads';
import { appearanceDrafts, appearanceVersions, menus, themes } from './appearance.tables';
import { sanitizeCustomCss, sanitizeCustomHtml } from './custom-code';

export type AppearanceDeps = Pick<Deps, 'db' | 'settings' | 'cache'>;

export const APPEARANCE_MESSAGES = {
  nothingToPublish: msg('There are no changes to publish.'),
  htmlNotAllowed: msg('You may not change the custom HTML.'),
  unknownDefaultTheme: msg('Choose one of the themes as the default.'),
  oneDefaultLight: msg('Only one theme can be the default light theme.'),
  oneDefaultDark: msg('Only one theme can be the default dark theme.'),
  duplicateTheme: msg('Two themes have the same id.'),
  duplicateMenu: msg('Two menus have the same id.'),
  tooManyVersions: msg('Enter a number of versions between 1 and 50.'),
} as const;

/**
 * The custom code served now, cached on every instance until the next publish; sanitised again as
 * it is loaded, so a row written by any other way still cannot put a script on a page.
 */
export function cachedCustomCode({ db, cache }: Pick<Deps, 'db' | 'cache'>) {
  return cache.get(APPEARANCE_CACHE_KEYS.customCode, async () => {
    const code = await publishedCustomCode(db);
    return { css: sanitizeCustomCss(code.css), html: sanitizeCustomHtml(code.html) };
  });
}

/** What visitors see now, as one editor value (settings, themes, menus, custom code). */
export async function publishedValues(deps: AppearanceDeps): Promise<AppearanceValues> {
  const [settings, allThemes, allMenus, customCode] = await Promise.all([
    deps.settings.getClientSettings(),
    deps.cache.get(APPEARANCE_CACHE_KEYS.themes, () => listThemes(deps.db)),
    deps.cache.get(APPEARANCE_CACHE_KEYS.menus, () => listMenus(deps.db)),
    cachedCustomCode(deps),
  ]);
  return {
    site_name: settings.site_name,
    branding: settings.branding,
    themes: { ...settings.themes, all: allThemes },
    menus: allMenus.map((m) => ({
      ...m,
      positions: m.positions as AppearanceValues['menus'][number]['positions'],
    })),
    landing: settings.landing,
    cookie_notice: settings.cookie_notice,
    custom_code: customCode,
  };
}

function versionJson(row: {
  id: number;
  publishedAt: Date;
  publishedBy: number | null;
  publisherName: string | null;
  restoredFrom: number | null;
  firstId: number | null;
}): AppearanceVersion {
  return {
    id: row.id,
    published_at: row.publishedAt.toISOString(),
    published_by:
      row.publishedBy === null
        ? null
        : { id: row.publishedBy, name: row.publisherName || `User ${row.publishedBy}` },
    restored_from: row.restoredFrom,
    // The look the site had before its first publish, kept then (see `commit`): nobody published it.
    original: row.id === row.firstId && row.publishedBy === null && row.restoredFrom === null,
  };
}

/** Published versions, newest first. */
export async function listVersions(db: Db, limit: number = APPEARANCE_LIMITS.history) {
  const rows = await db
    .select({
      id: appearanceVersions.id,
      publishedAt: appearanceVersions.publishedAt,
      publishedBy: appearanceVersions.publishedBy,
      publisherName: publicNameSql,
      restoredFrom: appearanceVersions.restoredFrom,
      firstId: sql<number | null>`(select min(${appearanceVersions.id}) from ${appearanceVersions})`.mapWith(
        (v) => (v === null ? null : Number(v)),
      ),
    })
    .from(appearanceVersions)
    .leftJoin(users, eq(users.id, appearanceVersions.publishedBy))
    .orderBy(desc(appearanceVersions.id))
    .limit(limit);
  return rows.map(versionJson);
}

async function draftOf(db: Db, userId: number): Promise<AppearanceDraft | null> {
  const [row] = await db.select().from(appearanceDrafts).where(eq(appearanceDrafts.userId, userId));
  return row
    ? { values: row.values, updated_at: row.updatedAt.toISOString(), base_version_id: row.baseVersionId }
    : null;
}

/** The editor's start: the published appearance, the latest version and this admin's draft. */
export async function getEditor(
  deps: AppearanceDeps,
  actor: Actor,
  canEditHtml: boolean,
): Promise<AppearanceEditorResponse> {
  const [published, [version], draft] = await Promise.all([
    publishedValues(deps),
    listVersions(deps.db, 1),
    draftOf(deps.db, actor.user.id),
  ]);
  return { published, version: version ?? null, draft, can_edit_html: canEditHtml };
}

/**
 * The rules a whole value must keep besides its schema: the default theme is one of the themes,
 * at most one default per mode, ids unique. Answers the value with its custom code made safe.
 */
function checked(values: AppearanceValues): AppearanceValues {
  const errors: Record<string, string[]> = {};
  const all = values.themes.all;
  const ids = all.map((t) => t.id);
  if (new Set(ids).size !== ids.length) errors['values.themes.all'] = [APPEARANCE_MESSAGES.duplicateTheme];
  if (values.themes.default_id !== null && !ids.includes(values.themes.default_id))
    errors['values.themes.default_id'] = [APPEARANCE_MESSAGES.unknownDefaultTheme];
  if (all.filter((t) => t.default_light).length > 1)
    errors['values.themes.all'] = [APPEARANCE_MESSAGES.oneDefaultLight];
  if (all.filter((t) => t.default_dark).length > 1)
    errors['values.themes.all'] = [APPEARANCE_MESSAGES.oneDefaultDark];
  const menuIds = values.menus.map((m) => m.id);
  if (new Set(menuIds).size !== menuIds.length) errors['values.menus'] = [APPEARANCE_MESSAGES.duplicateMenu];
  if (Object.keys(errors).length) throw invalidInput(errors);
  return {
    ...values,
    themes: {
      ...values.themes,
      // A font's stylesheet is the site's own, from its family: never an address someone sent.
      all: values.themes.all.map((theme) => {
        if (!theme.font) return theme;
        const src = themeFontStylesheet(theme.font.family);
        return { ...theme, font: src ? { family: theme.font.family, src } : { family: theme.font.family } };
      }),
    },
    custom_code: {
      css: sanitizeCustomCss(values.custom_code.css),
      html: sanitizeCustomHtml(values.custom_code.html),
    },
  };
}

/**
 * Keeps this admin's unpublished changes. The custom HTML needs its own permission: without it,
 * the draft must carry the published HTML unchanged.
 */
export async function saveDraft(
  deps: AppearanceDeps,
  actor: Actor,
  body: SaveAppearanceDraftRequest,
  canEditHtml: boolean,
): Promise<AppearanceDraft> {
  const values = checked(body.values);
  if (!canEditHtml) {
    const published = await publishedValues(deps);
    if (values.custom_code.html !== sanitizeCustomHtml(published.custom_code.html))
      throw new ForbiddenError(APPEARANCE_MESSAGES.htmlNotAllowed);
  }
  const now = new Date();
  const row = { values, baseVersionId: body.base_version_id, updatedAt: now };
  await deps.db
    .insert(appearanceDrafts)
    .values({ userId: actor.user.id, ...row })
    .onConflictDoUpdate({ target: appearanceDrafts.userId, set: row });
  return { values, updated_at: now.toISOString(), base_version_id: body.base_version_id };
}

export async function discardDraft(deps: AppearanceDeps, actor: Actor) {
  await deps.db.delete(appearanceDrafts).where(eq(appearanceDrafts.userId, actor.user.id));
}

/** Publishes this admin's draft to every visitor, as a new version. */
export async function publishDraft(deps: AppearanceDeps, actor: Actor) {
  const draft = await draftOf(deps.db, actor.user.id);
  if (!draft) throw invalidInput({ draft: [APPEARANCE_MESSAGES.nothingToPublish] });
  return commit(deps, actor, checked(draft.values), { restoredFrom: null, dropDraft: true });
}

/** Rollback: publishes an earlier version again, as a new version (the history keeps both). */
export async function restoreVersion(deps: AppearanceDeps, actor: Actor, versionId: number) {
  const [row] = await deps.db
    .select({ values: appearanceVersions.values })
    .from(appearanceVersions)
    .where(eq(appearanceVersions.id, versionId));
  if (!row) throw new NotFoundError();
  return commit(deps, actor, checked(row.values), { restoredFrom: versionId, dropDraft: false });
}

/** Themes as the editor holds them become the table's rows; answers new ids by editor id. */
async function writeThemes(tx: Tx, all: EditableTheme[]): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  const existing = new Set((await tx.select({ id: themes.id }).from(themes)).map((r) => r.id));
  for (const theme of all) {
    const columns = {
      name: theme.name,
      values: theme.values,
      isDark: theme.is_dark,
      defaultLight: theme.default_light,
      defaultDark: theme.default_dark,
      font: theme.font ?? null,
    };
    if (existing.has(theme.id)) {
      await tx.update(themes).set(columns).where(eq(themes.id, theme.id));
      ids.set(theme.id, theme.id);
    } else {
      // New in the editor (a negative id), or a theme a rollback brings back after its deletion.
      const [row] = await tx.insert(themes).values(columns).returning({ id: themes.id });
      ids.set(theme.id, row!.id);
    }
  }
  const kept = [...ids.values()];
  await tx.delete(themes).where(kept.length ? notInArray(themes.id, kept) : undefined);
  return ids;
}

async function writeMenus(tx: Tx, all: AppearanceValues['menus']) {
  const ids = all.map((m) => m.id);
  if (ids.length) await tx.delete(menus).where(notInArray(menus.id, ids));
  else await tx.delete(menus);
  for (const [sort, menu] of all.entries()) {
    const row = { name: menu.name, positions: menu.positions, items: menu.items as Menu['items'], sort };
    await tx
      .insert(menus)
      .values({ id: menu.id, ...row })
      .onConflictDoUpdate({ target: menus.id, set: row });
  }
}

/**
 * One publish: the settings, themes and menus become `values` and a version records it, in one
 * transaction; the audit log keeps before and after; then every instance drops its cached copy
 * (the settings cache, the themes, the menus and the custom code), so the next page anywhere is
 * the new look. Two publishes at once are serialised by the rows they both write: the later one
 * wins whole, and both are in the history.
 */
async function commit(
  deps: AppearanceDeps,
  actor: Actor,
  values: AppearanceValues,
  opts: { restoredFrom: number | null; dropDraft: boolean },
): Promise<number> {
  const before = await publishedValues(deps);
  const settingsOf = (v: AppearanceValues): [string, never][] =>
    [
      ['site_name', v.site_name],
      ['branding', v.branding],
      ['themes', { user_change: v.themes.user_change, default_id: v.themes.default_id }],
      ['cookie_notice', v.cookie_notice],
      ['landing', v.landing],
    ] as [string, never][];
  // The settings' own rules first (a default theme not published yet counts as none here).
  const problems = await deps.settings.check(
    settingsOf({ ...values, themes: { ...values.themes, default_id: null } }),
  );
  if (Object.keys(problems).length) throw invalidInput(problems);

  let versionId = 0;
  await deps.settings.writeWith(async (tx) => {
    const ids = await writeThemes(tx, values.themes.all);
    await writeMenus(tx, values.menus);
    // The first publish keeps the look the site started with as a version before its own, so a
    // fresh install can always roll back to it. Asked after the writes above: a first publish at
    // the same moment waits on those rows, then finds the version the other one kept.
    const [anyVersion] = await tx.select({ id: appearanceVersions.id }).from(appearanceVersions).limit(1);
    if (!anyVersion)
      await tx.insert(appearanceVersions).values({ values: before, publishedBy: null, restoredFrom: null });
    const resolved: AppearanceValues = {
      ...values,
      themes: {
        ...values.themes,
        default_id: values.themes.default_id === null ? null : (ids.get(values.themes.default_id) ?? null),
        all: values.themes.all.map((t) => ({ ...t, id: ids.get(t.id) ?? t.id })),
      },
    };
    const [version] = await tx
      .insert(appearanceVersions)
      .values({ values: resolved, publishedBy: actor.user.id, restoredFrom: opts.restoredFrom })
      .returning({ id: appearanceVersions.id });
    versionId = version!.id;
    if (opts.dropDraft) await tx.delete(appearanceDrafts).where(eq(appearanceDrafts.userId, actor.user.id));
    await audit(tx, actor, {
      action: opts.restoredFrom ? 'appearance.restore' : 'appearance.publish',
      target: { type: 'appearance', id: versionId, label: `Version ${versionId}` },
      before,
      after: resolved,
    });
    return settingsOf(resolved);
  });
  await Promise.all(Object.values(APPEARANCE_CACHE_KEYS).map((key) => deps.cache.invalidate(key)));
  return versionId;
}
