import {
  type Album,
  ARTIST_PAGE_SEGMENT,
  type Artist,
  type BootstrapData,
  hasPermission,
  PERMISSIONS,
  type Playlist,
  pagePaths,
  SLUG_LOOKUP_PATTERN,
  type Track,
} from '@zema/contracts';
import { storedText } from '@zema/contracts/i18n/stored-text';
import { ForbiddenError, NotFoundError, UnauthenticatedError } from '#src/lib/errors';
import { escapeHtml, serializeForScript } from '#src/lib/html';
import { translator } from '#src/lib/translate';
import {
  getAlbum,
  getGenreByName,
  getTrack,
  publicArtistPage,
  publicChannel,
} from '#src/modules/catalogue/index';
import { getPlaylist, getProfile } from '#src/modules/library/index';
import { readCustomPage } from '#src/modules/pages/index';
import { findStation } from '#src/modules/radio/index';
import { cachedGuestRole } from '#src/modules/users/index';
import type { Deps } from '#src/platform/deps';

/**
 * What the served HTML of a page says about it before any script runs (issue 31): the `<title>`,
 * description, canonical link, Open Graph and Twitter card tags, and JSON-LD — what link previews
 * (chat apps, social sites) and search engines read, since they run no script. Always the guest's
 * view: a private playlist or a hidden page gets no tags and `noindex`, whoever asks.
 */
export type PageMeta = {
  /** The page's own name; the `<title>` is "{title} - {site name}", as the app sets it. */
  title: string | null;
  description: string;
  /** Path of the page's one address (ids and slugs as the app links them). */
  canonical: string | null;
  image: string | null;
  /** og:type. */
  type: string;
  /** Further `<meta property=…>` pairs: og:audio, music:*. */
  extra: [string, string][];
  /** schema.org JSON-LD for the page's main thing. */
  jsonLd: Record<string, unknown> | null;
  /** The thing exists but only some may see it: no tags, kept out of indexes. */
  private?: boolean;
  /** No such thing: the page answers 404. */
  missing?: boolean;
};

type Tx = ReturnType<typeof translator>;

const DESCRIPTION_MAX = 200;

/** One line of plain text, cut at a word near `max` characters. */
export function plainSummary(text: string, max = DESCRIPTION_MAX): string {
  const plain = text
    // Block elements part words; inline ones (<b>, <a>) sit inside them.
    .replace(/<\/?(?:p|div|br|li|ul|ol|h[1-6]|tr|td|th|table|blockquote|section|hr)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:-]+$/, '')}…`;
}

/** ISO 8601 duration (`PT3M25S`), as schema.org wants it. */
export function isoDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s % 60}S`;
}

/** "1 song", "2 songs", in the reader's language's plural forms. */
const songs = (t: Tx, count: number): string => t('{count, plural, one {# song} other {# songs}}', { count });

const names = (artists: readonly { name: string }[]) => artists.map((a) => a.name).join(', ');
const year = (date: string | null) => (date ? date.slice(0, 4) : null);

/** The parts of a description that are known, joined with a middle dot. */
const joined = (...parts: (string | null | undefined | false)[]) => parts.filter(Boolean).join(' · ');

function artistMeta(artist: Artist, t: Tx, site: string, abs: (p: string) => string): PageMeta {
  const path = pagePaths.artist(artist);
  const image = artist.image_large ?? artist.image_small ?? artist.albums[0]?.image ?? null;
  return {
    title: artist.name,
    description: artist.bio
      ? plainSummary(artist.bio)
      : t('Listen to {name} on {site}.', { name: artist.name, site }),
    canonical: path,
    image,
    type: 'profile',
    extra: [],
    jsonLd: {
      '@type': 'MusicGroup',
      name: artist.name,
      url: abs(path),
      ...(image ? { image: abs(image) } : {}),
      ...(artist.bio ? { description: plainSummary(artist.bio, 500) } : {}),
      ...(artist.genres.length ? { genre: artist.genres.map((g) => g.display_name) } : {}),
      album: artist.albums.slice(0, 20).map((a) => ({
        '@type': 'MusicAlbum',
        name: a.name,
        url: abs(pagePaths.album(a)),
      })),
    },
  };
}

function recording(track: Track, abs: (p: string) => string, position?: number) {
  return {
    '@type': 'MusicRecording',
    name: track.name,
    url: abs(pagePaths.track(track)),
    duration: isoDuration(track.duration_ms),
    ...(position ? { position } : {}),
    byArtist: track.artists.map((a) => ({
      '@type': 'MusicGroup',
      name: a.name,
      url: abs(pagePaths.artist(a)),
    })),
  };
}

