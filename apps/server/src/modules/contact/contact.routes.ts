import { GUEST_LOCALE_COOKIE } from '@zema/contracts';
import { CONTACT_SENT_MESSAGE } from '@zema/contracts/contact/contact';
import { contact, contactAdmin } from '@zema/contracts/contact/contact.operations';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, browserOf } from '#src/http/caller';
import { sendCsv } from '#src/http/csv';
import { defineRoute } from '#src/http/define-route';
import { contactLimiter } from '#src/http/rate-limits';
import {
  contactMessagesCsv,
  deleteContactMessages,
  getContactMessage,
  listContactMessages,
  markContactMessages,
  receiveContactMessage,
  retryContactMail,
} from './contact.service';

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** SPEC §7 `POST contact-page`, and the admin's contact messages. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  /** The sender's language, as the bootstrap data picks it: theirs when i18n is on, else the site's. */
  const languageOf = async (request: FastifyRequest) => {
    const { i18n } = await app.deps.settings.getClientSettings();
    const chosen = request.user?.language ?? request.cookies[GUEST_LOCALE_COOKIE];
    return (i18n.enable && chosen) || i18n.default_locale;
  };

  defineRoute(app, contact.send, { preHandler: contactLimiter(app) }, async (request) => {
    await receiveContactMessage(
      app.deps,
      { browser: browserOf(request), userId: request.user?.id ?? null, language: await languageOf(request) },
      request.body,
    );
    return { message: CONTACT_SENT_MESSAGE };
  });

  defineRoute(app, contactAdmin.list, async (request) => listContactMessages(db, request.query));
  defineRoute(app, contactAdmin.exportCsv, async (request, reply) =>
    sendCsv(reply, 'contact-messages', contactMessagesCsv(db, request.query)),
  );
  defineRoute(app, contactAdmin.get, async (request) => ({
    message: await getContactMessage(db, request.params.id),
  }));
  defineRoute(app, contactAdmin.markRead, async (request) => {
    const { ids, read } = request.body;
    const count = await markContactMessages(db, ids, read);
    const what = counted(count, 'message', 'messages');
    return { message: `Marked ${what} as ${read ? 'read' : 'unread'}.`, count };
  });
  defineRoute(app, contactAdmin.retryMail, async (request) => ({
    message: await retryContactMail(app.deps, request.params.id),
  }));
  defineRoute(app, contactAdmin.bulkDelete, async (request) => {
    const count = await deleteContactMessages(db, actorOf(request), request.body.ids);
    return { message: `Deleted ${counted(count, 'message', 'messages')}.`, count };
  });
};
