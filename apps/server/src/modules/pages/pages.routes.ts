import { GUEST_LOCALE_COOKIE } from '@zema/contracts';
import { customPages, customPagesAdmin } from '@zema/contracts/pages/pages.operations';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '#src/http/caller';
import { defineRoute } from '#src/http/define-route';
import { saveAppearanceImage } from '#src/modules/appearance/index';
import {
  createCustomPage,
  deleteCustomPage,
  getCustomPage,
  listCustomPages,
  readCustomPage,
  updateCustomPage,
} from './pages.service';

/** SPEC §7 `GET custom-pages/{idOrSlug}`, and the admin's pages. */
export const pagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  /** The reader's language, as the bootstrap data picks it: theirs when i18n is on, else the site's. */
  const languageOf = async (request: FastifyRequest) => {
    const { i18n } = await app.deps.settings.getClientSettings();
    const chosen = request.user?.language ?? request.cookies[GUEST_LOCALE_COOKIE];
    return (i18n.enable && chosen) || i18n.default_locale;
  };

  defineRoute(app, customPages.get, async (request) => ({
    page: await readCustomPage(db, request.user, request.params.idOrSlug, await languageOf(request)),
  }));

  defineRoute(app, customPagesAdmin.list, async (request) => listCustomPages(db, request.query));
  defineRoute(app, customPagesAdmin.get, async (request) => ({
    page: await getCustomPage(db, request.params.id),
  }));
  defineRoute(app, customPagesAdmin.create, async (request) => ({
    page: await createCustomPage(db, actorOf(request), request.body),
  }));
  defineRoute(app, customPagesAdmin.update, async (request) => ({
    page: await updateCustomPage(db, actorOf(request), request.params.id, request.body),
  }));
  // A page's picture is made like the site's other pictures: re-encoded, the upload's bytes gone.
  defineRoute(app, customPagesAdmin.uploadImage, async (request) =>
    saveAppearanceImage(app.deps, actorOf(request).user.id, {
      file_entry_id: request.body.file_entry_id,
      purpose: 'image',
    }),
  );
  defineRoute(app, customPagesAdmin.delete, async (request) => {
    await deleteCustomPage(db, actorOf(request), request.params.id);
    return { deleted: true as const };
  });
};
