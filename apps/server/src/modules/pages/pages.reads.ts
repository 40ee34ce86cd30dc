import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '#src/db/client';
import { customPages } from './pages.tables';

/**
 * Whether a custom page answers at `/pages/{idOrSlug}` (hidden or not: who may read it is the
 * page's call, and a hidden page still exists). The served HTML's status says 404 otherwise.
 */
export async function customPageExists(db: Db, idOrSlug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: customPages.id })
    .from(customPages)
    .where(customPageWhere(idOrSlug))
    .limit(1);
  return !!row;
}

/** The page an id (`12`) or an address (`privacy-policy`) names. */
export function customPageWhere(idOrSlug: string): SQL {
  return /^[1-9][0-9]{0,9}$/.test(idOrSlug)
    ? eq(customPages.id, Number(idOrSlug))
    : eq(customPages.slug, idOrSlug.toLowerCase());
}

/**
 * The pages a visitor reads without signing in: not hidden (a draft is its editors' only) and
 * written for everyone — the rule of `checkAudience` (pages.service.ts) for a guest, as a WHERE
 * clause for lists such as the sitemap.
 */
export function customPageReadableByGuests(): SQL {
  return and(eq(customPages.hidden, false), eq(customPages.audience, 'everyone')) as SQL;
}
