import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  COOKIE_NOTICE_COOKIE,
  GUEST_LOCALE_COOKIE,
  HOME_CHANNEL_SLUG,
  isSitePath,
  msg,
  SLUG_LOOKUP_PATTERN,
} from '@zema/contracts';
import { FAVICON_SET_PATTERN } from '@zema/contracts/appearance/appearance-admin';
import type { FastifyPluginAsync } from 'fastify';
import { NotFoundError } from '#src/lib/errors';
import { cachedCustomCode } from '#src/modules/appearance/index';
import { publicArtistPage, publicChannel } from '#src/modules/catalogue/index';
import { buildBootstrapData, cachedLocalizations } from './bootstrap.service';
import {
  type ChannelPaint,
  type CollectionHeaderPaint,
  firstPaintRoute,
  renderFirstPaint,
} from './first-paint';
import { pageMeta, shareTagsHtml } from './share-tags';
import {
  createIndexHtmlSource,
  landingHeroImage,
  linesScript,
  linesVersion,
  renderIndexHtml,
} from './spa.service';

// First path segments the SPA never owns: their unknown URLs answer a JSON 404, not the app shell.
// Whole segments, so a future /authors page is still the SPA's.
const NON_SPA_SEGMENTS = new Set(['api', 'auth', 'secure', 'health']);

function isNonSpaPath(path: string) {
  return NON_SPA_SEGMENTS.has(path.split('/')[0] ?? '');
}

/**
 * Serves the built web app: hashed /assets/* cached for a year, other files briefly, and every
 * other GET the index.html with bootstrap data and the selected theme inlined.
 */
