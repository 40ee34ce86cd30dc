import { localizationAdmin } from '@zema/contracts/localization/localization-admin.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '#src/http/caller';
import { defineRoute } from '#src/http/define-route';
import {
  createLocalization,
  deleteLocalization,
  exportLines,
  listLines,
  listLocalizations,
  renameLocalization,
  writeLines,
} from './localization-admin.service';

/** The translation editor's API (permission `localizations.update`). */
export const localizationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  defineRoute(app, localizationAdmin.list, async () => listLocalizations(deps));
  defineRoute(app, localizationAdmin.create, async (request) =>
    createLocalization(deps, actorOf(request), request.body),
  );
  defineRoute(app, localizationAdmin.update, async (request) =>
    renameLocalization(deps, actorOf(request), request.params.id, request.body.name),
  );
  defineRoute(app, localizationAdmin.delete, async (request) =>
    deleteLocalization(deps, actorOf(request), request.params.id),
  );
  defineRoute(app, localizationAdmin.lines, async (request) =>
    listLines(deps.db, request.params.id, request.query),
  );
  defineRoute(app, localizationAdmin.updateLines, async (request) => {
    const { localization, updated } = await writeLines(
      deps,
      actorOf(request),
      request.params.id,
      request.body.lines,
      {
        strict: true,
      },
    );
    return { localization, updated };
  });
  defineRoute(app, localizationAdmin.importLines, async (request) =>
    writeLines(deps, actorOf(request), request.params.id, request.body.lines, { strict: false }),
  );
  defineRoute(app, localizationAdmin.exportLines, async (request, reply) => {
    const kind = request.query.kind ?? 'lines';
    const { row, body } = await exportLines(deps.db, request.params.id, kind);
    const name = kind === 'sources' ? `zema-${row.language}-sources.json` : `zema-${row.language}.json`;
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(`${JSON.stringify(body, null, 2)}\n`);
  });
};
