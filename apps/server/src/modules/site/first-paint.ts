import {
  ARTIST_PAGE_SEGMENT,
  type BootstrapData,
  HOME_CHANNEL_SLUG,
  hasPermission,
  homeChannelSlug,
  type LandingAction,
  MOBILE_BREAKPOINT_PX,
  msg,
  type NestedChannel,
  PERMISSIONS,
  pagePaths,
  siteLogos,
  type Track,
} from '@zema/contracts';
import { storedText } from '@zema/contracts/i18n/stored-text';
import { escapeHtml } from '#src/lib/html';
import { translator } from '#src/lib/translate';

const SIGN_IN_HEADING = msg('Sign in to your account');

/** How an album's type reads on a card (web: features/catalogue/components/album-type-labels.ts). */
const ALBUM_TYPE_LABELS: Record<string, string> = {
  album: msg('Album'),
  single: msg('Single'),
  ep: msg('EP'),
  compilation: msg('Compilation'),
};

/**
 * The first view painted from the served HTML, before any script has run (decision 0017).
 *
 * On a phone on a slow network the app's scripts take seconds to arrive and run; until then the page
 * was blank. The server knows enough to draw the frame the app is about to draw — the layout, the
 * landing page's hero, an artist's picture and name, the cookie notice — so it writes that into
 * `#root`, and the app replaces it in one step when its first page is ready (main.tsx waits for the
 * route's code). The markup copies the React components' classes (named next to each part) so the
 * swap does not move anything; links are real links, so the frame works before the scripts do.
 * Nothing here is interactive beyond plain links, and nothing here is needed: without it the app
 * renders the same page, later.
 */

/** What the server paints for a path; null paints nothing (the app renders alone). */
export type FirstPaintView =
  | { kind: 'landing' }
  | { kind: 'auth'; heading: string | null }
  | { kind: 'player'; header?: CollectionHeaderPaint | null; channel?: ChannelPaint | null };

/** A channel page's rows (web: modules/catalogue/pages/channel-page.tsx), as guests see them. */
export interface ChannelPaint {
  channel: NestedChannel;
  /** The home page: its heading is for screen readers only. */
  isHome: boolean;
}

/** The top of a collection page (web: components/collection-header.tsx). */
export interface CollectionHeaderPaint {
  image: string | null;
  round: boolean;
  /** English source line, translated when painted ('Artist'). */
  kind: string;
  title: string;
}

// First path segments of the player area's pages that a visitor may open (web: app/router.tsx).
const PLAYER_SEGMENTS = new Set([
  'discover',
  'channel',
  'album',
  'track',
  'genre',
  'playlist',
  'user',
  'search',
]);
const ARTIST_SEGMENT = ARTIST_PAGE_SEGMENT.slice(1); // SPEC §2: /pastor/{artistId}/{slug}

/**
 * Which frame a path shows, mirroring the web app's route table: the landing page at `/` for
 * visitors, the auth pages, and the player area (its own library pages only when signed in).
 * `artistId` is set when the path is an artist page, for the caller to look up its header.
 */
