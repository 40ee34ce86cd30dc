import { DEFAULT_WORKSPACE_ID } from '@zema/contracts';
import { useLayoutEffect } from 'react';
import { useActiveWorkspaceId, writeActiveWorkspace } from '#src/lib/active-workspace';
import { getBootstrapData, useBootstrapOrNull } from '#src/lib/bootstrap-store';

/**
 * A cookie naming a workspace the session does not belong to (the user left or was removed, it
 * was deleted, or someone else signed in on this browser) falls back to the personal workspace
 * before any page asks the server for anything: every call would name it and be refused.
 *
 * Judged when a session starts (the page loads, someone signs in): the server's bootstrap data then
 * lists the user's workspaces. Later changes go through the workspace list, which the switcher
 * checks the same way.
 */
export function useDropStaleWorkspace() {
  const userId = useBootstrapOrNull()?.user?.id ?? null;
  const activeId = useActiveWorkspaceId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: judged once per session, not on every switch.
  useLayoutEffect(() => {
    if (activeId === DEFAULT_WORKSPACE_ID) return;
    const data = getBootstrapData();
    if (!data) return;
    const member = !!data.user && data.workspaces.some((w) => w.id === activeId);
    if (!member) writeActiveWorkspace(DEFAULT_WORKSPACE_ID);
  }, [userId]);
}
