import { z } from 'zod';
import { dayParamSchema, idFilterSchema, listQuerySchema, listResponseSchema } from './list';

/** The audit log of admin actions (issue 11 item 8): who, what, target, before/after, when, from where. */

export const AUDIT_SORTS = ['created_at', 'action'] as const;
export const auditListQuerySchema = listQuerySchema(AUDIT_SORTS, {
  actor: idFilterSchema.optional(),
  action: z.string().trim().max(100).optional(),
  from: dayParamSchema.optional(),
  to: dayParamSchema.optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** `user.suspend`, `role.update`, `settings.update`… */
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  target_label: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListResponseSchema = listResponseSchema(auditEntrySchema);