export function firstPaintRoute(
  path: string,
  search: URLSearchParams,
  data: BootstrapData,
): {
  view: 'landing' | 'player' | 'auth' | null;
  authHeading?: string | null;
  artistId?: number;
  /** The channel the page shows (its rows are the page's first API call). */
  channel?: string;
  /** The channel is the player's home at `/` (the chosen homepage channel, or the default one). */
  home?: boolean;
} {
  const segments = path.split('/').filter(Boolean);
  const [first = ''] = segments;
  const { homepage, registration } = data.settings;
  const canListen = hasPermission(data.user ?? data.guest_role, PERMISSIONS.musicView);
  if (first === '') {
    if (data.user || homepage.type === 'channel') {
      return canListen ? { view: 'player', channel: homeChannelSlug(homepage), home: true } : { view: null };
    }
    if (homepage.type === 'loginPage') return { view: 'auth', authHeading: SIGN_IN_HEADING };
    if (homepage.type === 'landing') return { view: 'landing' };
    return { view: null };
  }
  if (first === 'login' && segments.length === 1) return { view: 'auth', authHeading: SIGN_IN_HEADING };
  if (first === 'register' && segments.length === 1 && !registration.disable) {
    const fromPricing = search.get('redirectFrom') === 'pricing';
    return {
      view: 'auth',
      authHeading: fromPricing ? msg("First, let's create your account") : msg('Create a new account'),
    };
  }
  if (first === 'forgot-password' && segments.length === 1) {
    return { view: 'auth', authHeading: msg('Forgot your password?') };
  }
  if (!canListen) return { view: null };
  if (first === ARTIST_SEGMENT && /^\d+$/.test(segments[1] ?? '')) {
    return { view: 'player', artistId: Number(segments[1]) };
  }
  if (first === 'discover' && segments.length === 1)
    return { view: 'player', channel: HOME_CHANNEL_SLUG, home: true };
  if (first === 'channel' && segments.length === 2) return { view: 'player', channel: segments[1] };
  if (PLAYER_SEGMENTS.has(first) || (first === 'library' && data.user)) return { view: 'player' };
  return { view: null };
}

/** Translates an English source line with the page's locale (web: lib/i18n.ts `translate`). */
function pageTranslator(data: BootstrapData) {
  const t = translator(data.i18n?.lines, data.i18n?.locale.language);
  return (message: string, values?: Record<string, string | number>) => escapeHtml(t(message, values));
}

/**
 * A stored text in the page's language when the catalogue has it (a seeded headline, the demo's
 * row and genre names), else as written (web: lib/stored-text.ts). Not escaped.
 */
function storedTranslator(data: BootstrapData) {
  const lines = data.i18n?.lines;
  return (text: string) => storedText(lines, text);
}

/** A channel with its stored words (its name and description, its rows', its genres') in the page's language. */
function channelInLanguage(channel: NestedChannel, stored: (text: string) => string): NestedChannel {
  const { content } = channel;
  return {
    ...channel,
    name: stored(channel.name),
    description: channel.description && stored(channel.description),
    content:
      content.type === 'genre'
        ? { ...content, items: content.items.map((g) => ({ ...g, display_name: stored(g.display_name) })) }
        : content.type === 'channel'
          ? { ...content, items: content.items.map((c) => channelInLanguage(c, stored)) }
          : content,
  };
}

/** The site logo linking home (web: components/chrome/logo.tsx). */
function logo(data: BootstrapData, opts: { light?: boolean; className?: string } = {}) {
  const { branding, site_name } = data.settings;
  /** The logo drawn on a dark background (`light`: light artwork) or on a light one. */
  const picture = (light: boolean, className: string) => {
    // An operator's logo without a small variant is drawn on phones too (never Zema's "z").
    const { full, mobile } = siteLogos(branding, light);
    const source = mobile
      ? `<source media="(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)" srcset="${escapeHtml(mobile)}">`
      : '';
    return `<picture${className ? ` class="${className}"` : ''}>${source}<img src="${escapeHtml(full)}" alt="${escapeHtml(site_name)}" class="block h-8 w-auto max-w-40"></picture>`;
  };
  // On the theme's background both variants are painted and the root's `dark` class (the server's
  // default theme, or the visitor's stored choice applied before the paint) shows the right one.
  const pictures = opts.light
    ? picture(true, '')
    : picture(false, 'dark:hidden') + picture(true, 'hidden dark:block');
  return `<a href="/" aria-label="${escapeHtml(`${site_name} home`)}" class="flex shrink-0 items-center rounded-theme ${opts.className ?? ''}">${pictures}</a>`;
}

