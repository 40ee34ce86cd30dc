import { z } from 'zod';
import { dayParamSchema, idFilterSchema, listQuerySchema, listResponseSchema } from '../list';

/** The audit log of admin actions: who, what, target, before/after, when, from where. */

/**
 * Every action the audit log records (`area.verb`), the list the log's action filter offers. The
 * server's `audit()` takes only these, so an action written anywhere is always one to filter by.
 */
export const AUDIT_ACTIONS = [
  'user.create',
  'user.update',
  'user.suspend',
  'user.unsuspend',
  'user.verify_email',
  'user.resend_verification',
  'user.end_session',
  'user.revoke_token',
  'user.reset_two_factor',
  'user.assign_role',
  'user.delete',
  'user.impersonate',
  'user.impersonate_stop',
  'role.create',
  'role.update',
  'role.delete',
  'settings.update',
  'settings.test_mail',
  'artist.create',
  'artist.update',
  'artist.delete',
  'album.create',
  'album.update',
  'album.delete',
  'track.create',
  'track.update',
  'track.upload_audio',
  'track.delete',
  'genre.create',
  'genre.update',
  'genre.delete',
  'channel.create',
  'channel.update',
  'channel.delete',
  'backstage_request.approve',
  'backstage_request.deny',
  'plan.create',
  'plan.update',
  'plan.delete',
  'price.create',
  'price.replace',
  'price.update',
  'price.archive',
  'price.delete',
  'subscription.grant',
  'subscription.extend',
  'subscription.cancel',
  'webhook.replay',
  'payment.refund',
  'appearance.publish',
  'appearance.restore',
  'page.create',
  'page.update',
  'page.delete',
  'contact_message.delete',
  'localization.create',
  'localization.update',
  'localization.delete',
  'localization.lines_update',
  'localization.import',
  'radio_station.create',
  'radio_station.update',
  'radio_station.reorder',
  'radio_station.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

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
  /** One of AUDIT_ACTIONS (an entry written by an older version may hold another name). */
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
