import { z } from 'zod';
import { messageResponseSchema } from '../common';
import { defineOperations } from '../operation';
import { userRefParamSchema } from '../primitives';
import {
  accountResponseSchema,
  confirmEmailChangeRequestSchema,
  deleteAccountQuerySchema,
  deleteAccountResponseSchema,
  requestEmailChangeRequestSchema,
  updateAccountRequestSchema,
} from './account';

/** `me` or a user id. */
const userParams = z.object({ id: userRefParamSchema });

/** The signed-in user's own account (SPEC §4 account settings). */
export const account = defineOperations('Users', {
  get: {
    method: 'GET',
    path: '/api/v1/users/:id',
    // The current user: the verification screen may read it (its email, for the masked text).
    access: 'user',
    allowUnverified: true,
    params: userParams,
    response: accountResponseSchema,
    summary: 'Get a user (`me` for the current user)',
  },
  update: {
    method: 'PUT',
    path: '/api/v1/users/me',
    access: 'user',
    body: updateAccountRequestSchema,
    response: accountResponseSchema,
    summary: 'Update account details',
  },
  requestEmailChange: {
    method: 'POST',
    path: '/api/v1/users/me/email',
    // Also before the email is verified: how a sign-up with a mistyped address is put right.
    access: 'user',
    allowUnverified: true,
    body: requestEmailChangeRequestSchema,
    response: messageResponseSchema,
    summary: 'Mail a code to a new email address (password confirmed)',
  },
  confirmEmailChange: {
    method: 'POST',
    path: '/api/v1/users/me/email/confirm',
    access: 'user',
    allowUnverified: true,
    body: confirmEmailChangeRequestSchema,
    response: accountResponseSchema,
    summary: 'Change the email address with the mailed code',
  },
  /**
   * Body: multipart with `file` or `url`, JSON `{url}` (avatarUrlRequestSchema), or JSON
   * `{file_entry_id}` (avatarFromEntryRequestSchema: an image the caller uploaded, re-encoded).
   */
  uploadAvatar: {
    method: 'POST',
    path: '/api/v1/users/:id/avatar',
    access: 'user',
    params: userParams,
    response: accountResponseSchema,
    summary: 'Upload a profile image (file or URL)',
  },
  removeAvatar: {
    method: 'DELETE',
    path: '/api/v1/users/:id/avatar',
    access: 'user',
    params: userParams,
    response: accountResponseSchema,
    summary: 'Remove the profile image',
  },
  delete: {
    method: 'DELETE',
    path: '/api/v1/users/:id',
    access: 'user',
    params: userParams,
    query: deleteAccountQuerySchema,
    response: deleteAccountResponseSchema,
    summary: 'Delete the account',
  },
});
