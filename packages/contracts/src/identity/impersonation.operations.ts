import { z } from 'zod';
import { defineOperations } from '../operation';
import { ADMIN_PERMISSIONS as A } from '../permissions';
import { idParamSchema } from '../primitives';
import { bootstrapDataSchema } from '../site/bootstrap';

const bootstrapAnswer = z.object({ bootstrapData: bootstrapDataSchema });

/**
 * "Log in as": its own group, because the banner that ends it is on every page and must
 * not bring the admin's contracts with it.
 */
export const impersonation = defineOperations('Users (admin)', {
  start: {
    method: 'POST',
    path: '/api/v1/admin/users/:id/impersonate',
    access: { permission: A.usersImpersonate },
    params: z.object({ id: idParamSchema }),
    response: bootstrapAnswer,
    summary: 'Log in as a user who is not an admin (audited); answers their bootstrap data',
  },
  stop: {
    method: 'POST',
    path: '/api/v1/admin/impersonation/stop',
    access: 'user',
    // The way back works even when the looked-at account has not verified its email.
    allowUnverified: true,
    response: bootstrapAnswer,
    summary: 'End a "Log in as" session and sign the admin back in; answers their bootstrap data',
  },
});
