import type { SearchType } from '@zema/contracts';
import type { SearchTab } from '#src/lib/paths';

/** The result type each search tab lists (the tabs themselves are path segments: lib/paths). */
export const TAB_TYPE: Record<Exclude<SearchTab, 'all'>, SearchType> = {
  artists: 'artist',
  albums: 'album',
  tracks: 'track',
  playlists: 'playlist',
  users: 'user',
};
