import { type ApiHandler, ok } from '#test/mock-api';

/**
 * GET workspaces with only the personal workspace: what the workspace switcher (user menu,
 * backstage) asks for in tests about something else.
 */
export const personalWorkspacesApi: ApiHandler = (call) =>
  call.method === 'GET' && call.path === '/api/v1/workspaces'
    ? ok({ workspaces: [{ id: 0, name: 'Default', members_count: 1, default: true }] })
    : undefined;
