import { type BootstrapData, DEFAULT_WORKSPACE_ID } from '@zema/contracts';
import { writeActiveWorkspace } from '#src/lib/active-workspace';
import { transNow } from '#src/lib/i18n';
import { toast } from '#src/ui/toast';
import { inviteErrorMessage, JOINED_WORKSPACE, joinWorkspace } from '../api/join-workspace';

type BootstrapWorkspace = BootstrapData['workspaces'][number];

export interface JoinOutcome {
  /** The session to apply, its workspace list holding the joined workspace. */
  data: BootstrapData;
  /** The workspace joined, now the active one; null when the invitation could not be used. */
  workspace: BootstrapWorkspace | null;
}

function withWorkspace(data: BootstrapData, workspace: BootstrapWorkspace): BootstrapData {
  if (data.workspaces.some((w) => w.id === workspace.id)) return data;
  return { ...data, workspaces: [...data.workspaces, workspace] };
}

/**
 * After logging in or registering from a join page (`?invite=`): accept the invitation, make its
 * workspace the active one and say so ('Joined workspace'), or say why not ('This invite is no
 * longer valid' on 404, SPEC §8). A registration that carried `invite_id` may already have joined:
 * the new session then lists the workspace (`joinedName` names it), and nothing is asked again.
 */
export async function joinAfterSignIn(
  inviteId: string,
  data: BootstrapData,
  { joinedName }: { joinedName?: string } = {},
): Promise<JoinOutcome> {
  const already = joinedName
    ? data.workspaces.find((w) => w.id !== DEFAULT_WORKSPACE_ID && w.name === joinedName)
    : undefined;
  if (already) {
    writeActiveWorkspace(already.id);
    toast.positive(transNow(JOINED_WORKSPACE));
    return { data, workspace: already };
  }
  try {
    const joined = await joinWorkspace(inviteId);
    const workspace = {
      id: joined.id,
      name: joined.name,
      members_count: joined.members_count,
      default: joined.default,
    };
    writeActiveWorkspace(workspace.id);
    toast.positive(transNow(JOINED_WORKSPACE));
    return { data: withWorkspace(data, workspace), workspace };
  } catch (error) {
    toast.danger(inviteErrorMessage(error));
    return { data, workspace: null };
  }
}
