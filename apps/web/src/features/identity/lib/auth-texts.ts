/** `/workspace/join/login` and `/workspace/join/register` are the team-invitation variants (SPEC §2). */
export const WORKSPACE_JOIN_PREFIX = '/workspace/join';

export function isWorkspaceJoinPath(pathname: string): boolean {
  return pathname.startsWith(`${WORKSPACE_JOIN_PREFIX}/`);
}