/** SPEC §2/§4 cookie notice (web: features/appearance/cookie-notice.tsx), when the visitor has not accepted it. */
function cookieNotice(data: BootstrapData, t: (m: string) => string, fixedBottom: boolean) {
  const notice = data.settings.cookie_notice;
  const stored = storedTranslator(data);
  const position =
    notice.position === 'top' ? 'top-0 border-b' : fixedBottom ? 'border-t' : 'bottom-0 border-t';
  return (
    `<section aria-label="${t('Cookie notice')}" class="sticky z-40 w-full border-divider bg-paper/95 text-fg shadow-lg backdrop-blur ${position}">` +
    '<div class="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:gap-6 sm:px-6">' +
    `<p class="flex-1 text-sm text-fg">${t('This website uses cookies to ensure you get the best experience on our website.')}</p>` +
    '<div class="flex shrink-0 items-center justify-end gap-2">' +
    (notice.button?.label && notice.button.action
      ? `<span class="inline-flex h-8 shrink-0 items-center justify-center whitespace-nowrap rounded-theme px-3 text-xs font-semibold text-fg">${escapeHtml(stored(notice.button.label))}</span>`
      : '') +
    `<span class="inline-flex h-8 min-w-20 shrink-0 items-center justify-center whitespace-nowrap rounded-theme bg-primary px-3 text-xs font-semibold text-on-primary">${t('OK')}</span>` +
    '</div></div></section>'
  );
}

const CTA =
  'relative inline-flex h-12 min-w-40 shrink-0 select-none items-center justify-center gap-2 whitespace-nowrap rounded-theme px-6 text-base font-semibold';

/** A landing call to action a visitor may see (web: modules/site/landing-action.ts), as a plain link. */
function cta(data: BootstrapData, action: LandingAction | null | undefined, look: string) {
  if (!action?.label?.trim() || !action.action?.trim() || action.roles?.length) return '';
  if (action.permissions?.some((p) => !hasPermission(data.guest_role, p))) return '';
  const href =
    action.type === 'link' || action.action.startsWith('/') || /^https?:/.test(action.action)
      ? action.action
      : `/${action.action}`;
  const target = action.type === 'link' ? ' target="_blank" rel="noopener noreferrer"' : '';
  const label = storedTranslator(data)(action.label);
  return `<a href="${escapeHtml(href)}"${target} class="${CTA} ${look}">${escapeHtml(label)}</a>`;
}

/** The landing page's hero (web: modules/site/landing-page.tsx `LandingHero`). */
function landing(data: BootstrapData) {
  const l = data.settings.landing;
  const stored = storedTranslator(data);
  const from = l.headerOverlayColor1 ?? 'rgba(0,0,0,0.55)';
  const to = l.headerOverlayColor2 ?? l.headerOverlayColor1 ?? 'rgba(0,0,0,0.85)';
  const image = l.headerImage
    ? `<img src="${escapeHtml(l.headerImage)}" alt="" aria-hidden="true" fetchpriority="high" loading="eager" class="absolute inset-0 -z-20 size-full object-cover" style="opacity:${Number(l.headerImageOpacity ?? 1)}">`
    : '';
  const subtitle = l.headerSubtitle
    ? `<p class="mt-6 max-w-2xl text-pretty text-base leading-relaxed text-white/80 sm:text-lg md:text-xl">${escapeHtml(stored(l.headerSubtitle))}</p>`
    : '';
  return (
    '<div class="relative flex min-h-dvh flex-col bg-bg text-fg">' +
    `<header class="absolute inset-x-0 top-0 z-20 flex h-16 items-center px-4 md:px-6">${logo(data, { light: true })}</header>` +
    '<main class="flex-1"><section class="relative isolate overflow-hidden bg-[#0c0d10] text-white">' +
    image +
    `<div aria-hidden="true" class="absolute inset-0 -z-10" style="background-image:${escapeHtml(`linear-gradient(135deg, ${from} 0%, ${to} 100%)`)}"></div>` +
    '<div class="mx-auto flex min-h-[560px] max-w-5xl flex-col items-center justify-center px-5 pb-20 pt-32 text-center md:min-h-[680px] md:pt-36">' +
    `<h1 class="max-w-4xl text-balance text-4xl font-extrabold leading-[1.08] tracking-tight sm:text-5xl md:text-6xl lg:text-7xl">${escapeHtml(stored(l.headerTitle))}</h1>` +
    subtitle +
    `<div class="mt-10 flex w-full flex-col items-stretch justify-center gap-3 sm:w-auto sm:flex-row sm:items-center">${cta(data, l.actions.cta1, 'bg-primary text-on-primary')}${cta(data, l.actions.cta2, 'border border-white/40 bg-transparent text-white')}</div>` +
    '</div></section></main></div>'
  );
}

