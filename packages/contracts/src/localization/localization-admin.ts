import { z } from 'zod';
import { msg } from '../i18n/messages';
import { LIST_QUERY_MAX_LENGTH, listQuerySchema, listResponseSchema } from '../list';

/** Lines an import or a save may carry at once (the catalogue holds a couple of thousand). */
export const LOCALIZATION_LIMITS = { name: 60, source: 2_000, line: 5_000, linesPerRequest: 5_000 } as const;

/**
 * A language code as BCP 47 writes the common ones: `am`, `om`, `ti`, `en-GB`, `zh-Hant`, `es-419`.
 * It names the language to the browser (`<html lang>`, plural rules, number and date formats).
 */
export const LANGUAGE_CODE_PATTERN = /^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?$/;

export const LOCALIZATION_MESSAGES = {
  languageCode: msg('Use a language code such as am, om, ti or en-GB.'),
  languageTaken: msg('This language already exists.'),
  unknownLanguage: msg('Intl does not know this language code.'),
  englishIsSource: msg('English is the source language: its texts are in the code.'),
  defaultLanguage: msg('This is the default language: choose another default first.'),
  badLine: msg('This line is not a valid message: {error}'),
  otherArguments: msg('Keep the arguments of the source: {expected}.'),
  unknownSource: msg('No text of the app reads like this.'),
} as const;

export const localizationSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  language: z.string(),
  /** English: the source language, whose lines are the code's own texts. */
  is_source: z.boolean(),
  is_default: z.boolean(),
  /** Catalogue sources with a line, and all of them (coverage). */
  translated: z.number().int(),
  total: z.number().int(),
});
export type LocalizationSummary = z.infer<typeof localizationSummarySchema>;

export const localizationListResponseSchema = z.object({
  localizations: z.array(localizationSummarySchema),
});

export const createLocalizationRequestSchema = z.object({
  name: z.string().trim().min(1, msg('The name field is required.')).max(LOCALIZATION_LIMITS.name),
  language: z.string().trim().regex(LANGUAGE_CODE_PATTERN, LOCALIZATION_MESSAGES.languageCode),
});
export const updateLocalizationRequestSchema = z.object({
  name: z.string().trim().min(1, msg('The name field is required.')).max(LOCALIZATION_LIMITS.name),
});
export const localizationResponseSchema = z.object({ localization: localizationSummarySchema });

/** `missing`: no line yet; `changed`: the line was written for a source the code has since changed. */
export const LINE_FILTERS = ['all', 'missing', 'changed', 'translated'] as const;
export type LineFilter = (typeof LINE_FILTERS)[number];

export const localizationLinesQuerySchema = listQuerySchema(['source'] as const, {
  filter: z.enum(LINE_FILTERS).optional(),
});
export type LocalizationLinesQuery = z.infer<typeof localizationLinesQuerySchema>;

export const localizationLineSchema = z.object({
  source: z.string(),
  line: z.string().nullable(),
  /** Where the code uses it, for a translator's context. */
  files: z.array(z.string()),
  /**
   * Set when the source changed after it was translated: the old source and its line, which the
   * translator can start from.
   */
  previous: z.object({ source: z.string(), line: z.string() }).nullable(),
});
export type LocalizationLine = z.infer<typeof localizationLineSchema>;
export const localizationLinesResponseSchema = listResponseSchema(localizationLineSchema);

/** Lines to write, by source; an empty line removes the translation (the English shows). */
export const updateLinesRequestSchema = z.object({
  lines: z
    .record(z.string().min(1).max(LOCALIZATION_LIMITS.source), z.string().max(LOCALIZATION_LIMITS.line))
    .refine((lines) => Object.keys(lines).length <= LOCALIZATION_LIMITS.linesPerRequest, {
      message: msg('Too many lines at once.'),
    }),
});
export const updateLinesResponseSchema = z.object({
  localization: localizationSummarySchema,
  /** How many lines were written. */
  updated: z.number().int(),
});

/** An import: every good line is written, each refused one is listed with why. */
export const importLinesResponseSchema = updateLinesResponseSchema.extend({
  refused: z.array(z.object({ source: z.string(), reason: z.string() })),
});

/** `lines`: `{source: line}` of the language; `sources`: the catalogue, `{source: ""}`, for a translator. */
export const localizationExportQuerySchema = z.object({
  kind: z.enum(['lines', 'sources']).optional(),
  query: z.string().trim().max(LIST_QUERY_MAX_LENGTH).optional(),
});
