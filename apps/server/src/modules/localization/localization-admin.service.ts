import {
  type LocalizationLine,
  type LocalizationLinesQuery,
  type LocalizationSummary,
  LOCALIZATION_MESSAGES as M,
  msg,
} from '@zema/contracts';
import { LIST_DEFAULT_PER_PAGE } from '@zema/contracts/list';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { type FieldErrors, invalidInput, NotFoundError } from '#src/lib/errors';
import { toPage } from '#src/lib/pagination';
import { translator } from '#src/lib/translate';
import { type Actor, audit } from '#src/modules/audit/index';
import type { Deps } from '#src/platform/deps';
import { CATALOGUE, CATALOGUE_SOURCES, likeness, lineProblem } from './catalogue';
import { LOCALIZATIONS_CACHE_KEY, localizations } from './localization.tables';

type Row = typeof localizations.$inferSelect;
type AdminDeps = Pick<Deps, 'db' | 'cache' | 'settings'>;

/** English is the source: its lines are the code's own texts. */
const SOURCE_LANGUAGE = 'en';
/** How alike an old source must be to a new one to offer its line as "changed in source". */
const CHANGED_LIKENESS = 0.5;

const english = translator(null);

function summaryOf(row: Row, defaultLocale: string): LocalizationSummary {
  const isSource = row.language === SOURCE_LANGUAGE;
  const translated = isSource
    ? CATALOGUE_SOURCES.length
    : CATALOGUE_SOURCES.filter((source) => row.lines[source]?.trim()).length;
  return {
    id: row.id,
    name: row.name,
    language: row.language,
    is_source: isSource,
    is_default: row.language === defaultLocale,
    translated,
    total: CATALOGUE_SOURCES.length,
  };
}

async function defaultLocale(deps: Pick<Deps, 'settings'>) {
  return (await deps.settings.getClientSettings()).i18n.default_locale;
}

/** Every instance reads the languages again (the bootstrap, mails, refusals): edits apply at once. */
const changed = (deps: Pick<Deps, 'cache'>) => deps.cache.invalidate(LOCALIZATIONS_CACHE_KEY);

async function rowOf(db: Database, id: number): Promise<Row> {
  const [row] = await db.select().from(localizations).where(eq(localizations.id, id)).limit(1);
  if (!row) throw new NotFoundError();
  return row;
}

export async function listLocalizations(deps: AdminDeps) {
  const [rows, locale] = await Promise.all([
    deps.db.select().from(localizations).orderBy(asc(localizations.id)),
    defaultLocale(deps),
  ]);
  return { localizations: rows.map((row) => summaryOf(row, locale)) };
}

/** Whether the browser's Intl knows the language (its plurals, numbers and dates). */
function knownLanguage(language: string): boolean {
  try {
    return Intl.PluralRules.supportedLocalesOf([language]).length > 0;
  } catch {
    return false;
  }
}

/** A new language starts as a copy of the source with every line missing: English shows until translated. */
export async function createLocalization(
  deps: AdminDeps,
  actor: Actor,
  input: { name: string; language: string },
) {
  if (!knownLanguage(input.language)) throw invalidInput({ language: [english(M.unknownLanguage)] });
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(localizations)
      .values({ name: input.name, language: input.language, lines: {} })
      .onConflictDoNothing({ target: localizations.language })
      .returning();
    if (!created) throw invalidInput({ language: [english(M.languageTaken)] });
    await audit(tx, actor, {
      action: 'localization.create',
      target: { type: 'localization', id: created.id, label: `${created.name} (${created.language})` },
      after: { name: created.name, language: created.language },
    });
    return created;
  });
  await changed(deps);
  return { localization: summaryOf(row, await defaultLocale(deps)) };
}

export async function renameLocalization(deps: AdminDeps, actor: Actor, id: number, name: string) {
  const row = await deps.db.transaction(async (tx) => {
    const before = await rowOf(tx as unknown as Database, id);
    const [after] = await tx.update(localizations).set({ name }).where(eq(localizations.id, id)).returning();
    await audit(tx, actor, {
      action: 'localization.update',
      target: { type: 'localization', id, label: `${name} (${before.language})` },
      before: { name: before.name },
      after: { name },
    });
    return after!;
  });
  await changed(deps);
  return { localization: summaryOf(row, await defaultLocale(deps)) };
}

/** Not English (the source) nor the default; its readers get the default language from then on. */
export async function deleteLocalization(deps: AdminDeps, actor: Actor, id: number) {
  const row = await rowOf(deps.db, id);
  if (row.language === SOURCE_LANGUAGE) throw invalidInput({ language: [english(M.englishIsSource)] });
  if (row.language === (await defaultLocale(deps)))
    throw invalidInput({ language: [english(M.defaultLanguage)] });
  await deps.db.transaction(async (tx) => {
    await tx.delete(localizations).where(eq(localizations.id, id));
    await audit(tx, actor, {
      action: 'localization.delete',
      target: { type: 'localization', id, label: `${row.name} (${row.language})` },
      before: { name: row.name, language: row.language, lines: Object.keys(row.lines).length },
    });
  });
  await changed(deps);
  return { message: english(msg('Deleted {name}.'), { name: row.name }) };
}

