import { GUEST_LOCALE_COOKIE } from '@zema/contracts';
import { embeds } from '@zema/contracts/embed/embed.operations';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineRoute } from '#src/http/define-route';
import { NotFoundError } from '#src/lib/errors';
import { buildBootstrapData } from './bootstrap.service';
import { renderEmbedMissing, renderEmbedPage } from './embed.page';
import { embedTarget, embedWords, isEmbedKind, loadEmbed, oembedAnswer } from './embed.service';

/**
 * Embeds are the only pages other sites may frame: their answer's policy lets any origin be the
 * frame's parent, and the X-Frame-Options header (which cannot say "anyone") goes.
 */
function frameableByAnyone(reply: FastifyReply) {
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string')
    reply.header('content-security-policy', csp.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
  reply.removeHeader('x-frame-options');
}

/** `/embed/{track|album|playlist}/{id}`: the embeddable player, as the visitor may see it. */
export const embedPageRoutes: FastifyPluginAsync = async (app) => {
  app.get('/embed/:kind/:id', { config: { access: 'guest' } }, async (request, reply) => {
    const { kind, id: rawId } = request.params as { kind: string; id: string };
    const data = await buildBootstrapData(app.deps, request.user, request.cookies[GUEST_LOCALE_COOKIE]);
    // The site's theme, or its first dark or light one when the code asks (`?theme=dark`).
    const wanted = (request.query as { theme?: unknown }).theme;
    const selected = data.themes.all.find((t) => t.id === data.themes.selectedThemeId) ?? null;
    const theme =
      (wanted === 'dark' || wanted === 'light') && selected?.is_dark !== (wanted === 'dark')
        ? (data.themes.all.find((t) => t.is_dark === (wanted === 'dark')) ?? selected)
        : selected;
    const nonce = reply.cspNonce;
    frameableByAnyone(reply);
    const site = { name: data.settings.site_name, url: data.settings.base_url.replace(/\/+$/, '') };
    const lang = data.i18n.locale.language;
    const id = /^[1-9][0-9]{0,9}$/.test(rawId) ? Number(rawId) : 0;
    const view =
      isEmbedKind(kind) && id > 0 && id <= 2_147_483_647
        ? await loadEmbed(app.deps, request.user, kind, id)
        : null;
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', request.user ? 'private, no-store' : 'private, no-cache')
      .header('vary', 'accept-encoding');
    if (!view) return reply.code(404).send(renderEmbedMissing(embedWords(data), site, theme, nonce, lang));
    return reply.send(
      renderEmbedPage(
        { ...view, url: `${site.url}${view.url}`, site, lang, words: embedWords(data) },
        theme,
        nonce,
      ),
    );
  });
};

/** GET api/v1/oembed: the player's iframe for a track, album or playlist page of this site. */
export const oembedRoutes: FastifyPluginAsyncZod = async (app) => {
  defineRoute(app, embeds.oembed, async (request, reply) => {
    const { url, maxwidth, maxheight } = request.query;
    const settings = await app.deps.settings.getClientSettings();
    const target = embedTarget(url, settings.base_url);
    if (!target) throw new NotFoundError();
    // As a visitor: an embed on another site is seen by people who are not signed in here.
    const view = await loadEmbed(app.deps, null, target.kind, target.id);
    if (!view) throw new NotFoundError();
    reply.header('cache-control', 'public, max-age=300');
    return oembedAnswer(
      view,
      target,
      { name: settings.site_name, url: settings.base_url.replace(/\/+$/, '') },
      { maxwidth, maxheight },
    );
  });
};
