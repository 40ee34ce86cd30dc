/**
 * Workspaces: teams, membership and roles, invitations, and the one artist-access check (own links
 * or a workspace's shared artists by role).
 *
 * This file is the module's one public face (decision 0051): other modules and the composition
 * (app.ts, deps.ts, server-modules.ts) import only what it exports.
 */
import type { ServerModule } from '#src/platform/deps';
import { workspacesRoutes } from './workspaces.routes';

export {
  type ArtistAccessNeed,
  assertArtistAccess,
  assertItemAccess,
  hasArtist,
  inScope,
  listArtistsInScope,
  usersWhoSeeArtist,
} from './artist-access';
export { joinByInvite, joinOnSignIn, liveInvite } from './invites';
export {
  isPersonal,
  memberRole,
  roleAllows,
  scopeOf,
  uploadWorkspaceId,
  type WorkspaceScope,
} from './membership';
export { listWorkspaces, PERSONAL_WORKSPACE } from './workspace-list';

export const workspacesModule: ServerModule = { name: 'workspaces', apiRoutes: [workspacesRoutes] };
