import {
  DEFAULT_WORKSPACE_ID,
  ID_PATTERN,
  INT32_MAX,
  msg,
  WORKSPACE_ROLES,
  type WorkspaceRole,
} from '@zema/contracts';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { invalidInput, MESSAGES } from '#src/lib/errors';
import { HttpError } from './errors';

/**
 * Whether the request's user may act in `workspaceId` (never 0, which is always allowed): their
 * role there (members), or false. `true` admits without a role (tests of the plugin alone).
 */
export type WorkspaceResolver = (
  request: FastifyRequest,
  workspaceId: number,
) => Promise<boolean | WorkspaceRole | null>;

/** Admits no one to a non-personal workspace (an app built without the workspaces' membership check). */
export const denyUnknownWorkspaces: WorkspaceResolver = async () => false;

const isRole = (v: unknown): v is WorkspaceRole =>
  typeof v === 'string' && (WORKSPACE_ROLES as readonly string[]).includes(v);

/** Reads `?workspaceId` (SPEC §4, §7) into `request.workspaceId`; the value is checked, never trusted. */
export const workspacePlugin = fp<{ resolveWorkspace?: WorkspaceResolver }>(
  async (app, opts) => {
    const resolveWorkspace = opts.resolveWorkspace ?? denyUnknownWorkspaces;
    app.decorateRequest('workspaceId', DEFAULT_WORKSPACE_ID);
    app.decorateRequest('workspaceRole', null);

    const member = async (request: FastifyRequest, id: number) => {
      const found = await resolveWorkspace(request, id);
      if (!found) throw new HttpError(403, MESSAGES.unauthorized);
      request.workspaceId = id;
      request.workspaceRole = isRole(found) ? found : null;
    };

    // A callback hook: only a request naming a workspace other than 0 waits (for its check).
    app.addHook('onRequest', (request, _reply, done) => {
      const raw = (request.query as Record<string, unknown> | undefined)?.workspaceId;
      if (raw === undefined || raw === '') return done();
      // 0 (personal) or an id spelled as ids are everywhere (contracts ID_PATTERN: no leading zeros).
      if (typeof raw !== 'string' || !(raw === '0' || (ID_PATTERN.test(raw) && Number(raw) <= INT32_MAX))) {
        return done(
          invalidInput({ workspaceId: [msg('The workspace id must be a non-negative whole number.')] }),
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
