import type { FastifyPluginAsync } from 'fastify';
import { buildRobotsTxt } from './robots.service';
import { serveSitemapFile, serveSitemapIndex } from './sitemap-store';

/** Crawlers read these every few hours: an hour in any cache is plenty fresh. */
const CACHE_CONTROL = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';

/**
 * What search engines read: `/robots.txt`, `/sitemap.xml` (an index) and its files
 * `/sitemaps/{kind}-{n}.xml`, as the sitemap job stored them (sitemap-store.ts; built here until it
 * has). Registered before the SPA, whose catch-all would answer them with the app shell.
 */
export const sitemapRoutes: FastifyPluginAsync = async (app) => {
  app.get('/robots.txt', { config: { access: 'guest' } }, async (_request, reply) => {
    const { base_url } = await app.deps.settings.getClientSettings();
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE_CONTROL)
      .send(buildRobotsTxt(base_url));
  });

  app.get('/sitemap.xml', { config: { access: 'guest' } }, async (_request, reply) =>
    reply
      .type(XML)
      .header('cache-control', CACHE_CONTROL)
      .send(await serveSitemapIndex(app.deps)),
  );

  app.get<{ Params: { file: string } }>(
    '/sitemaps/:file',
    { config: { access: 'guest' } },
    async (request, reply) => {
      const name = request.params.file.endsWith('.xml') ? request.params.file.slice(0, -4) : '';
      const xml = await serveSitemapFile(app.deps, name);
      return reply.type(XML).header('cache-control', CACHE_CONTROL).send(xml);
    },
  );
};
