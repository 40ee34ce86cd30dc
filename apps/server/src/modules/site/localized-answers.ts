import { GUEST_LOCALE_COOKIE } from '@zema/contracts';
import type { FastifyInstance } from 'fastify';
import { type FieldErrors, invalidInputMessage } from '#src/lib/errors';
import { translator } from '#src/lib/translate';
import { requestLocale } from './bootstrap.service';

type Answer = { message?: unknown; errors?: unknown };

/**
 * An answer's `message` in the reader's language: a refusal's (SPEC §8, 4xx) with its field errors,
 * and what a call that went through says ("Track deleted.", 2xx). Every such answer of the server
 * passes here, and a text that is a catalogue source (services mark theirs with `msg()`) is
 * replaced by the reader's line. English readers, and texts the catalogue does not hold, get the
 * answer as it was written.
 */
export function localizedAnswers(app: FastifyInstance) {
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    const status = reply.statusCode;
    if (!((status >= 200 && status < 300) || (status >= 400 && status < 500))) return payload;
    if (!payload || typeof payload !== 'object') return payload;
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
    // Field errors are a refusal's; a success's other fields are data, sent as they are.
    const errors =
      status >= 400 && answer.errors && typeof answer.errors === 'object'
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
