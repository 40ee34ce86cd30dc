/**
 * Query keys of the backstage (one factory; invalidations reuse them). A write in the artist's
 * area refreshes the listener's catalogue queries too (`['catalogue']`): the artist often opens
 * their public page right after.
 */
export const backstageKeys = {
  all: ['backstage'] as const,
  myRequests: (page: number) => [...backstageKeys.all, 'my-requests', page] as const,
  myArtists: () => [...backstageKeys.all, 'my-artists'] as const,
  artist: (id: number) => [...backstageKeys.all, 'artist', id] as const,
  items: (kind: 'tracks' | 'albums', artistId: number) => [...backstageKeys.all, kind, artistId] as const,
  itemList: (kind: 'tracks' | 'albums', artistId: number, query: Record<string, string>) =>
    [...backstageKeys.items(kind, artistId), query] as const,
  insights: (artistId: number, range: string) => [...backstageKeys.all, 'insights', artistId, range] as const,
  reviewLists: () => [...backstageKeys.all, 'review'] as const,
  reviewList: (query: Record<string, string>) => [...backstageKeys.reviewLists(), query] as const,
  request: (id: number) => [...backstageKeys.all, 'request', id] as const,
  artistSearch: (query: string) => [...backstageKeys.all, 'artist-search', query] as const,
  releases: () => [...backstageKeys.all, 'releases'] as const,
  releaseList: (page: number, status?: string) =>
    [...backstageKeys.releases(), 'list', page, status ?? 'all'] as const,
  release: (id: number) => [...backstageKeys.releases(), 'one', id] as const,
  listener: ['catalogue'] as const,
};
