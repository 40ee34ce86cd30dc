import { GUEST_LOCALE_COOKIE } from '@zema/contracts';
import type { FastifyInstance } from 'fastify';
import { type FieldErrors, invalidInputMessage } from '#src/lib/errors';
import { translator } from '#src/lib/translate';
import { requestLocale } from './bootstrap.service';

type Answer = { message?: unknown; errors?: unknown };

/**
 * A refusal's message and field errors (SPEC §8) in the reader's language: every 4xx answer of
 * the API passes here, and a message that is a catalogue source (services mark theirs with
 * `msg()`) is replaced by the reader's line. English readers, and messages the catalogue does not
 * hold, get the answer as it was written.
 */
export function localizedAnswers(app: FastifyInstance) {
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (reply.statusCode < 400 || reply.statusCode >= 500 || !payload || typeof payload !== 'object')
      return payload;
    const answer = payload as Answer;
    if (typeof answer.message !== 'string') return payload;
    const locale = await requestLocale(
      app.deps,
      request.user ?? null,
      request.cookies?.[GUEST_LOCALE_COOKIE],
    );
    if (locale.language === 'en' || !Object.keys(locale.lines).length) return payload;
    const format = translator(locale.lines, locale.language);
    // Only catalogue sources: any other text is sent as written, never read as a message format.
    const t = (message: string) => (Object.hasOwn(locale.lines, message) ? format(message) : message);
    const errors =
      answer.errors && typeof answer.errors === 'object'
        ? Object.fromEntries(
            Object.entries(answer.errors as Record<string, unknown>).map(([field, messages]) => [
              field,
              Array.isArray(messages) ? messages.map((m) => (typeof m === 'string' ? t(m) : m)) : messages,
            ]),
          )
        : answer.errors;
    // A refusal with field errors leads with the first of them: write it again from the translated ones.
    const message =
      errors &&
      typeof errors === 'object' &&
      answer.message === invalidInputMessage(answer.errors as FieldErrors)
        ? invalidInputMessage(errors as FieldErrors, format)
        : t(answer.message);
    return { ...answer, message, ...(answer.errors === undefined ? {} : { errors }) };
  });
}
