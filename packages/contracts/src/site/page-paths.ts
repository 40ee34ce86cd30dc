import { slugify } from '../slugs';
import { ARTIST_PAGE_SEGMENT } from './site-routes';

/**
 * The public pages' addresses, built in one place for the web app's links (`apps/web` `paths`
 * spreads these), the server's share tags and canonical links, the sitemap and the embeds. The
 * slug after an id is for people; the routes read the id.
 */
interface Named {
  id: number;
  name: string;
}

/** What an embed can show (`/embed/{kind}/{id}`). */
export const EMBED_KINDS = ['track', 'album', 'playlist'] as const;
export type EmbedKind = (typeof EMBED_KINDS)[number];

export const pagePaths = {
  channel: (c: { slug: string }) => `/channel/${c.slug}`,
  artist: (a: Named) => `${ARTIST_PAGE_SEGMENT}/${a.id}/${slugify(a.name)}`,
  album: (a: Named) => `/album/${a.id}/${slugify(a.name)}`,
  track: (t: Named) => `/track/${t.id}/${slugify(t.name)}`,
  genre: (g: { name: string }) => `/genre/${encodeURIComponent(g.name)}`,
  playlist: (p: Named) => `/playlist/${p.id}/${slugify(p.name)}`,
  user: (u: { id: number; display_name: string }) => `/user/${u.id}/${slugify(u.display_name)}`,
  customPage: (p: { slug: string }) => `/pages/${encodeURIComponent(p.slug)}`,
  contact: () => '/contact',
  /** The embeddable player of a track, an album or a playlist (framed by other sites). */
  embed: (kind: EmbedKind, id: number) => `/embed/${kind}/${id}`,
} as const;
