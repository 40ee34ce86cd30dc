/**
 * Mail: the mail service (SMTP or the outbox folder) as `deps.mail`, its templates, the `mail` job
 * queue every mail a request hands over goes through, and the mail log.
 *
 * This file is the module's one public face (decision 0051): other modules and the composition
 * (app.ts, deps.ts, server-modules.ts) import only what it exports.
 */
import type { ServerModule } from '#src/platform/deps';
import { createMailer } from '#src/platform/mail';
import { createMailService, type MailService } from './mail.service';
import { MAIL_QUEUE, mailQueue } from './mail-queue';

export type { MailService } from './mail.service';
export { notificationsMail } from './mail.templates';
export { MAIL_LOG_DAYS } from './mail-log';

declare module '#src/platform/deps' {
  interface Deps {
    mail: MailService;
  }
}

export const mailModule: ServerModule = {
  name: 'mail',
  register(deps) {
    const { config, log, db, settings } = deps;
    deps.mail = createMailService({
      mailer: createMailer(config, log),
      settings,
      config,
      log,
      db,
      // The jobs module registers first (server-modules.ts); its engine is read when a mail goes.
      jobs: {
        send: (job) => deps.jobs.send(MAIL_QUEUE, job),
        flush: () => deps.jobs.flush(),
        get inProcess() {
          return deps.jobs.engine.kind === 'in-process';
        },
      },
    });
  },
  // Each mail a request hands over is a job: retried through an SMTP outage, kept when it fails.
  queues: (deps) => [mailQueue(deps.mail)],
  close: (deps) => deps.mail.close(),
};