function albumMeta(album: Album, t: Tx, abs: (p: string) => string): PageMeta {
  const path = pagePaths.album(album);
  const tracks = album.tracks ?? [];
  const by = names(album.artists);
  return {
    title: by ? t('{album} - album by {artists}', { album: album.name, artists: by }) : album.name,
    description: album.description
      ? plainSummary(album.description)
      : joined(
          by && t('Album by {artists}', { artists: by }),
          year(album.release_date),
          songs(t, album.tracks_count),
        ),
    canonical: path,
    image: album.image,
    type: 'music.album',
    extra: [
      ...album.artists.map((a): [string, string] => ['music:musician', abs(pagePaths.artist(a))]),
      ...(album.release_date ? [['music:release_date', album.release_date] as [string, string]] : []),
      ...tracks.slice(0, 50).flatMap((tr, i): [string, string][] => [
        ['music:song', abs(pagePaths.track(tr))],
        ['music:song:disc', '1'],
        ['music:song:track', String(tr.number ?? i + 1)],
      ]),
    ],
    jsonLd: {
      '@type': 'MusicAlbum',
      name: album.name,
      url: abs(path),
      ...(album.image ? { image: abs(album.image) } : {}),
      ...(album.release_date ? { datePublished: album.release_date } : {}),
      numTracks: album.tracks_count,
      byArtist: album.artists.map((a) => ({
        '@type': 'MusicGroup',
        name: a.name,
        url: abs(pagePaths.artist(a)),
      })),
      ...(album.genres?.length ? { genre: album.genres.map((g) => g.display_name) } : {}),
      track: tracks.slice(0, 100).map((tr, i) => recording(tr, abs, i + 1)),
    },
  };
}

function trackMeta(track: Track, t: Tx, abs: (p: string) => string): PageMeta {
  const path = pagePaths.track(track);
  const by = names(track.artists);
  const album = track.album;
  return {
    title: by ? t('{track} - song by {artists}', { track: track.name, artists: by }) : track.name,
    description: joined(
      by && t('Song by {artists}', { artists: by }),
      album?.name,
      year(album?.release_date ?? null),
    ),
    canonical: path,
    image: track.image,
    type: 'music.song',
    extra: [
      ['music:duration', String(Math.round(track.duration_ms / 1000))],
      ...(album ? [['music:album', abs(pagePaths.album(album))] as [string, string]] : []),
      ...(album && track.number ? [['music:album:track', String(track.number)] as [string, string]] : []),
      ...track.artists.map((a): [string, string] => ['music:musician', abs(pagePaths.artist(a))]),
      ...(album?.release_date ? [['music:release_date', album.release_date] as [string, string]] : []),
      // The audio itself, when a guest may play it (a track without a file has no stream).
      ...(track.stream_url
        ? [
            ['og:audio', abs(track.stream_url)] as [string, string],
            ['og:audio:type', track.format === 'aac' ? 'audio/aac' : 'audio/mpeg'] as [string, string],
          ]
        : []),
    ],
    jsonLd: {
      ...recording(track, abs),
      ...(track.image ? { image: abs(track.image) } : {}),
      ...(album
        ? { inAlbum: { '@type': 'MusicAlbum', name: album.name, url: abs(pagePaths.album(album)) } }
        : {}),
      ...(album?.release_date ? { datePublished: album.release_date } : {}),
    },
  };
}

function playlistMeta(playlist: Playlist, t: Tx, abs: (p: string) => string): PageMeta {
  const path = pagePaths.playlist(playlist);
  const owner = playlist.owner.display_name;
  return {
    title: t('{playlist} - playlist by {owner}', { playlist: playlist.name, owner }),
    description: playlist.description
      ? plainSummary(playlist.description)
      : joined(t('Playlist by {owner}', { owner }), songs(t, playlist.tracks_count)),
    canonical: path,
    image: playlist.image,
    type: 'music.playlist',
    extra: [['music:creator', abs(pagePaths.user(playlist.owner))]],
    jsonLd: {
      '@type': 'MusicPlaylist',
      name: playlist.name,
      url: abs(path),
      ...(playlist.image ? { image: abs(playlist.image) } : {}),
      ...(playlist.description ? { description: plainSummary(playlist.description, 500) } : {}),
      numTracks: playlist.tracks_count,
      author: { '@type': 'Person', name: owner, url: abs(pagePaths.user(playlist.owner)) },
    },
  };
}

