/**
 * Query keys of workspaces (one factory; invalidations reuse them). The notifications' keys start
 * with `['notifications']`: joining or declining an invitation refreshes them (SPEC §4, §7).
 */
export const workspaceKeys = {
  all: ['workspaces'] as const,
  list: () => [...workspaceKeys.all, 'list'] as const,
  detail: (id: number) => [...workspaceKeys.all, 'detail', id] as const,
  /** The artists a workspace shares (its backstage catalogue). */
  artists: (id: number) => [...workspaceKeys.all, 'artists', id] as const,
  invite: (inviteId: string) => [...workspaceKeys.all, 'invite', inviteId] as const,
  /** The notification lists (the notifications feature's `lists()` key). */
  notifications: ['notifications', 'list'] as const,
};