/** An auth page's frame: logo and card with its heading (web: modules/identity/components/auth-layout.tsx). */
function auth(data: BootstrapData, t: (m: string) => string, heading: string | null) {
  return (
    '<div class="flex min-h-dvh flex-col bg-bg-alt text-fg">' +
    `<main class="flex flex-1 flex-col items-center px-4 pb-10 pt-10 sm:px-6 sm:pt-16">${logo(data, { className: 'mb-8' })}` +
    '<section class="w-full max-w-[440px] rounded-theme border border-divider bg-paper px-5 py-7 shadow-sm sm:px-10 sm:py-9">' +
    (heading ? `<h1 class="text-xl font-semibold text-balance">${t(heading)}</h1>` : '') +
    '<div aria-hidden="true" class="mt-6 flex flex-col gap-4">' +
    '<span class="h-10 animate-pulse rounded bg-hover"></span><span class="h-10 animate-pulse rounded bg-hover"></span>' +
    '</div></section></main></div>'
  );
}

const NAV_LINK =
  'flex items-center gap-3 rounded-theme px-3 py-2 text-sm font-medium transition-colors text-muted';
const BOTTOM_LINK = 'flex flex-1 flex-col items-center gap-0.5 py-2 text-[11px] font-medium text-muted';

/** A collection page's header (web: components/collection-header.tsx). */
function collectionHeader(h: CollectionHeaderPaint, t: (m: string) => string) {
  const shape = h.round ? 'rounded-full' : 'rounded-theme';
  const art = h.image
    ? `<img src="${escapeHtml(h.image)}" alt="" fetchpriority="high" class="size-44 shrink-0 object-cover shadow-xl md:size-56 ${shape}">`
    : `<span class="flex size-44 shrink-0 items-center justify-center bg-bg-alt text-muted shadow-xl md:size-56 ${shape}"></span>`;
  return (
    '<div class="flex flex-col gap-10"><header class="flex flex-col gap-6">' +
    '<div class="flex flex-col items-center gap-6 text-center md:flex-row md:items-end md:text-left">' +
    art +
    '<div class="flex min-w-0 flex-col gap-2">' +
    `<p class="flex items-center justify-center gap-1.5 text-xs font-semibold tracking-wide uppercase md:justify-start"><span>${t(h.kind)}</span></p>` +
    `<h1 class="max-w-full text-3xl font-extrabold break-words md:text-5xl">${escapeHtml(h.title)}</h1>` +
    '</div></div></header></div>'
  );
}

// Page addresses as the web app builds them.
const href = pagePaths;

