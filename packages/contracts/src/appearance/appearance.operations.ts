import { z } from 'zod';
import { defineOperations } from '../operation';
import { ADMIN_PERMISSIONS as A } from '../permissions';
import {
  appearanceDraftSchema,
  appearanceEditorResponseSchema,
  appearanceHistoryResponseSchema,
  appearanceImageRequestSchema,
  saveAppearanceDraftRequestSchema,
} from './appearance-admin';

const access = { permission: A.appearanceUpdate } as const;
const versionParams = z.object({ id: z.coerce.number().int().positive() });

/** The appearance editor (SPEC §1, §4): a draft per admin, publish, history and rollback. */
export const appearanceAdmin = defineOperations('Appearance', {
  get: {
    method: 'GET',
    path: '/api/v1/admin/appearance',
    access,
    response: appearanceEditorResponseSchema,
    summary: "The published appearance, the latest version and this admin's draft",
  },
  saveDraft: {
    method: 'PUT',
    path: '/api/v1/admin/appearance/draft',
    access,
    body: saveAppearanceDraftRequestSchema,
    response: z.object({ draft: appearanceDraftSchema }),
    summary: "Keep this admin's unpublished changes (visitors never see a draft)",
  },
  discardDraft: {
    method: 'DELETE',
    path: '/api/v1/admin/appearance/draft',
    access,
    response: appearanceEditorResponseSchema,
    summary: "Drop this admin's draft",
  },
  publish: {
    method: 'POST',
    path: '/api/v1/admin/appearance/publish',
    access,
    response: appearanceEditorResponseSchema,
    summary: "Publish this admin's draft to every visitor, as a new version",
  },
  uploadImage: {
    method: 'POST',
    path: '/api/v1/admin/appearance/images',
    access,
    body: appearanceImageRequestSchema,
    response: z.object({ url: z.string() }),
    summary: 'Make a logo, landing picture or favicon set from an upload; answers its address',
  },
  history: {
    method: 'GET',
    path: '/api/v1/admin/appearance/versions',
    access,
    response: appearanceHistoryResponseSchema,
    summary: 'Published versions, newest first, with who and when',
  },
  restore: {
    method: 'POST',
    path: '/api/v1/admin/appearance/versions/:id/restore',
    access,
    params: versionParams,
    response: appearanceEditorResponseSchema,
    summary: 'Roll back: publish an earlier version again, as a new version',
  },
});
