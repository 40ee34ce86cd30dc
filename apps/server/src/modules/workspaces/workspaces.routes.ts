import { msg } from '@zema/contracts';
import { workspaces as ops } from '@zema/contracts/workspaces/workspaces.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '#src/http/caller';
import { defineRoute } from '#src/http/define-route';
import { rateLimits } from '#src/http/rate-limits';
import {
  createWorkspace,
  declineInvite,
  deleteWorkspace,
  getWorkspace,
  inviteMembers,
  joinWorkspace,
  listWorkspaces,
  previewInvite,
  removeMember,
  renameWorkspace,
  resendInvite,
  revokeInvite,
  shareArtist,
  transferWorkspace,
  unshareArtist,
  updateMemberRole,
} from './workspaces.service';

/** Workspaces: teams, their members and invitations, and the artists they share (decision 0034). */
export const workspacesRoutes: FastifyPluginAsyncZod = async (app) => {
  const me = (request: Parameters<typeof callerOf>[0]) => callerOf(request).user;
  const inviter = (request: Parameters<typeof callerOf>[0]) => {
    const user = me(request);
    return { id: user.id, displayName: user.display_name };
  };

  defineRoute(app, ops.list, async (request) => ({
    workspaces: await listWorkspaces(app.deps.db, me(request).id),
  }));
  defineRoute(app, ops.create, async (request) => ({
    workspace: await createWorkspace(app.deps.db, me(request).id, request.body.name),
  }));
  defineRoute(app, ops.get, async (request) => getWorkspace(app.deps.db, me(request).id, request.params.id));
  defineRoute(app, ops.update, async (request) => ({
    workspace: await renameWorkspace(app.deps.db, me(request).id, request.params.id, request.body.name),
  }));
  defineRoute(app, ops.delete, async (request) => {
    await deleteWorkspace(app.deps, me(request).id, request.params.id);
    return { message: msg('Workspace deleted.') };
  });
  defineRoute(app, ops.invite, { config: { rateLimit: rateLimits.workspaceInvites } }, async (request) => ({
    invites: await inviteMembers(app.deps, inviter(request), request.params.id, request.body),
  }));
  defineRoute(
    app,
    ops.resendInvite,
    { config: { rateLimit: rateLimits.workspaceInvites } },
    async (request) => ({
      invite: await resendInvite(app.deps, inviter(request), request.params.id, request.params.inviteId),
    }),
  );
  defineRoute(app, ops.revokeInvite, async (request) => {
    await revokeInvite(app.deps, me(request).id, request.params.id, request.params.inviteId);
    return { message: msg('Invitation revoked.') };
  });
  defineRoute(app, ops.updateMember, async (request) => ({
    member: await updateMemberRole(
      app.deps,
      me(request).id,
      request.params.id,
      request.params.userId,
      request.body.role,
    ),
  }));
  defineRoute(app, ops.removeMember, async (request) => {
    const outcome = await removeMember(app.deps, me(request).id, request.params.id, request.params.userId);
    return { message: outcome === 'left' ? msg('You left the workspace.') : msg('Member removed.') };
  });
  defineRoute(app, ops.transfer, async (request) => ({
    workspace: await transferWorkspace(app.deps.db, me(request).id, request.params.id, request.body.user_id),
  }));
  defineRoute(app, ops.shareArtist, async (request) => {
    await shareArtist(app.deps.db, me(request).id, request.params.id, request.body.artist_id);
    return { message: msg('Artist shared with the workspace.') };
  });
  defineRoute(app, ops.unshareArtist, async (request) => {
    await unshareArtist(app.deps.db, me(request).id, request.params.id, request.params.artistId);
    return { message: msg('Artist no longer shared with the workspace.') };
  });
  defineRoute(app, ops.previewInvite, async (request) => ({
    invite: await previewInvite(app.deps.db, request.params.inviteId),
  }));
  // SPEC §7 makes joining a GET; it still needs the XSRF header, so no other site can make a
  // signed-in browser accept an invitation by sending it to the link.
  defineRoute(app, ops.join, { config: { csrf: true } }, async (request) => ({
    workspace: await joinWorkspace(app.deps, me(request), request.params.inviteId),
  }));
  defineRoute(app, ops.decline, async (request) => {
    await declineInvite(app.deps, me(request), request.params.inviteId);
    return { message: msg('Declined workspace invitation') };
  });
};
