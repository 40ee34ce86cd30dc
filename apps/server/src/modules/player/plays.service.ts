import { createHash } from 'node:crypto';
import { PLAY_COUNT_AFTER_SECONDS } from '@zema/contracts';
import { and, count, eq, gt } from 'drizzle-orm';
import type { Database, Db } from '#src/db/client';
import type { WriteEventMap } from '#src/lib/write-events';
import { countPlay } from '#src/modules/catalogue/index';
import { tracks } from '#src/modules/catalogue/tables';
import { plays } from '#src/modules/player/tables';
import type { Deps } from '#src/platform/deps';

/**
 * Counting plays (docs/guide/listening.md): once per listen, after 30 seconds (or the whole track
 * if it is shorter), rate-limited per listener so a script cannot inflate trending. A refused play is
 * answered {counted: false}, never an error, so a misbehaving client cannot flood the error log.
 */

/** One counted play per track per listener within this window (wall time). */
export const PLAY_REPEAT_WINDOW_MS = 30_000;
/** Counted plays per listener per hour at most. */
export const PLAYS_PER_HOUR = 120;

/** A stable, non-reversible listener id: `u:<id>` for users, the cookie or IP for visitors. */
export function listenerKey(source: { userId: number } | { anonymousId: string } | { ip: string }): string {
  if ('userId' in source) return `u:${source.userId}`;
  const [prefix, raw] = 'anonymousId' in source ? ['a:', source.anonymousId] : ['i:', source.ip];
  return `${prefix}${createHash('sha256').update(raw).digest('base64url').slice(0, 22)}`;
}

export type PlayInput = {
  trackId: number;
  userId: number | null;
  listener: string;
  listenId: string;
  seconds: number;
  /** The admin's threshold (settings `player.count_play_after_seconds`); 30 s by default. */
  countAfterSeconds?: number;
  /**
   * Where and on what it was heard, for the admin dashboard: an ISO country code from the offline
   * GeoIP database (the address itself is never stored), device type and OS and browser names.
   */
  context?: {
    country: string | null;
    deviceType: string | null;
    platform: string | null;
    browser: string | null;
  };
};

export type PlayResult = { counted: boolean } | null;

/** Records a listen; null when the track does not exist. */
export async function recordPlay(db: Database, input: PlayInput): Promise<PlayResult> {
  const [track] = await db
    .select({ id: tracks.id, durationMs: tracks.durationMs, albumId: tracks.albumId })
    .from(tracks)
    .where(eq(tracks.id, input.trackId));
  if (!track) return null;
  const after = input.countAfterSeconds ?? PLAY_COUNT_AFTER_SECONDS;
  // Unknown duration (0): the full threshold applies.
  const durationSeconds = track.durationMs > 0 ? track.durationMs / 1000 : after;
  // Half a second of slack: players report currentTime a little before the very end of the file.
  const threshold = Math.min(after, Math.max(0, durationSeconds - 0.5));
  if (input.seconds < threshold) return { counted: false };

  return db.transaction(async (tx) => {
    const now = Date.now();
    const [recent] = await tx
      .select({ n: count() })
      .from(plays)
      .where(
        and(
          eq(plays.listener, input.listener),
          eq(plays.trackId, input.trackId),
          gt(plays.playedAt, new Date(now - PLAY_REPEAT_WINDOW_MS)),
        ),
      );
    if (Number(recent?.n ?? 0) > 0) return { counted: false };
    const [hour] = await tx
      .select({ n: count() })
      .from(plays)
      .where(and(eq(plays.listener, input.listener), gt(plays.playedAt, new Date(now - 3_600_000))));
    if (Number(hour?.n ?? 0) >= PLAYS_PER_HOUR) return { counted: false };

    // The unique (listener, listen_id) index makes a retried report a no-op. The insert's trigger
    // adds the play to the dashboard's rollups in this transaction (migration 0007_analytics).
    const inserted = await tx
      .insert(plays)
      .values({
        trackId: input.trackId,
        userId: input.userId,
        listener: input.listener,
        listenId: input.listenId,
        secondsListened: Math.round(input.seconds),
        country: input.context?.country ?? null,
        deviceType: input.context?.deviceType ?? null,
        platform: input.context?.platform ?? null,
        browser: input.context?.browser ?? null,
      })
      .onConflictDoNothing({ target: [plays.listener, plays.listenId] })
      .returning({ id: plays.id });
    if (!inserted.length) return { counted: false };

    await countPlay(tx, { id: input.trackId, albumId: track.albumId });
    return { counted: true };
  });
}

/**
 * The demo catalogue's month of anonymous listening (`catalogue.demo_seeded`, in the seeding
 * transaction): one statement per 500 rows keeps well inside PostgreSQL's 65 535 bind parameters.
 */
export async function insertDemoPlays(db: Db, { plays: rows }: WriteEventMap['catalogue.demo_seeded']) {
  for (let i = 0; i < rows.length; i += 500) await db.insert(plays).values(rows.slice(i, i + 500));
}

/**
 * A Subsonic app's scrobble (submission): the listen the app reports as done, under the same
 * rules as the web player's (the admin's threshold, no repeat within PLAY_REPEAT_WINDOW_MS, at
 * most PLAYS_PER_HOUR). The app's `time` (ms) names the listen, so a scrobble sent again (an app
 * retrying offline plays) counts once.
 */
export async function recordScrobble(
  deps: Pick<Deps, 'db' | 'settings' | 'geoip'>,
  input: { trackId: number; userId: number; ip: string; time: number | null; client: string | null },
): Promise<PlayResult> {
  const countAfterSeconds = (await deps.settings.getClientSettings()).player.count_play_after_seconds;
  const [track] = await deps.db
    .select({ durationMs: tracks.durationMs })
    .from(tracks)
    .where(eq(tracks.id, input.trackId));
  if (!track) return null;
  return recordPlay(deps.db, {
    trackId: input.trackId,
    userId: input.userId,
    listener: listenerKey({ userId: input.userId }),
    listenId: `subsonic:${input.time ?? Math.floor(Date.now() / PLAY_REPEAT_WINDOW_MS)}`,
    // A submission is a listen the app heard through (or as far as the app's own rule counts).
    seconds: Math.max(countAfterSeconds, Math.ceil(track.durationMs / 1000)),
    countAfterSeconds,
    context: {
      country: (await deps.geoip.lookup(input.ip)).country,
      deviceType: null,
      platform: null,
      browser: input.client ? input.client.slice(0, 60) : 'Subsonic app',
    },
  });
}