/**
 * For each source without a line, the line of a source the code no longer says that reads most
 * like it: the translation of the text before it changed.
 */
function previousLines(row: Row): Map<string, { source: string; line: string }> {
  const orphans = Object.entries(row.lines).filter(
    ([source, line]) => !Object.hasOwn(CATALOGUE, source) && line.trim(),
  );
  const out = new Map<string, { source: string; line: string }>();
  if (!orphans.length) return out;
  for (const source of CATALOGUE_SOURCES) {
    if (row.lines[source]?.trim()) continue;
    let best: { source: string; line: string; score: number } | null = null;
    for (const [old, line] of orphans) {
      const score = likeness(source, old);
      if (score >= CHANGED_LIKENESS && (!best || score > best.score)) best = { source: old, line, score };
    }
    if (best) out.set(source, { source: best.source, line: best.line });
  }
  return out;
}

/** The lines of a language against the catalogue, searched in source and line, a page at a time. */
export async function listLines(db: Database, id: number, query: LocalizationLinesQuery) {
  const row = await rowOf(db, id);
  const previous = previousLines(row);
  const needle = query.query?.toLowerCase();
  const filter = query.filter ?? 'all';
  const rows: LocalizationLine[] = [];
  for (const source of CATALOGUE_SOURCES) {
    const line = row.lines[source]?.trim() ? row.lines[source]! : null;
    if (filter === 'missing' && line !== null) continue;
    if (filter === 'translated' && line === null) continue;
    if (filter === 'changed' && !previous.has(source)) continue;
    if (needle && !source.toLowerCase().includes(needle) && !line?.toLowerCase().includes(needle)) continue;
    rows.push({
      source,
      line,
      files: [...(CATALOGUE[source] ?? [])],
      previous: previous.get(source) ?? null,
    });
  }
  if (query.order === 'desc') rows.reverse();
  const perPage = query.perPage ?? LIST_DEFAULT_PER_PAGE;
  const page = query.page ?? 1;
  return toPage(rows.slice((page - 1) * perPage, page * perPage), rows.length, page, perPage);
}

/** The reason a line is refused, in English (the answer is translated for the reader). */
function reasonOf(source: string, line: string): string | null {
  const problem = lineProblem(source, line);
  if (!problem) return null;
  if (problem.kind === 'unknown') return english(M.unknownSource);
  if (problem.kind === 'parse') return english(M.badLine, { error: problem.error });
  return english(M.otherArguments, { expected: problem.expected });
}

/**
 * Writes lines in one statement (an empty line removes the translation); `strict` refuses the whole
 * save when one line is wrong (the editor), otherwise the good lines are written and the others
 * returned (an import).
 */
export async function writeLines(
  deps: AdminDeps,
  actor: Actor,
  id: number,
  input: Record<string, string>,
  { strict }: { strict: boolean },
) {
  const row = await rowOf(deps.db, id);
  if (row.language === SOURCE_LANGUAGE) throw invalidInput({ lines: [english(M.englishIsSource)] });
  const set: Record<string, string> = {};
  const removed: string[] = [];
  const refused: { source: string; reason: string }[] = [];
  for (const [source, raw] of Object.entries(input)) {
    const line = raw.trim();
    if (!line) {
      if (Object.hasOwn(row.lines, source)) removed.push(source);
      continue;
    }
    const reason = reasonOf(source, line);
    if (reason) refused.push({ source, reason });
    else if (row.lines[source] !== line) set[source] = line;
  }
  if (strict && refused.length) {
    const errors: FieldErrors = {};
    for (const { source, reason } of refused) errors[`lines.${source}`] = [reason];
    throw invalidInput(errors);
  }
  const updated = Object.keys(set).length + removed.length;
  let after = row;
  if (updated) {
    after = await deps.db.transaction(async (tx) => {
      const [written] = await tx
        .update(localizations)
        .set({
          lines: sql`(${localizations.lines} - ${sql.param(removed)}::text[]) || ${JSON.stringify(set)}::jsonb`,
        })
        .where(eq(localizations.id, id))
        .returning();
      await audit(tx, actor, {
        action: strict ? 'localization.lines_update' : 'localization.import',
        target: { type: 'localization', id, label: `${row.name} (${row.language})` },
        before: Object.fromEntries([...Object.keys(set), ...removed].map((s) => [s, row.lines[s] ?? null])),
        after: { ...set, ...Object.fromEntries(removed.map((s) => [s, null])) },
      });
      return written!;
    });
    await changed(deps);
  }
  return { localization: summaryOf(after, await defaultLocale(deps)), updated, refused };
}

/** `{source: line}` of a language, or the catalogue's sources `{source: ""}` for a translator. */
export async function exportLines(db: Database, id: number, kind: 'lines' | 'sources') {
  const row = await rowOf(db, id);
  const body =
    kind === 'sources'
      ? Object.fromEntries(CATALOGUE_SOURCES.map((source) => [source, row.lines[source] ?? '']))
      : Object.fromEntries(
          CATALOGUE_SOURCES.filter((s) => row.lines[s]?.trim()).map((s) => [s, row.lines[s]!]),
        );
  return { row, body };
}
