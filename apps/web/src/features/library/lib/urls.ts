import { slugify } from '@zema/contracts';

/** Slugs make URLs readable; the id is what the routes read. */
export const playlistUrl = (p: { id: number; name: string }) => `/playlist/${p.id}/${slugify(p.name)}`;
export const userProfileUrl = (u: { id: number; display_name: string }) =>
  `/user/${u.id}/${slugify(u.display_name)}`;
export const artistUrl = (a: { id: number; name: string }) => `/pastor/${a.id}/${slugify(a.name)}`;
export const albumUrl = (a: { id: number; name: string }) => `/album/${a.id}/${slugify(a.name)}`;
