/**
 * Contact: the contact page's messages (SPEC §3 Contact message, §7 `POST contact-page`) — stored
 * first, then mailed to the site's contact address (Reply-To the sender) with a copy to the sender,
 * retried by a scheduled task until both went out — and the admin's list of them.
 *
 * This file is the module's one public face (decision 0051): other modules and the composition
 * (app.ts, deps.ts, server-modules.ts) import only what it exports.
 */
import type { ServerModule } from '#src/platform/deps';
import { contactRoutes } from './contact.routes';
import { retryContactMails } from './contact-mail';

const MINUTE = 60_000;

export const contactModule: ServerModule = {
  name: 'contact',
  apiRoutes: [contactRoutes],
  // Mails a failed try left owed, once their backoff ends; safe on several instances (row claims).
  tasks: (deps) => [{ name: 'contact-mail-retry', everyMs: MINUTE, run: () => retryContactMails(deps) }],
};
