import { sql } from 'drizzle-orm';
import type { Tx } from '#src/db/client';
import { customPages } from './pages.tables';
import { sanitizePageHtml } from './sanitize';
import { SEED_PAGES } from './seed-texts';

/**
 * Privacy policy, terms of service and about on a fresh install (an empty table): an operator
 * edits or deletes them in the admin, and a restart does not bring them back.
 */
export async function seedPages(tx: Tx): Promise<void> {
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(customPages);
  if (count!.n > 0) return;
  await tx.insert(customPages).values(
    SEED_PAGES.map(({ slug, en, am }) => ({
      slug,
      title: en.title,
      body: sanitizePageHtml(en.body),
      seoTitle: en.seo_title,
      seoDescription: en.seo_description,
      translations: { am: { ...am, body: sanitizePageHtml(am.body) } },
    })),
  );
}
