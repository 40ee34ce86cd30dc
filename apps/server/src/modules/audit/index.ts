/**
 * Audit: the one writer of the audit log (who did what to which record, with the before and
 * after).
 *
 * This file is the module's one public face (decision 0051): other modules and the composition
 * (app.ts, deps.ts, server-modules.ts) import only what it exports.
 */
import type { ServerModule } from '#src/platform/deps';

export { type Actor, audit } from './audit.service';

export const auditModule: ServerModule = { name: 'audit' };
