import {
  ADMIN_PERMISSIONS,
  type CustomPage,
  type CustomPageAudience,
  hasPermission,
  msg,
  type User,
} from '@zema/contracts';
import type {
  CustomPageAdmin,
  CustomPageListItem,
  CustomPageText,
  SaveCustomPageRequest,
  saveCustomPageRequestSchema,
} from '@zema/contracts/pages/pages-admin';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#src/db/client';
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError } from '#src/lib/errors';
import { containsPattern, type ListQuery, listOrder, listPage, listWindow } from '#src/lib/list-query';
import type { Page } from '#src/lib/pagination';
import { type Actor, audit } from '#src/modules/audit/index';
import { customPageWhere } from './pages.reads';
import { customPages } from './pages.tables';
import { sanitizePageHtml } from './sanitize';

type Row = typeof customPages.$inferSelect;
type SaveInput = z.output<typeof saveCustomPageRequestSchema>;

const canManage = (user: User | null) => hasPermission(user, ADMIN_PERMISSIONS.customPagesUpdate);

/** A page by id (`12`) or address (`privacy-policy`). */
async function findPage(db: Db, idOrSlug: string): Promise<Row | undefined> {
  const [row] = await db.select().from(customPages).where(customPageWhere(idOrSlug)).limit(1);
  return row;
}

/**
 * Who may read a page: a hidden page only its editors; otherwise everyone, a signed-in user, or a
 * holder of the page's role (editors read every page). Refusals say why, so the app sends a
 * visitor to log in (SPEC §2: 401 or 403 while logged out).
 */
function checkAudience(row: Pick<Row, 'hidden' | 'audience' | 'roleId'>, user: User | null): void {
  if (canManage(user)) return;
  const needs: CustomPageAudience | 'editor' = row.hidden ? 'editor' : row.audience;
  if (needs === 'everyone') return;
  if (!user) throw new UnauthenticatedError();
  if (needs === 'signed-in') return;
  if (needs === 'role' && row.roleId !== null && user.roles.some((r) => r.id === row.roleId)) return;
  throw new ForbiddenError();
}

/** SPEC §7 `GET custom-pages/{idOrSlug}`: in `language` when the page has it, sanitised again. */
export async function readCustomPage(
  db: Db,
  user: User | null,
  idOrSlug: string,
  language: string,
): Promise<CustomPage> {
  const row = await findPage(db, idOrSlug);
  if (!row) throw new NotFoundError();
  checkAudience(row, user);
  const translated = row.translations[language];
  const text: CustomPageText = translated ?? {
    title: row.title,
    body: row.body,
    seo_title: row.seoTitle,
    seo_description: row.seoDescription,
  };
  return {
    id: row.id,
    slug: row.slug,
    title: text.title,
    body: sanitizePageHtml(text.body),
    seo_title: text.seo_title,
    seo_description: text.seo_description,
    set_seo: !!(text.seo_title || text.seo_description),
    type: 'default',
    language: translated ? language : 'default',
    updated_at: row.updatedAt.toISOString(),
  };
}

function toAdmin(row: Row): CustomPageAdmin {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    body: row.body,
    seo_title: row.seoTitle,
    seo_description: row.seoDescription,
    hidden: row.hidden,
    audience: row.audience,
    role_id: row.roleId,
    translations: row.translations,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const SORTS = {
  title: customPages.title,
  slug: customPages.slug,
  updated_at: customPages.updatedAt,
  created_at: customPages.createdAt,
};

export async function listCustomPages(db: Db, query: ListQuery): Promise<Page<CustomPageListItem>> {
  const where: SQL | undefined = query.query
    ? sql`(lower(${customPages.title}) like ${containsPattern(query.query)} or ${customPages.slug} like ${containsPattern(query.query)})`
    : undefined;
  const { perPage, offset } = listWindow(query);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(customPages)
      .where(where)
      .orderBy(...listOrder(query, SORTS, { sort: 'updated_at', order: 'desc' }, customPages.id))
      .limit(perPage)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(customPages).where(where),
  ]);
  return listPage(
    rows.map(({ id, slug, title, hidden, audience, roleId, updatedAt }) => ({
      id,
      slug,
      title,
      hidden,
      audience,
      role_id: roleId,
      updated_at: updatedAt.toISOString(),
    })),
    Number(count?.n ?? 0),
    query,
  );
}

export async function getCustomPage(db: Db, id: number): Promise<CustomPageAdmin> {
  const [row] = await db.select().from(customPages).where(eq(customPages.id, id)).limit(1);
  if (!row) throw new NotFoundError();
  return toAdmin(row);
}

const cleanText = (text: CustomPageText): CustomPageText => ({ ...text, body: sanitizePageHtml(text.body) });

/** The row a save writes: every body sanitised before it is stored. */
function rowValues(input: SaveInput) {
  return {
    slug: input.slug,
    title: input.title,
    body: sanitizePageHtml(input.body),
    seoTitle: input.seo_title,
    seoDescription: input.seo_description,
    translations: Object.fromEntries(
      Object.entries(input.translations).map(([language, text]) => [language, cleanText(text)]),
    ),
    hidden: input.hidden,
    audience: input.audience,
    roleId: input.audience === 'role' ? input.role_id : null,
  };
}

async function slugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: customPages.id })
    .from(customPages)
    .where(eq(customPages.slug, slug))
    .limit(1);
  return !!row && row.id !== exceptId;
}

const SLUG_TAKEN = msg('Another page has this address.');

export async function createCustomPage(db: Db, actor: Actor, input: SaveInput): Promise<CustomPageAdmin> {
  return db.transaction(async (tx) => {
    if (await slugTaken(tx, input.slug)) throw new ConflictError(SLUG_TAKEN, { slug: [SLUG_TAKEN] });
    const [row] = await tx.insert(customPages).values(rowValues(input)).returning();
    const page = toAdmin(row!);
    await audit(tx, actor, {
      action: 'page.create',
      target: { type: 'page', id: page.id, label: page.title },
      after: page,
    });
    return page;
  });
}

export async function updateCustomPage(
  db: Db,
  actor: Actor,
  id: number,
  input: SaveInput,
): Promise<CustomPageAdmin> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(customPages).where(eq(customPages.id, id)).for('update');
    if (!before) throw new NotFoundError();
    if (await slugTaken(tx, input.slug, id)) throw new ConflictError(SLUG_TAKEN, { slug: [SLUG_TAKEN] });
    const [row] = await tx
      .update(customPages)
      .set({ ...rowValues(input), updatedAt: new Date() })
      .where(eq(customPages.id, id))
      .returning();
    const page = toAdmin(row!);
    await audit(tx, actor, {
      action: 'page.update',
      target: { type: 'page', id, label: page.title },
      before: toAdmin(before),
      after: page,
    });
    return page;
  });
}

export async function deleteCustomPage(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(customPages).where(eq(customPages.id, id)).returning();
    if (!row) throw new NotFoundError();
    await audit(tx, actor, {
      action: 'page.delete',
      target: { type: 'page', id, label: row.title },
      before: toAdmin(row),
    });
  });
}

export type { SaveCustomPageRequest };
