import { z } from 'zod';
import { defineOperations } from '../operation';
import { ADMIN_PERMISSIONS as A } from '../permissions';
import { idParamSchema } from '../primitives';
import {
  createLocalizationRequestSchema,
  importLinesResponseSchema,
  localizationExportQuerySchema,
  localizationLinesQuerySchema,
  localizationLinesResponseSchema,
  localizationListResponseSchema,
  localizationResponseSchema,
  updateLinesRequestSchema,
  updateLinesResponseSchema,
  updateLocalizationRequestSchema,
} from './localization-admin';

const access = { permission: A.localizationsUpdate } as const;
const idParams = z.object({ id: idParamSchema });

/**
 * The translation editor (issue 32): languages with their coverage, their lines against the
 * catalogue of the code's texts, and import and export as JSON. Which language is the default and
 * whether visitors get the picker are settings (`i18n.default_locale`, `i18n.enable`).
 */
export const localizationAdmin = defineOperations('Localizations', {
  list: {
    method: 'GET',
    path: '/api/v1/admin/localizations',
    access,
    response: localizationListResponseSchema,
    summary: 'Languages with their coverage of the catalogue',
  },
  create: {
    method: 'POST',
    path: '/api/v1/admin/localizations',
    access,
    body: createLocalizationRequestSchema,
    response: localizationResponseSchema,
    summary: 'Add a language (every line missing: the English shows until translated)',
  },
  update: {
    method: 'PUT',
    path: '/api/v1/admin/localizations/:id',
    access,
    params: idParams,
    body: updateLocalizationRequestSchema,
    response: localizationResponseSchema,
    summary: 'Rename a language',
  },
  delete: {
    method: 'DELETE',
    path: '/api/v1/admin/localizations/:id',
    access,
    params: idParams,
    response: z.object({ message: z.string() }),
    summary: 'Delete a language (not English, not the default); its readers get the default',
  },
  lines: {
    method: 'GET',
    path: '/api/v1/admin/localizations/:id/lines',
    access,
    params: idParams,
    query: localizationLinesQuerySchema,
    response: localizationLinesResponseSchema,
    summary: "A language's lines against the catalogue: search, missing, changed in source",
  },
  updateLines: {
    method: 'PUT',
    path: '/api/v1/admin/localizations/:id/lines',
    access,
    params: idParams,
    body: updateLinesRequestSchema,
    response: updateLinesResponseSchema,
    summary: 'Write lines (checked: a valid message with the arguments of its source)',
  },
  importLines: {
    method: 'POST',
    path: '/api/v1/admin/localizations/:id/import',
    access,
    params: idParams,
    body: updateLinesRequestSchema,
    response: importLinesResponseSchema,
    summary: 'Import lines from JSON: the good ones are written, the others listed with why',
  },
  exportLines: {
    method: 'GET',
    path: '/api/v1/admin/localizations/:id/export',
    access,
    params: idParams,
    query: localizationExportQuerySchema,
    summary: 'The lines as JSON {source: line}, or the catalogue of sources for a translator',
  },
});
