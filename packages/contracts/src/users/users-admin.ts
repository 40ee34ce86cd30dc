import { z } from 'zod';
import { accessTokenSchema, updateAccountRequestSchema, userSessionSchema } from '../account/account';
import { msg } from '../i18n/messages';
import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE } from '../identity/auth';
import {
  booleanParamSchema,
  dayParamSchema,
  idFilterSchema,
  listQuerySchema,
  listResponseSchema,
} from '../list';
import { restrictionSchema } from '../permissions';
import { idSchema } from '../primitives';

/** The admin's users list and user page. */

export const USER_SORTS = ['created_at', 'email', 'display_name', 'last_login_at'] as const;

export const usersListQuerySchema = listQuerySchema(USER_SORTS, {
  role: idFilterSchema.optional(),
  verified: booleanParamSchema.optional(),
  suspended: booleanParamSchema.optional(),
  two_factor: booleanParamSchema.optional(),
  created_from: dayParamSchema.optional(),
  created_to: dayParamSchema.optional(),
});
export type UsersListQuery = z.infer<typeof usersListQuerySchema>;

const roleRef = z.object({ id: z.number().int(), name: z.string() });

export const adminUserRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  display_name: z.string(),
  avatar: z.string().nullable(),
  roles: z.array(roleRef),
  email_verified_at: z.string().nullable(),
  two_factor: z.boolean(),
  suspended_at: z.string().nullable(),
  suspended_until: z.string().nullable(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;
export const usersListResponseSchema = listResponseSchema(adminUserRowSchema);

/** A permission granted to one user directly, with its quota values. */
export const grantSchema = z.object({
  name: z.string().min(1).max(100),
  restrictions: z
    .array(restrictionSchema.extend({ value: z.number().int().min(0).max(2_147_483_647).nullable() }))
    .max(20),
});
export type Grant = z.infer<typeof grantSchema>;

export const adminUserSchema = adminUserRowSchema.extend({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  language: z.string().nullable(),
  country: z.string().nullable(),
  timezone: z.string().nullable(),
  suspension_reason: z.string().nullable(),
  permissions: z.array(grantSchema),
  sessions: z.array(userSessionSchema.omit({ is_current_device: true })),
  tokens: z.array(accessTokenSchema),
  recent_plays: z.array(
    z.object({
      track_id: z.number().int(),
      track_name: z.string(),
      artist_names: z.string(),
      played_at: z.string(),
    }),
  ),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserResponseSchema = z.object({ user: adminUserSchema });

const email = z
  .string()
  .trim()
  .min(1, msg('The email field is required.'))
  .max(255)
  .email(msg('Enter a valid email address.'));
const optionalPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
  .max(200)
  .nullable()
  .optional();
const roleIds = z.array(idSchema).max(50);

/** Create: with a password, or without one and an invitation mail to set it. */
export const createUserRequestSchema = updateAccountRequestSchema.extend({
  email,
  password: optionalPassword,
  send_invitation: z.boolean().default(false),
  email_verified: z.boolean().default(false),
  roles: roleIds.default([]),
});
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;

/** Edit: the details, the roles and the direct permissions; only the sent fields change. */
export const updateUserRequestSchema = updateAccountRequestSchema.extend({
  email: email.optional(),
  password: optionalPassword,
  roles: roleIds.optional(),
  permissions: z.array(grantSchema).max(100).optional(),
});
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

export const SUSPENSION_REASON_MAX_LENGTH = 500;
export const suspendUserRequestSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, msg('Give a reason: the user is told it when they try to log in.'))
    .max(SUSPENSION_REASON_MAX_LENGTH),
  /** ISO date-time; null or left out = until unsuspended. */
  until: z.iso
    .datetime({ offset: true, message: msg('Enter a valid date and time.') })
    .nullable()
    .optional(),
});
export type SuspendUserRequest = z.infer<typeof suspendUserRequestSchema>;

export const assignRoleRequestSchema = z.object({
  ids: z.array(idSchema).min(1, msg('Select at least one row.')).max(100),
  role: idSchema,
});
