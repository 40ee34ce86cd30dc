import { ADMIN_PERMISSIONS, hasPermission } from '@zema/contracts';
import { appearanceAdmin } from '@zema/contracts/appearance/appearance.operations';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '#src/http/caller';
import { defineRoute } from '#src/http/define-route';
import {
  discardDraft,
  getEditor,
  listVersions,
  publishDraft,
  restoreVersion,
  saveDraft,
} from './appearance.service';
import { saveAppearanceImage } from './images';

/** Custom HTML is injected into every page: it needs a permission of its own (or `admin`). */
const canEditHtml = (request: FastifyRequest) =>
  hasPermission(request.user, ADMIN_PERMISSIONS.appearanceCustomHtml);

/** The appearance editor's routes (SPEC §1, §4): each declares `appearance.update` in its contract. */
export const appearanceAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const editor = (request: FastifyRequest) => getEditor(app.deps, actorOf(request), canEditHtml(request));

  defineRoute(app, appearanceAdmin.get, async (request) => editor(request));

  defineRoute(app, appearanceAdmin.saveDraft, async (request) => ({
    draft: await saveDraft(app.deps, actorOf(request), request.body, canEditHtml(request)),
  }));

  defineRoute(app, appearanceAdmin.discardDraft, async (request) => {
    await discardDraft(app.deps, actorOf(request));
    return editor(request);
  });

  defineRoute(app, appearanceAdmin.publish, async (request) => {
    await publishDraft(app.deps, actorOf(request));
    return editor(request);
  });

  defineRoute(app, appearanceAdmin.uploadImage, async (request) =>
    saveAppearanceImage(app.deps, actorOf(request).user.id, request.body),
  );

  defineRoute(app, appearanceAdmin.history, async () => ({ versions: await listVersions(app.deps.db) }));

  defineRoute(app, appearanceAdmin.restore, async (request) => {
    await restoreVersion(app.deps, actorOf(request), request.params.id);
    return editor(request);
  });
};
