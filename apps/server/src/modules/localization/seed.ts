import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '#src/db/client';
import type { SeedResult } from '#src/db/seed';
import { AMHARIC_LOCALIZATION } from './amharic';
import { localizations } from './localization.tables';

/** The languages Zema ships lines for, beside English (the source). */
const SHIPPED = [AMHARIC_LOCALIZATION];

/**
 * English and Amharic, the languages every install starts with. Keyed by language: an install that
 * predates a language gets it on its next start. A shipped language that exists already gets the
 * shipped lines it lacks (new messages of a new version), while every line it has — perhaps an
 * admin's edit — is kept.
 */
export async function seedLocalizations(tx: Tx): Promise<Partial<SeedResult>> {
  const addedLocales = await tx
    .insert(localizations)
    .values([{ name: 'English', language: 'en', lines: {} }, ...SHIPPED])
    .onConflictDoNothing({ target: localizations.language })
    .returning({ id: localizations.id });
  for (const shipped of SHIPPED) {
    // jsonb `||` keeps the right side's value for a key both have: the row's own lines win.
    const merged = sql`${JSON.stringify(shipped.lines)}::jsonb || ${localizations.lines}`;
    await tx
      .update(localizations)
      .set({ lines: merged })
      .where(and(eq(localizations.language, shipped.language), sql`${merged} <> ${localizations.lines}`));
  }
  // Only present when true, so the usual answer stays `{ adminCreated }`.
  return addedLocales.length > 0 ? { localizationsAdded: true } : {};
}
