/**
 * Query keys of the catalogue manager (one factory; invalidations reuse them). A write refreshes
 * every admin list and the listener's catalogue queries too (`['catalogue']`), since the admin may
 * open the artist or album page right after.
 */
export const catalogueAdminKeys = {
  all: ['admin-catalogue'] as const,
  lists: (kind: 'artists' | 'albums' | 'tracks' | 'genres' | 'channels') =>
    [...catalogueAdminKeys.all, kind, 'list'] as const,
  list: (kind: 'artists' | 'albums' | 'tracks' | 'genres' | 'channels', query: Record<string, string>) =>
    [...catalogueAdminKeys.lists(kind), query] as const,
  channel: (id: number) => [...catalogueAdminKeys.all, 'channel', id] as const,
  channelItems: (type: string, query: string) =>
    [...catalogueAdminKeys.all, 'channel-items', type, query] as const,
  channelPreview: (draft: object) => [...catalogueAdminKeys.all, 'channel-preview', draft] as const,
  listener: ['catalogue'] as const,
};