/** m:ss or h:mm:ss (web: formatDuration in lib/format.ts). */
function duration(ms: number) {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** Rows painted per list: more than a first screen holds, far fewer than a page of content. */
const PAINTED_TRACKS = 10;
const PAINTED_CARDS = 12;
/** Sections painted: the first screen, on any screen, never the whole page. */
const PAINTED_SECTIONS = 3;

const NUMBER = 'w-8 shrink-0 text-right tabular-nums sm:w-10'; // web: track-list.tsx trackNumberClass

/** A list of tracks (web: components/track-list.tsx, its fixed list), without the row controls. */
function trackRows(tracks: Track[], t: (m: string) => string) {
  const head =
    '<div aria-hidden="true" class="mb-1 flex items-center gap-3 border-b border-divider px-2 py-2 text-xs text-muted uppercase max-md:hidden">' +
    `<span class="pr-2 ${NUMBER}">#</span><span class="min-w-0 flex-1">${t('Title')}</span>` +
    `<span class="w-[26%] shrink-0">${t('Album')}</span>` +
    '<span class="flex shrink-0 items-center gap-1"><span class="size-8"></span><span class="flex w-11 justify-end"><span class="size-4"></span></span><span class="size-8"></span></span></div>';
  const rows = tracks.slice(0, PAINTED_TRACKS).map((track, i) => {
    const cover = track.image
      ? `<img src="${escapeHtml(track.image)}" alt="" aria-hidden="true" class="size-10 shrink-0 rounded object-cover">`
      : '<span aria-hidden="true" class="size-10 shrink-0 rounded bg-bg-alt"></span>';
    const artists = track.artists
      .map(
        (a) =>
          `<a href="${escapeHtml(href.artist(a))}" class="py-[4.5px] text-muted">${escapeHtml(a.name)}</a>`,
      )
      .join(', ');
    const album = track.album
      ? `<a href="${escapeHtml(href.album(track.album))}" class="block truncate leading-6 text-muted">${escapeHtml(track.album.name)}</a>`
      : '';
    return (
      '<div class="flex items-center gap-2 rounded-theme px-1 py-1.5 text-sm text-fg sm:gap-3 sm:px-2">' +
      `<div class="relative flex h-10 items-center justify-end ${NUMBER}"><span class="pr-2 text-muted">${i + 1}</span></div>` +
      `<div class="flex min-w-0 flex-1 items-center gap-3">${cover}<div class="min-w-0 flex-1">` +
      `<a href="${escapeHtml(href.track(track))}" class="block truncate leading-6 font-medium">${escapeHtml(track.name)}</a>` +
      `<div class="flex min-w-0 items-center gap-1.5 text-xs leading-6 text-muted"><span class="truncate">${artists}</span></div></div></div>` +
      `<div class="w-[26%] min-w-0 shrink-0 text-muted max-md:hidden">${album}</div>` +
      '<div class="flex shrink-0 items-center gap-1 text-muted"><span class="size-8 max-sm:hidden"></span>' +
      `<span class="w-11 text-right text-xs tabular-nums max-sm:hidden">${duration(track.duration_ms)}</span><span class="size-8"></span></div></div>`
    );
  });
  return `<div>${head}<div class="flex flex-col">${rows.join('')}</div></div>`;
}

/** A card (web: components/media-cards.tsx MediaCard), without its play button. */
function card(c: {
  href: string;
  image: string | null;
  round?: boolean;
  title: string;
  /** Markup: escaped text (a translated line from `t` is escaped already). */
  subtitleHtml?: string;
}) {
  const shape = c.round ? 'rounded-full' : 'rounded-theme';
  const image = c.image ? `<img src="${escapeHtml(c.image)}" alt="" class="size-full object-cover">` : '';
  const subtitle = c.subtitleHtml
    ? `<span class="block truncate text-xs text-muted">${c.subtitleHtml}</span>`
    : '';
  return (
    '<li><div class="group relative flex min-w-0 flex-col gap-2 rounded-theme p-2">' +
    `<div class="relative"><span class="flex aspect-square w-full items-center justify-center overflow-hidden bg-bg-alt text-muted shadow-sm ${shape}">${image}</span></div>` +
    `<div class="min-w-0${c.round ? ' text-center' : ''}"><a href="${escapeHtml(c.href)}" class="block truncate text-sm font-semibold after:absolute after:inset-0 after:content-[&quot;&quot;]">${escapeHtml(c.title)}</a>${subtitle}</div></div></li>`
  );
}

const CARD_LIST = {
  grid: '-mx-2 grid grid-cols-2 gap-1 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5 2xl:grid-cols-6',
  carousel:
    '-mx-2 flex snap-x snap-mandatory gap-1 overflow-x-auto pb-2 [&>li]:w-40 [&>li]:shrink-0 [&>li]:snap-start md:[&>li]:w-48',
};

/** A channel's items by content type (web: modules/catalogue/components/channel-view.tsx). */
function channelContent(channel: NestedChannel, t: (m: string) => string, depth: number): string {
  const { content } = channel;
  const list = <T>(items: T[], render: (item: T) => string) =>
    `<ul aria-label="${escapeHtml(channel.name)}" class="${CARD_LIST[channel.config.layout === 'carousel' ? 'carousel' : 'grid']}">${items.slice(0, PAINTED_CARDS).map(render).join('')}</ul>`;
  switch (content.type) {
    case 'track':
      return trackRows(content.items, t);
    case 'album':
      return list(content.items, (a) =>
        card({
          href: href.album(a),
          image: a.image,
          title: a.name,
          subtitleHtml: [
            a.release_date?.slice(0, 4),
            escapeHtml(a.artists.map((x) => x.name).join(', ')) || t(ALBUM_TYPE_LABELS[a.type] ?? a.type),
          ]
            .filter(Boolean)
            .join(' · '),
        }),
      );
    case 'artist':
      return list(content.items, (a) =>
        card({
          href: href.artist(a),
          image: a.image_small,
          round: true,
          title: a.name,
          subtitleHtml: t('Artist'),
        }),
      );
    case 'genre':
      return list(content.items, (g) => card({ href: href.genre(g), image: g.image, title: g.display_name }));
    case 'channel': {
      const sections = content.items
        .filter((c) => c.content.items.length > 0)
        .slice(0, PAINTED_SECTIONS)
        .map((c) => channelSection(c, t, depth + 1));
      return `<div class="flex flex-col gap-10">${sections.join('')}</div>`;
    }
  }
}

/** One row of a channel page: heading, "Show all" and its items (web: channel-view.tsx ChannelSection). */
function channelSection(channel: NestedChannel, t: (m: string) => string, depth: number) {
  const heading = depth <= 1 ? 'h2' : 'h3';
  const name = escapeHtml(channel.name);
  return (
    '<section class="flex flex-col gap-3"><div class="flex items-end gap-4">' +
    `<${heading} class="text-xl font-bold">${name}</${heading}>` +
    `<a href="${escapeHtml(href.channel(channel))}" class="ml-auto shrink-0 text-sm font-semibold text-muted">${t('Show all')}<span class="sr-only">: ${name}</span></a></div>` +
    (channel.description
      ? `<p class="-mt-2 text-sm text-muted">${escapeHtml(channel.description)}</p>`
      : '') +
    // A nested channel's own children are not loaded (one level deep): nothing to paint there.
    (channel.content.type === 'channel' ? '' : channelContent(channel, t, depth)) +
    '</section>'
  );
}

/** A channel page (web: modules/catalogue/pages/channel-page.tsx). */
function channelPage({ channel, isHome }: ChannelPaint, t: (m: string) => string) {
  // A home page of rows names itself for screen readers only; a home page that is one list shows it.
  const titleHidden = isHome && channel.content.type === 'channel';
  return (
    '<div class="flex flex-col gap-8">' +
    `<h1 class="${titleHidden ? 'sr-only' : 'text-3xl font-bold'}">${escapeHtml(channel.name)}</h1>` +
    (channel.description && !titleHidden
      ? `<p class="-mt-6 text-muted">${escapeHtml(channel.description)}</p>`
      : '') +
    channelContent(channel, t, 0) +
    '</div>'
  );
}

/** The player area's content placeholder (web: app/player-layout.tsx `ContentSkeleton`). */
const CONTENT_SKELETON =
  '<div aria-hidden="true" class="flex flex-col gap-6 pt-4">' +
  // web: components/states.tsx HeaderSkeleton
  '<div class="flex flex-col gap-6"><div class="flex flex-col items-center gap-6 md:flex-row md:items-end">' +
  '<span class="size-44 shrink-0 animate-pulse bg-hover md:size-56 rounded-theme"></span>' +
  '<span class="flex w-full min-w-0 flex-col items-center gap-2 md:items-start">' +
  '<span class="my-0.5 h-3 w-20 animate-pulse rounded bg-hover"></span>' +
  '<span class="my-1 h-7 w-2/3 animate-pulse rounded bg-hover md:h-10"></span>' +
  '<span class="my-0.5 h-4 w-1/3 animate-pulse rounded bg-hover"></span></span></div>' +
  '<span class="flex justify-center gap-3 md:justify-start"><span class="size-12 animate-pulse rounded-full bg-hover"></span>' +
  '<span class="h-12 w-28 animate-pulse rounded-theme bg-hover"></span></span></div>' +
  '<span class="flex flex-col gap-3">' +
  '<span class="h-10 animate-pulse rounded bg-hover"></span>'.repeat(5) +
  '</span></div>';

/** The player area's frame: sidebar, navbar, content, bottom navigation (web: app/player-layout.tsx). */
function player(
  data: BootstrapData,
  t: (m: string) => string,
  view: { header?: CollectionHeaderPaint | null; channel?: ChannelPaint | null },
  notice: string,
) {
  const links: [string, string][] = [
    ['/discover', msg('Home')],
    ['/search', msg('Search')],
    ['/radio', msg('Radio')],
    ['/library', msg('Your Library')],
    ['/library/songs', msg('Liked songs')],
    ['/library/history', msg('History')],
  ];
  const icon = '<span aria-hidden="true" class="size-5"></span>';
  const side = links
    .map(([href, label]) => `<a href="${href}" class="${NAV_LINK}">${icon}${t(label)}</a>`)
    .join('');
  const bottom = links
    .slice(0, 4)
    .map(([href, label]) => `<a href="${href}" class="${BOTTOM_LINK}">${icon}${t(label)}</a>`)
    .join('');
  return (
    '<div class="flex min-h-dvh bg-bg text-fg">' +
    `<nav aria-label="${t('Player navigation')}" class="sticky top-0 flex h-dvh w-60 shrink-0 flex-col gap-1 overflow-y-auto border-r border-divider bg-bg-alt px-3 pt-4 pb-24 max-md:hidden">` +
    `<div class="mb-4 px-2">${logo(data)}</div>${side}</nav>` +
    '<div class="flex min-w-0 flex-1 flex-col">' +
    '<header class="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-divider bg-navbar/95 px-4 text-on-navbar backdrop-blur md:px-6">' +
    `<div class="md:hidden">${logo(data)}</div></header>` +
    `<main class="flex-1 px-4 pt-4 pb-24 md:px-6 md:pb-28">${view.header ? collectionHeader(view.header, t) : view.channel ? channelPage({ ...view.channel, channel: channelInLanguage(view.channel.channel, storedTranslator(data)) }, t) : CONTENT_SKELETON}</main>` +
    '</div>' +
    `<div class="fixed inset-x-0 bottom-0 z-40">${notice}` +
    `<nav aria-label="${t('Player navigation')}" class="flex border-t border-divider bg-paper md:hidden">${bottom}</nav></div>` +
    '</div>'
  );
}

/** The HTML painted inside `#root` for this view; '' for none. */
export function renderFirstPaint(
  view: FirstPaintView | null,
  data: BootstrapData,
  opts: { cookieNoticeAccepted: boolean },
): string {
  if (!view) return '';
  const t = pageTranslator(data);
  const notice = data.settings.cookie_notice;
  const showNotice = notice.enable && !opts.cookieNoticeAccepted;
  const top = showNotice && notice.position === 'top' ? cookieNotice(data, t, false) : '';
  // In the player area a bottom notice sits above the fixed bottom bars, as the app's does.
  const inPlayer = view.kind === 'player';
  const bottom = showNotice && notice.position !== 'top' ? cookieNotice(data, t, inPlayer) : '';
  const body =
    view.kind === 'landing'
      ? landing(data)
      : view.kind === 'auth'
        ? auth(data, t, view.heading)
        : player(data, t, view, bottom);
  return top + body + (inPlayer ? '' : bottom);
}
