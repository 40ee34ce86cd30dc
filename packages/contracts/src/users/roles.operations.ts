import { z } from 'zod';
import { messageResponseSchema } from '../common';
import { listExportQuerySchema } from '../list';
import { defineOperations } from '../operation';
import { ADMIN_PERMISSIONS as A } from '../permissions';
import { idParamSchema } from '../primitives';
import {
  adminRoleResponseSchema,
  rolesListQuerySchema,
  rolesListResponseSchema,
  upsertRoleRequestSchema,
} from './roles';

const idParams = z.object({ id: idParamSchema });
const view = { permission: A.rolesView } as const;
const update = { permission: A.rolesUpdate } as const;

/** Roles and their permissions; the permission catalogue itself is in contracts. */
export const rolesAdmin = defineOperations('Roles (admin)', {
  list: {
    method: 'GET',
    path: '/api/v1/admin/roles',
    access: view,
    query: rolesListQuerySchema,
    response: rolesListResponseSchema,
    summary: 'List roles with their member counts',
  },
  /** text/csv of every row of the current filter (not only the page). */
  exportCsv: {
    method: 'GET',
    path: '/api/v1/admin/roles/export',
    access: view,
    query: listExportQuerySchema(rolesListQuerySchema),
    summary: 'Export the filtered roles as CSV',
  },
  get: {
    method: 'GET',
    path: '/api/v1/admin/roles/:id',
    access: view,
    params: idParams,
    response: adminRoleResponseSchema,
    summary: 'A role with its permissions',
  },
  create: {
    method: 'POST',
    path: '/api/v1/admin/roles',
    access: update,
    body: upsertRoleRequestSchema,
    response: adminRoleResponseSchema,
    summary: 'Create a role',
  },
  update: {
    method: 'PUT',
    path: '/api/v1/admin/roles/:id',
    access: update,
    params: idParams,
    body: upsertRoleRequestSchema,
    response: adminRoleResponseSchema,
    summary: "Edit a role's name, description, default flag and permissions",
  },
  delete: {
    method: 'DELETE',
    path: '/api/v1/admin/roles/:id',
    access: update,
    params: idParams,
    response: messageResponseSchema,
    summary: 'Delete a role (not the guest, default or admin role)',
  },
});
