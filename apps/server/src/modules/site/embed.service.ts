import {
  type BootstrapData,
  EMBED_KINDS,
  type EmbedKind,
  embedHeight,
  embedIframe,
  hasPermission,
  type OembedResponse,
  PERMISSIONS,
  pagePaths,
  type Track,
  type User,
} from '@zema/contracts';
import { ForbiddenError, NotFoundError, UnauthenticatedError } from '#src/lib/errors';
import { translator } from '#src/lib/translate';
import { getAlbum, getTrack } from '#src/modules/catalogue/index';
import { getPlaylist, playlistEntries } from '#src/modules/library/index';
import { cachedGuestRole } from '#src/modules/users/index';
import type { Deps } from '#src/platform/deps';
import type { EmbedItem, EmbedView } from './embed.page';

/** At most this many tracks are listed in an album's or playlist's embed. */
export const EMBED_MAX_TRACKS = 100;
/** oEmbed's width of the player (it fills its column; this is the width it is drawn for). */
const EMBED_WIDTH = 600;

export const isEmbedKind = (kind: string): kind is EmbedKind =>
  (EMBED_KINDS as readonly string[]).includes(kind);

const names = (t: Track) => t.artists.map((a) => a.name).join(', ');

function item(t: Track): EmbedItem {
  return {
    id: t.id,
    name: t.name,
    artists: names(t),
    duration_ms: t.duration_ms,
    image: t.image,
    stream_url: t.stream_url,
    url: pagePaths.track(t),
  };
}

/**
 * What the embed of `kind` `id` shows to `user` (null: a visitor) — exactly what the site shows
 * them: a private playlist or a thing they may not see is null, and a track they may not play is
 * listed without its stream. Paths are relative; the caller makes them absolute where needed.
 */
export async function loadEmbed(
  deps: Deps,
  user: User | null,
  kind: EmbedKind,
  id: number,
): Promise<Omit<EmbedView, 'site' | 'lang' | 'words'> | null> {
  // A visitor without music.view sees no catalogue on the site, so not in an embed either.
  const role = user ?? (await cachedGuestRole(deps.db, deps.cache));
  if (!hasPermission(role, PERMISSIONS.musicView)) return null;
  const viewer = user?.id ?? null;
  try {
    if (kind === 'track') {
      const track = await getTrack(deps.db, id, viewer);
      if (!track) return null;
      return {
        kind,
        title: track.name,
        subtitle: names(track),
        url: pagePaths.track(track),
        image: track.image,
        items: [item(track)],
      };
    }
    if (kind === 'album') {
      const album = await getAlbum(deps.db, id, viewer);
      if (!album) return null;
      return {
        kind,
        title: album.name,
        subtitle: album.artists.map((a) => a.name).join(', '),
        url: pagePaths.album(album),
        image: album.image,
        items: (album.tracks ?? []).slice(0, EMBED_MAX_TRACKS).map(item),
      };
    }
    const playlist = await getPlaylist(deps.db, id, viewer);
    const entries = await playlistEntries(deps.db, id, viewer, {
      page: 1,
      perPage: EMBED_MAX_TRACKS,
      offset: 0,
    });
    return {
      kind,
      title: playlist.name,
      subtitle: playlist.owner.display_name,
      url: pagePaths.playlist(playlist),
      image: playlist.image ?? entries.data[0]?.track.image ?? null,
      items: entries.data.map((e) => item(e.track)),
    };
  } catch (err) {
    // Not there, or not for this visitor: the same answer, telling nothing.
    if (err instanceof NotFoundError || err instanceof ForbiddenError || err instanceof UnauthenticatedError)
      return null;
    throw err;
  }
}

/** The embed's words in the page's language. */
export function embedWords(data: BootstrapData): EmbedView['words'] {
  const t = translator(data.i18n.lines, data.i18n.locale.language);
  return {
    play: t('Play'),
    pause: t('Pause'),
    seek: t('Seek'),
    openOn: t('Listen on {site}', { site: data.settings.site_name }),
    tracks: t('Tracks'),
    unavailable: t('This music is not available here.'),
  };
}

/**
 * The embeddable thing a page address names: `/track/{id}/…`, `/album/{id}/…`,
 * `/playlist/{id}/…` or an embed's own address, on this site only (any other host: null).
 */
export function embedTarget(url: string, baseUrl: string): { kind: EmbedKind; id: number } | null {
  let parsed: URL;
  let base: URL;
  try {
    parsed = new URL(url);
    base = new URL(baseUrl);
  } catch {
    return null;
  }
  if (parsed.host.toLowerCase() !== base.host.toLowerCase()) return null;
  const match = /^\/(?:embed\/)?(track|album|playlist)\/([1-9][0-9]{0,9})(?:\/[^/]*)?\/?$/.exec(
    parsed.pathname,
  );
  if (!match) return null;
  const id = Number(match[2]);
  if (id > 2_147_483_647 || !isEmbedKind(match[1]!)) return null;
  return { kind: match[1], id };
}

/** oEmbed's "rich" answer for a thing a visitor may see. */
export function oembedAnswer(
  view: Omit<EmbedView, 'site' | 'lang' | 'words'>,
  target: { kind: EmbedKind; id: number },
  site: { name: string; url: string },
  max: { maxwidth?: number; maxheight?: number } = {},
): OembedResponse {
  const abs = (p: string) => (/^https?:\/\//i.test(p) ? p : `${site.url}${p}`);
  const height: number = Math.min(embedHeight(target.kind), max.maxheight ?? Number.POSITIVE_INFINITY);
  // The iframe fills its column (width 100%); oEmbed still wants a number: the widest it looks right.
  const width = Math.min(EMBED_WIDTH, max.maxwidth ?? EMBED_WIDTH);
  return {
    version: '1.0',
    type: 'rich',
    provider_name: site.name,
    provider_url: `${site.url}/`,
    title: view.subtitle ? `${view.title} - ${view.subtitle}` : view.title,
    ...(view.subtitle ? { author_name: view.subtitle } : {}),
    ...(view.image ? { thumbnail_url: abs(view.image), thumbnail_width: 300, thumbnail_height: 300 } : {}),
    html: embedIframe(abs(pagePaths.embed(target.kind, target.id)), target.kind, view.title, height),
    width,
    height,
  };
}
