import { z } from 'zod';
import { messageResponseSchema } from '../common';
import { msg } from '../i18n/messages';
import { bulkIdsSchema, bulkResultSchema, listExportQuerySchema } from '../list';
import { defineOperations } from '../operation';
import { ADMIN_PERMISSIONS as A } from '../permissions';
import { idParamSchema } from '../primitives';
import {
  adminUserResponseSchema,
  assignRoleRequestSchema,
  createUserRequestSchema,
  suspendUserRequestSchema,
  updateUserRequestSchema,
  usersListQuerySchema,
  usersListResponseSchema,
} from './users-admin';

const idParams = z.object({ id: idParamSchema });
const view = { permission: A.usersView } as const;
const update = { permission: A.usersUpdate } as const;

/** The admin's user management, under /admin so it never meets `users/:id`. */
export const usersAdmin = defineOperations('Users (admin)', {
  list: {
    method: 'GET',
    path: '/api/v1/admin/users',
    access: view,
    query: usersListQuerySchema,
    response: usersListResponseSchema,
    summary: 'List users: search by name or email, filter, sort, paginate',
  },
  /** text/csv of every row of the current filter (not only the page). */
  exportCsv: {
    method: 'GET',
    path: '/api/v1/admin/users/export',
    access: view,
    query: listExportQuerySchema(usersListQuerySchema),
    summary: 'Export the filtered users as CSV',
  },
  get: {
    method: 'GET',
    path: '/api/v1/admin/users/:id',
    access: view,
    params: idParams,
    response: adminUserResponseSchema,
    summary: "A user's details, roles, permissions, sessions, tokens and recent plays",
  },
  create: {
    method: 'POST',
    path: '/api/v1/admin/users',
    access: { permission: A.usersCreate },
    body: createUserRequestSchema,
    response: adminUserResponseSchema,
    summary: 'Create a user, optionally mailing an invitation to set a password',
  },
  update: {
    method: 'PUT',
    path: '/api/v1/admin/users/:id',
    access: update,
    params: idParams,
    body: updateUserRequestSchema,
    response: adminUserResponseSchema,
    summary: "Edit a user's details, roles and direct permissions",
  },
  delete: {
    method: 'DELETE',
    path: '/api/v1/admin/users/:id',
    access: { permission: A.usersDelete },
    params: idParams,
    response: messageResponseSchema,
    summary: 'Delete a user (the same clean-up as self-deletion)',
  },
  bulkDelete: {
    method: 'POST',
    path: '/api/v1/admin/users/bulk-delete',
    access: { permission: A.usersDelete },
    body: bulkIdsSchema,
    response: bulkResultSchema,
    summary: 'Delete the selected users',
  },
  assignRole: {
    method: 'POST',
    path: '/api/v1/admin/users/assign-role',
    access: update,
    body: assignRoleRequestSchema,
    response: bulkResultSchema,
    summary: 'Give the selected users a role',
  },
  suspend: {
    method: 'POST',
    path: '/api/v1/admin/users/:id/suspend',
    access: update,
    params: idParams,
    body: suspendUserRequestSchema,
    response: adminUserResponseSchema,
    summary: 'Suspend a user: login refused, sessions ended, tokens stop working',
  },
  unsuspend: {
    method: 'POST',
    path: '/api/v1/admin/users/:id/unsuspend',
    access: update,
    params: idParams,
    response: adminUserResponseSchema,
    summary: 'Lift a suspension',
  },
  markVerified: {
    method: 'POST',
    path: '/api/v1/admin/users/:id/verify-email',
    access: update,
    params: idParams,
    response: adminUserResponseSchema,
    summary: "Mark a user's email as verified",
  },
  resendVerification: {
    method: 'POST',
    path: '/api/v1/admin/users/:id/resend-verification',
    access: update,
    params: idParams,
    response: messageResponseSchema,
    summary: 'Mail the user a new email verification code',
  },
  endSession: {
    method: 'DELETE',
    path: '/api/v1/admin/users/:id/sessions/:sessionId',
    access: update,
    params: z.object({
      id: idParamSchema,
      sessionId: z.string().regex(/^[0-9a-f]{24}$/, msg('Unknown session.')),
    }),
    response: adminUserResponseSchema,
    summary: "End one of a user's sessions",
  },
  revokeToken: {
    method: 'DELETE',
    path: '/api/v1/admin/users/:id/tokens/:tokenId',
    access: update,
    params: z.object({ id: idParamSchema, tokenId: idParamSchema }),
    response: adminUserResponseSchema,
    summary: "Revoke one of a user's API tokens",
  },
  resetTwoFactor: {
    method: 'POST',
    path: '/api/v1/admin/users/:id/reset-two-factor',
    access: update,
    params: idParams,
    response: adminUserResponseSchema,
    summary: "Turn off a user's two-factor authentication (they set it up again)",
  },
});
