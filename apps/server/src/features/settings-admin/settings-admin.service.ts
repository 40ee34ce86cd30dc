import type { ClientSettings } from '@zema/contracts';
import type { Deps } from '#src/deps';
import { validationError } from '#src/http/errors';

/**
 * Applies `{'dotted.key': value}` pairs through the settings service, which validates each
 * against the whole settings schema. Every key is checked before anything is stored, so a bad
 * key leaves the settings as they were (422 listing what is wrong).
 */
export async function updateSettings(deps: Deps, patch: Record<string, unknown>): Promise<ClientSettings> {
  const entries = Object.entries(patch);
  if (!entries.length) return deps.settings.getClientSettings();
  const errors = await deps.settings.check(entries);
  if (Object.keys(errors).length) throw validationError(errors);
  let settings = await deps.settings.getClientSettings();
  for (const [key, value] of entries) settings = await deps.settings.set(key, value);
  return settings;
}
