import { GUEST_LOCALE_COOKIE } from '@zema/contracts';
import type { FastifyInstance } from 'fastify';
import { translator } from '#src/lib/translate';
import { requestLocale } from './bootstrap.service';

/**
 * What a call that went through says in its answer's `message` ("Track deleted.", "We have
 * emailed your password reset link."), in the reader's language, as refusals are
 * (localized-answers.ts): a message that is a catalogue source (`msg()` where it is written) is
 * replaced by the reader's line; any other text, and every other field, is sent as written.
 */
export function localizedMessages(app: FastifyInstance) {
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (reply.statusCode < 200 || reply.statusCode >= 300 || !payload || typeof payload !== 'object')
      return payload;
    const answer = payload as { message?: unknown };
    if (typeof answer.message !== 'string') return payload;
    const locale = await requestLocale(
      app.deps,
      request.user ?? null,
      request.cookies?.[GUEST_LOCALE_COOKIE],
    );
    if (locale.language === 'en' || !Object.hasOwn(locale.lines, answer.message)) return payload;
    return { ...answer, message: translator(locale.lines, locale.language)(answer.message) };
  });
}
