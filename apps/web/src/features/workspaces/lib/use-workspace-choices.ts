import { DEFAULT_WORKSPACE_ID, type Workspace } from '@zema/contracts';
import { useEffect } from 'react';
import { useActiveWorkspaceId, useSwitchWorkspace } from '#src/lib/active-workspace';
import { useBootstrap } from '#src/lib/bootstrap-store';
import { useWorkspaces } from '../api/list-workspaces';

export interface WorkspaceChoices {
  /** The personal "Default" workspace first (the server's order), then the teams. */
  workspaces: Pick<Workspace, 'id' | 'name' | 'members_count' | 'default'>[];
  activeId: number;
  active: Pick<Workspace, 'id' | 'name'> | undefined;
  switchTo: (id: number) => void;
  isLoading: boolean;
}

/** "Default" first, whatever order a list came in. */
function personalFirst<T extends { id: number }>(list: T[]): T[] {
  return [...list].sort(
    (a, b) => Number(b.id === DEFAULT_WORKSPACE_ID) - Number(a.id === DEFAULT_WORKSPACE_ID),
  );
}

/**
 * What a workspace switcher shows: the caller's workspaces (the bootstrap data's copy until the
 * list arrives), the active one, and the switch. A cookie naming a workspace the caller no longer
 * belongs to (they left, were removed, it was deleted) falls back to the personal workspace.
 */
export function useWorkspaceChoices(): WorkspaceChoices {
  const bootstrap = useBootstrap();
  const query = useWorkspaces(!!bootstrap.user);
  const activeId = useActiveWorkspaceId();
  const switchTo = useSwitchWorkspace();
  const workspaces = personalFirst(query.data ?? bootstrap.workspaces);
  const stale = query.isSuccess && !query.data.some((w) => w.id === activeId);
  useEffect(() => {
    if (stale) switchTo(DEFAULT_WORKSPACE_ID);
  }, [stale, switchTo]);
  const effectiveId = stale ? DEFAULT_WORKSPACE_ID : activeId;
  return {
    workspaces,
    activeId: effectiveId,
    active: workspaces.find((w) => w.id === effectiveId),
    switchTo,
    isLoading: query.isPending,
  };
}
