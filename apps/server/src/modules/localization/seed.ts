import type { Tx } from '#src/db/client';
import type { SeedResult } from '#src/db/seed';
import { AMHARIC_LOCALIZATION } from './amharic';
import { localizations } from './localization.tables';

/** English and Amharic, the languages every install starts with. */
export async function seedLocalizations(tx: Tx): Promise<Partial<SeedResult>> {
  // Keyed by language: an install that predates a language gets it on its next start, while a
  // language that already exists (perhaps edited by an admin) is left alone.
  const addedLocales = await tx
    .insert(localizations)
    .values([{ name: 'English', language: 'en', lines: {} }, AMHARIC_LOCALIZATION])
    .onConflictDoNothing({ target: localizations.language })
    .returning({ id: localizations.id });
  // Only present when true, so the usual answer stays `{ adminCreated }`.
  return addedLocales.length > 0 ? { localizationsAdded: true } : {};
}
