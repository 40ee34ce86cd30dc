import { BUILTIN_STATION_SLUG, msg, RADIO_DEFAULT_BITRATE } from '@zema/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '#src/db/client';
import { radioStations } from './radio.tables';

/** The built-in station's words on a fresh install (the admin edits them; a restart keeps the edit). */
export const BUILTIN_STATION_TEXT = {
  name: msg('Zema Radio'),
  description: msg('The catalogue, live: one stream, the same song for every listener, all day.'),
} as const;

/**
 * "Zema Radio" at `/radio/zema`, playing the catalogue's most played tracks, on a fresh install
 * and on an install from before the radio (no built-in station yet). It works with nothing else
 * installed; an operator hides it or points it at a channel in the admin.
 */
export async function seedRadio(tx: Tx): Promise<void> {
  const [existing] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(radioStations)
    .where(sql`${radioStations.source}->>'kind' = 'builtin'`);
  if ((existing?.n ?? 0) > 0) return;
  await tx
    .insert(radioStations)
    .values({
      slug: BUILTIN_STATION_SLUG,
      name: BUILTIN_STATION_TEXT.name,
      description: BUILTIN_STATION_TEXT.description,
      cover: '/images/landing/secondary-radio.jpg',
      source: {
        kind: 'builtin',
        channel_id: null,
        rule: 'popular',
        bitrate: RADIO_DEFAULT_BITRATE,
        schedule: [],
      },
      position: 0,
    })
    .onConflictDoNothing();
}
