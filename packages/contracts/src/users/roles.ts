import { z } from 'zod';
import { msg } from '../i18n/messages';
import { listQuerySchema, listResponseSchema } from '../list';
import { grantSchema } from './users-admin';

/** The admin's roles. */

export const ROLE_SORTS = ['name', 'members_count', 'created_at'] as const;
export const rolesListQuerySchema = listQuerySchema(ROLE_SORTS, {});
export type RolesListQuery = z.infer<typeof rolesListQuerySchema>;

export const adminRoleRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  /** Given to every new account. */
  default: z.boolean(),
  /** Visitors' role (SPEC §6). */
  guests: z.boolean(),
  /** Built-in roles (guest, default at install, admin) cannot be deleted. */
  built_in: z.boolean(),
  members_count: z.number().int(),
  permissions_count: z.number().int(),
  created_at: z.string(),
});
export type AdminRoleRow = z.infer<typeof adminRoleRowSchema>;
export const rolesListResponseSchema = listResponseSchema(adminRoleRowSchema);

export const adminRoleSchema = adminRoleRowSchema.extend({ permissions: z.array(grantSchema) });
export type AdminRole = z.infer<typeof adminRoleSchema>;
export const adminRoleResponseSchema = z.object({ role: adminRoleSchema });

export const upsertRoleRequestSchema = z.object({
  name: z.string().trim().min(1, msg('The name field is required.')).max(100),
  description: z.string().trim().max(500).nullable().optional(),
  /** Mark as the role new accounts get (another default role stops being one). */
  default: z.boolean().optional(),
  permissions: z.array(grantSchema).max(100),
});
export type UpsertRoleRequest = z.infer<typeof upsertRoleRequestSchema>;
