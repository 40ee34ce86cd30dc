import { DEFAULT_WORKSPACE_ID, ID_PATTERN, INT32_MAX } from '@zema/contracts';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, MESSAGES, validationError } from './errors';

/** Whether the request's user may act in `workspaceId` (never 0, which is always allowed). */
export type WorkspaceResolver = (request: FastifyRequest, workspaceId: number) => Promise<boolean>;

/**
 * There is no workspaces table yet, so no one is a member of any non-personal workspace.
 * The workspaces issue passes its membership check as `resolveWorkspace` instead.
 */
export const denyUnknownWorkspaces: WorkspaceResolver = async () => false;

/** Reads `?workspaceId` (SPEC §4, §7) into `request.workspaceId`; the value is checked, never trusted. */
export const workspacePlugin = fp<{ resolveWorkspace?: WorkspaceResolver }>(
  async (app, opts) => {
    const resolveWorkspace = opts.resolveWorkspace ?? denyUnknownWorkspaces;
    app.decorateRequest('workspaceId', DEFAULT_WORKSPACE_ID);

    const member = async (request: FastifyRequest, id: number) => {
      if (!(await resolveWorkspace(request, id))) throw new HttpError(403, MESSAGES.unauthorized);
      request.workspaceId = id;
    };

    // A callback hook: only a request naming a workspace other than 0 waits (for its check).
    app.addHook('onRequest', (request, _reply, done) => {
      const raw = (request.query as Record<string, unknown> | undefined)?.workspaceId;
      if (raw === undefined || raw === '') return done();
      // 0 (personal) or an id spelled as ids are everywhere (contracts ID_PATTERN: no leading zeros).
      if (typeof raw !== 'string' || !(raw === '0' || (ID_PATTERN.test(raw) && Number(raw) <= INT32_MAX))) {
        return done(
          validationError({ workspaceId: ['The workspace id must be a non-negative whole number.'] }),
        );
      }
      const id = Number(raw);
      if (id === DEFAULT_WORKSPACE_ID) {
        request.workspaceId = id;
        return done();
      }
      member(request, id).then(() => done(), done);
    });
  },
  { name: 'zema-workspace', dependencies: ['zema-access'] },
);
