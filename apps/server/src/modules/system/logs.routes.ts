import { msg } from '@zema/contracts';
import { logs } from '@zema/contracts/system/logs.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '#src/http/csv';
import { defineRoute } from '#src/http/define-route';
import { NotFoundError } from '#src/lib/errors';
import { errorLogEntry, listErrorLog } from './error-log.service';
import { listMailLog, mailLogCsv, mailLogMessage } from './mail-log.service';

/** The error log (SPEC §7's download, the admin's viewer) and the outgoing mail log. */
export const logsRoutes: FastifyPluginAsyncZod = async (app) => {
  const attachment = (name: string) => ({
    'content-type': 'text/plain; charset=utf-8',
    'content-disposition': `attachment; filename="${name}"`,
    'cache-control': 'no-store',
  });

  defineRoute(app, logs.downloadLatestError, async (_request, reply) => {
    const latest = await app.deps.errorLog.latest();
    if (!latest) throw new NotFoundError(msg('There are no error logs yet.'));
    return reply.headers(attachment(latest.name)).send(latest.stream());
  });

  // The day is a checked calendar date (the contract), and the file names are built from it.
  defineRoute(app, logs.downloadErrorDay, async (request, reply) => {
    const day = await app.deps.errorLog.dayStream(request.params.day);
    if (!day) throw new NotFoundError(msg('There is no error log for that day.'));
    return reply.headers(attachment(day.name)).send(day.stream());
  });

  defineRoute(app, logs.listErrors, async (request) => listErrorLog(app.deps.errorLog, request.query));

  defineRoute(app, logs.errorDays, async () => ({ days: await app.deps.errorLog.days() }));

  defineRoute(app, logs.getError, async (request) => {
    const found = await errorLogEntry(app.deps.errorLog, request.params.id);
    if (!found) throw new NotFoundError(msg('There is no such error log entry.'));
    return found;
  });

  defineRoute(app, logs.listMail, async (request) => listMailLog(app.deps.db, request.query));
  defineRoute(app, logs.exportMail, async (request, reply) =>
    sendCsv(reply, 'mail-log', mailLogCsv(app.deps.db, request.query)),
  );

  defineRoute(app, logs.getMail, async (request) => {
    const mail = await mailLogMessage(app.deps.db, request.params.id);
    if (!mail) throw new NotFoundError(msg('There is no such message.'));
    return { mail };
  });
};
