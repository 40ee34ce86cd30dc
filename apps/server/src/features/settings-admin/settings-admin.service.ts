import type { ClientSettings } from '@zema/contracts';
import type { FastifyInstance } from 'fastify';
import { validationError } from '#src/http/errors';

/**
 * Applies `{'dotted.key': value}` pairs through the settings service, which validates each
 * against the whole settings schema. Every key is checked before anything is stored, so a bad
 * key leaves the settings as they were (422 listing what is wrong).
 */
export async function updateSettings(
  app: FastifyInstance,
  patch: Record<string, unknown>,
): Promise<ClientSettings> {
  const entries = Object.entries(patch);
  if (!entries.length) return app.settings.getClientSettings();
  const errors = await app.settings.check(entries);
  if (Object.keys(errors).length) throw validationError(errors);
  let settings = await app.settings.getClientSettings();
  for (const [key, value] of entries) settings = await app.settings.set(key, value);
  return settings;
}