export const spaRoutes: FastifyPluginAsync = async (app) => {
  const distDir = app.deps.config.webDistDir;
  const index = createIndexHtmlSource(distDir);
  const hasDist = existsSync(distDir) && statSync(distDir).isDirectory();
  if (hasDist) {
    // The build writes a .br and a .gz beside every text asset; the one the browser accepts is sent
    // as it is (with Vary: Accept-Encoding), the plain file otherwise.
    await app.register(fastifyStatic, {
      root: distDir,
      serve: false,
      index: false,
      dotfiles: 'deny',
      preCompressed: true,
    });
  }

  /** A file of the build (never index.html, which must go through rendering). */
  function staticFile(path: string): string | null {
    if (!hasDist || !path || path === 'index.html' || !extname(path)) return null;
    const resolved = normalize(join(distDir, path));
    if (!resolved.startsWith(distDir + sep)) return null;
    try {
      return statSync(resolved).isFile() ? path : null;
    } catch {
      return null;
    }
  }

  // The web app manifest names the site and carries the favicon set of the appearance (the
  // build's file is its starting point).
  // The build's manifest, read once: it changes only with a new build (and a new process).
  let builtManifest: object | undefined;
  const manifestBase = (): object => {
    if (builtManifest) return builtManifest;
    const file = join(distDir, 'manifest.webmanifest');
    builtManifest = hasDist && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as object) : {};
    return builtManifest;
  };
  app.get('/manifest.webmanifest', { config: { access: 'guest' } }, async (_request, reply) => {
    const base = manifestBase();
    const settings = await app.deps.settings.getClientSettings();
    const favicon = settings.branding.favicon;
    const icons =
      favicon && FAVICON_SET_PATTERN.test(favicon)
        ? [192, 512].flatMap((size) => {
            const src = favicon.replace(/32\.png$/, `${size}.png`);
            const icon = { src, sizes: `${size}x${size}`, type: 'image/png' };
            return size === 512 ? [icon, { ...icon, purpose: 'maskable' }] : [icon];
          })
        : undefined;
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send({
        ...base,
        name: settings.site_name,
        short_name: settings.site_name,
        ...(icons ? { icons } : {}),
      });
  });

  // A language's lines as a script the pages load (spa.service.ts): cached for a year under the
  // version the page names; an older version gets today's lines, revalidated.
  app.get<{ Params: { file: string } }>(
    '/i18n/:file',
    { config: { access: 'guest' } },
    async (request, reply) => {
      const match = /^([A-Za-z0-9-]{2,35})\.([0-9a-f]{16})\.js$/.exec(request.params.file);
      const row = match && (await cachedLocalizations(app.deps)).find((l) => l.language === match[1]);
      if (!match || !row) throw new NotFoundError();
      const current = linesVersion(row.lines) === match[2];
      return reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'no-cache')
        .send(linesScript(row.lines));
    },
  );

  app.get('/*', { config: { access: 'guest' } }, async (request, reply) => {
    let path: string;
    try {
      path = decodeURIComponent((request.params as { '*': string })['*'] ?? '').replace(/^\/+/, '');
    } catch {
      return reply.callNotFound();
    }
    if (isNonSpaPath(path)) return reply.callNotFound();

    const file = staticFile(path);
    if (file) {
      // Vite puts a content hash in every name under assets/, so those never change.
      const immutable = file.startsWith('assets/');
      reply.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
      return reply.sendFile(file, { cacheControl: false });
    }
    // A missing hashed asset is a stale deploy: an HTML answer would fail as a script anyway.
    if (path.startsWith('assets/')) return reply.callNotFound();
    // No page of the app answers here: the app still renders its 404 page, but
    // the status says so, for search engines, link checkers and the API's users, and the page is
    // kept out of indexes. Matched on the path as sent: a genre's encoded "/" is one segment.
    const sitePath = isSitePath(request.url.split('?')[0]!);
    const nonce = reply.cspNonce ?? { script: '', style: '' };

    const data = await buildBootstrapData(app.deps, request.user, request.cookies[GUEST_LOCALE_COOKIE]);
    // The page's title and share tags, as a guest would see it; an address whose thing a guest
    // cannot find (an unknown custom page, a deleted album, a private playlist) answers 404 like an
    // unknown path — to a guest: a signed-in owner of a private playlist gets 200, still no tags.
    const meta = sitePath ? await pageMeta(app.deps, request.url, data) : null;
    const known = sitePath && !(meta?.missing && !request.user);
    const tags = known ? shareTagsHtml(meta, data, { nonce: nonce.script, path }) : null;
    // Rendered per request (nonce, bootstrap data), so always revalidated and never kept by a
    // shared cache; a signed-in user's page carries their account, so it is not stored at all.
    // The compression plugin compresses it on the fly, so it varies by Accept-Encoding even when
    // this client accepts none.
    const search = new URLSearchParams(request.url.split('?')[1] ?? '');
    const route = firstPaintRoute(path, search, data);
    let header: CollectionHeaderPaint | null = null;
    if (route.artistId !== undefined && route.artistId <= 2_147_483_647) {
      // The artist page's picture is its largest element: painted with the HTML, it no longer
      // waits for the scripts and the API (the same cached page the API answers with next).
      const page = (await publicArtistPage(app.deps, route.artistId))?.page;
      if (page) {
        const { artist } = page;
        const image = artist.image_large ?? artist.image_small ?? page.albums[0]?.image ?? null;
        header = { image, round: true, kind: msg('Artist'), title: artist.name };
      }
    }
    let channel: ChannelPaint | null = null;
    // Only what may be a channel's slug or id is looked up for painting.
    if (route.channel && SLUG_LOOKUP_PATTERN.test(route.channel)) {
      // A channel page's rows, the first album covers among them its largest elements, are painted
      // with the HTML too (decision 0022): the same guest view the app asks for next, kept briefly.
      // Only a help: a failure leaves the placeholder, and the app shows the error if it is real.
      const paint = (slug: string) =>
        publicChannel(app.deps, slug).catch((err: unknown) => {
          request.log.warn({ err }, 'channel not painted');
          return null;
        });
      let found = await paint(route.channel);
      // A homepage channel deleted or renamed since it was chosen: the app falls back to the home
      // channel after its first call answers 404, so that is what the page paints.
      if (!found && route.home && route.channel !== HOME_CHANNEL_SLUG) found = await paint(HOME_CHANNEL_SLUG);
      if (found)
        channel = { channel: found, isHome: route.home === true || found.slug === HOME_CHANNEL_SLUG };
    }
    const view =
      route.view === 'landing'
        ? ({ kind: 'landing' } as const)
        : route.view === 'auth'
          ? ({ kind: 'auth', heading: route.authHeading ?? null } as const)
          : route.view === 'player'
            ? ({ kind: 'player', header, channel } as const)
            : null;
    const firstPaint = renderFirstPaint(view, data, {
      cookieNoticeAccepted: request.cookies[COOKIE_NOTICE_COOKIE] !== undefined,
    });
    return reply
      .code(known ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', request.user ? 'private, no-store' : 'private, no-cache')
      .header('vary', 'accept-encoding')
      .send(
        renderIndexHtml(index.read(), data, nonce, {
          preloadImage: landingHeroImage(path, data),
          preloadData: route.channel ? `/api/v1/channels/${encodeURIComponent(route.channel)}` : null,
          firstPaint,
          noindex: !known || tags?.noindex === true,
          shareTags: tags?.head,
          customCode: await cachedCustomCode(app.deps),
        }),
      );
  });
};
