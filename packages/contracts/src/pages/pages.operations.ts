import { z } from 'zod';
import { defineOperations } from '../operation';
import { ADMIN_PERMISSIONS as A } from '../permissions';
import { idParamSchema, idSchema } from '../primitives';
import { customPageParamsSchema, customPageResponseSchema } from './pages';
import {
  customPageAdminSchema,
  customPageListQuerySchema,
  customPageListResponseSchema,
  saveCustomPageRequestSchema,
} from './pages-admin';

/** SPEC §7 `GET custom-pages/{idOrSlug}`: who may read it is the page's own rule. */
export const customPages = defineOperations('Pages', {
  get: {
    method: 'GET',
    path: '/api/v1/custom-pages/:idOrSlug',
    params: customPageParamsSchema,
    access: 'guest',
    response: customPageResponseSchema,
    summary: "A custom page by id or address, in the reader's language",
  },
});

const access = { permission: A.customPagesUpdate } as const;
const idParams = z.object({ id: idParamSchema });

/** The admin's custom pages: list, read, create, update, delete. */
export const customPagesAdmin = defineOperations('Pages', {
  list: {
    method: 'GET',
    path: '/api/v1/admin/custom-pages',
    access,
    query: customPageListQuerySchema,
    response: customPageListResponseSchema,
    summary: 'Custom pages, searchable and sortable',
  },
  get: {
    method: 'GET',
    path: '/api/v1/admin/custom-pages/:id',
    access,
    params: idParams,
    response: z.object({ page: customPageAdminSchema }),
    summary: 'One custom page with its translations',
  },
  create: {
    method: 'POST',
    path: '/api/v1/admin/custom-pages',
    access,
    body: saveCustomPageRequestSchema,
    response: z.object({ page: customPageAdminSchema }),
    summary: 'Create a custom page (its HTML is sanitised)',
  },
  update: {
    method: 'PUT',
    path: '/api/v1/admin/custom-pages/:id',
    access,
    params: idParams,
    body: saveCustomPageRequestSchema,
    response: z.object({ page: customPageAdminSchema }),
    summary: 'Change a custom page (its HTML is sanitised)',
  },
  uploadImage: {
    method: 'POST',
    path: '/api/v1/admin/custom-pages/images',
    access,
    body: z.object({ file_entry_id: idSchema }),
    response: z.object({ url: z.string() }),
    summary: "Make a page's picture from an upload (re-encoded); answers its address",
  },
  delete: {
    method: 'DELETE',
    path: '/api/v1/admin/custom-pages/:id',
    access,
    params: idParams,
    response: z.object({ deleted: z.literal(true) }),
    summary: 'Delete a custom page',
  },
});
