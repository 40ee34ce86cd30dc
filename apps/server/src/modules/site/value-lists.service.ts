import type { Localization, ValueListName, ValueListsResponse } from '@zema/contracts';
import { asc } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { COUNTRY_CODES } from '#src/lib/countries';
import { localizations } from '#src/modules/localization/tables';

type Timezone = { value: string; text: string };

/** "+03:00" for a zone at `at`, from the runtime's tz database. */
export function utcOffset(timeZone: string, at = new Date()): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const offset = part?.replace(/^GMT/, '') ?? '';
  return offset === '' ? '+00:00' : offset;
}

export function listTimezones(at = new Date()): Record<string, Timezone[]> {
  const groups: Record<string, Timezone[]> = {};
  for (const value of Intl.supportedValuesOf('timeZone')) {
    const region = value.split('/')[0]!;
    const text = `(UTC${utcOffset(value, at)}) ${value.replaceAll('_', ' ')}`;
    groups[region] = [...(groups[region] ?? []), { value, text }];
  }
  return groups;
}

let countriesCache: { code: string; name: string }[] | undefined;
export function listCountries() {
  if (!countriesCache) {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    countriesCache = COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      a.name.localeCompare(b.name, 'en'),
    );
  }
  return countriesCache;
}

async function listLocalizations(db: Database): Promise<Localization[]> {
  return db
    .select({ id: localizations.id, name: localizations.name, language: localizations.language })
    .from(localizations)
    .orderBy(asc(localizations.name));
}

export async function getValueLists(db: Database, names: ValueListName[]): Promise<ValueListsResponse> {
  const out: ValueListsResponse = {};
  for (const name of new Set(names)) {
    if (name === 'timezones') out.timezones = listTimezones();
    else if (name === 'countries') out.countries = listCountries();
    else if (name === 'localizations') out.localizations = await listLocalizations(db);
  }
  return out;
}