/** Not found (null, or a 404 error) → missing; 401/403 → private; other failures propagate. */
async function guarded(load: () => Promise<PageMeta | null>): Promise<PageMeta | null> {
  try {
    return (await load()) ?? missing();
  } catch (err) {
    if (err instanceof NotFoundError) return missing();
    if (err instanceof UnauthenticatedError || err instanceof ForbiddenError) return privatePage();
    throw err;
  }
}

const missing = (): PageMeta => ({ ...empty(), missing: true });
const privatePage = (): PageMeta => ({ ...empty(), private: true });
const empty = (): PageMeta => ({
  title: null,
  description: '',
  canonical: null,
  image: null,
  type: 'website',
  extra: [],
  jsonLd: null,
});

/**
 * The id segment of an address: null when it is not a number (not this page), 0 when it is one no
 * row can have (past the column's range, leading zeros), which then reads as not found.
 */
const id = (s: string | undefined) =>
  s && /^\d+$/.test(s) ? (/^[1-9]\d{0,9}$/.test(s) && Number(s) <= 2_147_483_647 ? Number(s) : 0) : null;

/**
 * The meta of the page at `path` (as requested, still encoded), or null when the page has no meta of
 * its own (the site's name and description stand for it).
 */
export async function pageMeta(deps: Deps, path: string, data: BootstrapData): Promise<PageMeta | null> {
  const t = translator(data.i18n.lines, data.i18n.locale.language);
  // A seeded name (the demo's genres and rows) in the page's language; an admin's own as written.
  const stored = (text: string) => storedText(data.i18n.lines, text);
  const site = data.settings.site_name;
  const abs = absolute(data.settings.base_url);
  // Split before decoding: a genre's encoded "/" is part of its one segment.
  let segments: string[];
  try {
    segments = path.split('?')[0]!.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
  const [first = '', second, third] = segments;
  if (first === 'pages' && second) {
    if (segments.length > 3 || (segments.length === 3 && !id(second))) return null;
    return guarded(async () => {
      const page = await readCustomPage(deps.db, null, second, data.i18n.locale.language);
      const body = plainSummary(page.body);
      return {
        ...empty(),
        title: page.seo_title || page.title,
        description: page.seo_description || body || page.title,
        canonical: pagePaths.customPage(page),
        type: 'article',
      };
    });
  }
  if (first === 'radio' && segments.length <= 2) {
    if (!second) return { ...empty(), title: t('Radio'), canonical: '/radio' };
    return guarded(async () => {
      const station = await findStation(deps.db, second, null);
      return {
        ...empty(),
        title: stored(station.name),
        description: stored(station.description) || t('Live radio on {site}', { site }),
        canonical: `/radio/${station.slug}`,
        image: station.cover ? abs(station.cover) : null,
      };
    });
  }
  if (first === 'contact' && segments.length === 1)
    return { ...empty(), title: t('Contact us'), canonical: '/contact' };
  // The catalogue's pages, as a guest sees them: nothing when guests may not browse music.
  const guestRole = data.user ? await cachedGuestRole(deps.db, deps.cache) : data.guest_role;
  if (!hasPermission(guestRole, PERMISSIONS.musicView)) return null;
  switch (`/${first}`) {
    case ARTIST_PAGE_SEGMENT: {
      const artistId = id(second);
      if (artistId === null) return null;
      return guarded(async () => {
        const artist = (await publicArtistPage(deps, artistId))?.page.artist;
        return artist ? artistMeta(artist, t, site, abs) : null;
      });
    }
    case '/album': {
      const albumId = id(second);
      if (albumId === null) return null;
      return guarded(async () => {
        const album = await getAlbum(deps.db, albumId, null);
        return album ? albumMeta(album, t, abs) : null;
      });
    }
    case '/track': {
      const trackId = id(second);
      if (trackId === null) return null;
      return guarded(async () => {
        const track = await getTrack(deps.db, trackId, null);
        return track ? trackMeta(track, t, abs) : null;
      });
    }
    case '/playlist': {
      const playlistId = id(second);
      if (playlistId === null) return null;
      return guarded(async () => playlistMeta(await getPlaylist(deps.db, playlistId, null), t, abs));
    }
    case '/user': {
      const userId = id(second);
      if (userId === null) return null;
      return guarded(async () => {
        const user = await getProfile(deps.db, userId, null);
        return {
          ...empty(),
          title: user.display_name,
          description: user.bio
            ? plainSummary(user.bio)
            : t('{name} on {site}', { name: user.display_name, site }),
          canonical: pagePaths.user(user),
          image: user.avatar,
          type: 'profile',
          jsonLd: { '@type': 'Person', name: user.display_name, url: abs(pagePaths.user(user)) },
        };
      });
    }
    case '/genre': {
      if (!second || third) return null;
      return guarded(async () => {
        const genre = await getGenreByName(deps.db, second);
        if (!genre) return null;
        const name = stored(genre.display_name);
        return {
          ...empty(),
          title: name,
          description: t('Listen to {genre} music on {site}.', { genre: name, site }),
          canonical: pagePaths.genre(genre),
          image: genre.image,
        };
      });
    }
    case '/channel': {
      if (!second || third) return null;
      if (!SLUG_LOOKUP_PATTERN.test(second)) return missing();
      return guarded(async () => {
        const channel = await publicChannel(deps, second);
        if (!channel) return null;
        return {
          ...empty(),
          title: stored(channel.name),
          description: channel.description ? plainSummary(stored(channel.description)) : '',
          canonical: pagePaths.channel(channel),
        };
      });
    }
    default:
      return null;
  }
}

/** An absolute URL on the site for a path (kept as it is when it already is one). */
function absolute(base: string) {
  const root = base.replace(/\/+$/, '');
  return (path: string) =>
    /^https?:\/\//i.test(path) ? path : `${root}${path.startsWith('/') ? '' : '/'}${path}`;
}

const OG_LOCALES: Record<string, string> = { en: 'en_US', am: 'am_ET' };

/**
 * The head's tags for a page: its meta, or the site's own (the landing page's words) when it has
 * none. Everything is escaped; the JSON-LD is serialised so it cannot close its script element.
 */
export function shareTagsHtml(
  meta: PageMeta | null,
  data: BootstrapData,
  opts: { nonce: string; path: string },
): { head: string; noindex: boolean } {
  const { site_name, landing, base_url, branding } = data.settings;
  const abs = absolute(base_url);
  // The landing page's words, the seeded ones in the page's language.
  const siteDescription =
    storedText(data.i18n.lines, landing.headerSubtitle || landing.headerTitle) || site_name;
  if (meta?.private || meta?.missing) {
    // Only the site's name: nothing about the thing itself.
    return { head: `<title>${escapeHtml(site_name)}</title>`, noindex: true };
  }
  const title = meta?.title ? `${meta.title} - ${site_name}` : site_name;
  const description = meta?.description || (meta ? '' : siteDescription);
  const canonical = abs(meta?.canonical ?? (opts.path === '' ? '/' : `/${opts.path}`));
  const image = meta?.image ?? (meta ? null : landing.headerImage || null) ?? branding.logo_dark ?? null;
  const locale = OG_LOCALES[data.i18n.locale.language] ?? data.i18n.locale.language;
  const tag = (attr: 'property' | 'name', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;
  let head =
    `<title>${escapeHtml(title)}</title>` +
    (description ? tag('name', 'description', description) : '') +
    `<link rel="canonical" href="${escapeHtml(canonical)}">` +
    tag('property', 'og:site_name', site_name) +
    tag('property', 'og:title', meta?.title ?? site_name) +
    (description ? tag('property', 'og:description', description) : '') +
    tag('property', 'og:type', meta?.type ?? 'website') +
    tag('property', 'og:url', canonical) +
    tag('property', 'og:locale', locale) +
    (image ? tag('property', 'og:image', abs(image)) : '') +
    (meta?.title && image ? tag('property', 'og:image:alt', meta.title) : '');
  for (const [key, value] of meta?.extra ?? []) head += tag('property', key, value);
  head +=
    tag('name', 'twitter:card', image ? 'summary_large_image' : 'summary') +
    tag('name', 'twitter:title', meta?.title ?? site_name) +
    (description ? tag('name', 'twitter:description', description) : '') +
    (image ? tag('name', 'twitter:image', abs(image)) : '');
  // Tracks, albums and playlists can be embedded: oEmbed consumers find the player here.
  if (meta && ['music.song', 'music.album', 'music.playlist'].includes(meta.type))
    head += `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(
      abs(`/api/v1/oembed?${new URLSearchParams({ url: canonical, format: 'json' })}`),
    )}" title="${escapeHtml(meta.title ?? site_name)}">`;
  if (meta?.jsonLd)
    head += `<script type="application/ld+json" nonce="${opts.nonce}">${serializeForScript({
      '@context': 'https://schema.org',
      ...meta.jsonLd,
    })}</script>`;
  return { head, noindex: false };
}
