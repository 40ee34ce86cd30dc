/**
 * Users: accounts as records (the bootstrap shape, roles and permissions, the guest role), email
 * codes, account deletion, and the admin's users and roles.
 *
 * This file is the module's one public face (decision 0051): other modules and the composition
 * (app.ts, deps.ts, server-modules.ts) import only what it exports.
 */
import type { ServerModule } from '#src/platform/deps';
import { rolesAdminRoutes } from './roles.routes';
import { seedAccess } from './seed';
import { usersAdminRoutes } from './users.routes';

export { afterAccountsDeleted, deleteAccounts } from './account-lifecycle';
export {
  checkEmailCode,
  EMAIL_CODE_MESSAGES,
  EMAIL_CODE_MINUTES,
  newEmailCode,
  normaliseEmail,
} from './email-codes';
export { ACCOUNT_MESSAGES } from './messages';
export { DEFAULT_UPLOAD_SPACE_MB } from './seed';
export {
  cachedGuestRole,
  countUnreadNotificationsWith,
  displayNameOf,
  GUEST_ROLE_CACHE_KEY,
  guestRoleAtHand,
  loadAccountUser,
  loadGuestRole,
  loadUser,
  loadUserRecord,
  userRefOf,
} from './users.service';
export {
  dropEmailVerificationCode,
  grantRoles,
  insertUser,
  storeEmailVerificationCode,
  type UserChanges,
  updateUser,
} from './users.writes';
export { getAdminUser } from './users-admin.service';

export const usersModule: ServerModule = {
  name: 'users',
  // The permissions, roles and first admin: the other modules' seeds refer to them.
  seed: seedAccess,
  apiRoutes: [usersAdminRoutes, rolesAdminRoutes],
};
