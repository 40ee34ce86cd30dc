import type { SearchType } from '@zema/contracts';
import { slugify } from '@zema/contracts';

/** Search page URL: /search/{query} or /search/{query}/{tab}. */
export function searchUrl(query: string, tab?: SearchTab): string {
  const q = encodeURIComponent(query.trim());
  return tab && tab !== 'all' ? `/search/${q}/${tab}` : `/search/${q}`;
}

export const SEARCH_TABS = ['all', 'artists', 'albums', 'tracks', 'playlists', 'users'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];

export const TAB_TYPE: Record<Exclude<SearchTab, 'all'>, SearchType> = {
  artists: 'artist',
  albums: 'album',
  tracks: 'track',
  playlists: 'playlist',
  users: 'user',
};

/** Page of one result, by type (the id is what the route reads; the slug is for people). */
export function resultUrl(
  type: SearchType,
  item: { id: number; name?: string; display_name?: string },
): string {
  const slug = slugify(item.name ?? item.display_name ?? '');
  switch (type) {
    case 'artist':
      return `/pastor/${item.id}/${slug}`;
    case 'album':
      return `/album/${item.id}/${slug}`;
    case 'track':
      return `/track/${item.id}/${slug}`;
    case 'playlist':
      return `/playlist/${item.id}/${slug}`;
    case 'user':
      return `/user/${item.id}/${slug}`;
  }
}
