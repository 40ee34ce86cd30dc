import type { QueryClient } from '@tanstack/react-query';
import { updateBootstrapData } from '#src/lib/bootstrap-store';
import { workspaceKeys } from './keys';
import { workspacesQueryOptions } from './list-workspaces';

/**
 * After the caller's memberships change (create, join, decline, leave, delete): the workspace list,
 * the bootstrap data's copy of it and the notifications are refreshed (SPEC §4, §7).
 */
export async function refreshWorkspaces(client: QueryClient, { notifications = false } = {}) {
  if (notifications) void client.invalidateQueries({ queryKey: workspaceKeys.notifications });
  await client.invalidateQueries({ queryKey: workspaceKeys.list() });
  try {
    const list = await client.fetchQuery(workspacesQueryOptions());
    updateBootstrapData((data) => ({
      ...data,
      workspaces: list.map(({ id, name, members_count, default: isDefault }) => ({
        id,
        name,
        members_count,
        default: isDefault,
      })),
    }));
  } catch {
    // The list shows its own error where it is on screen; the bootstrap copy stays as it was.
  }
}
