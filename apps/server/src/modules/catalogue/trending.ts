import { TRENDING_DAYS } from '@zema/contracts';
import { eq, gt, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { trackArtist } from '#src/modules/catalogue/tables';
import { plays } from '#src/modules/player/tables';

/** Where "trending" starts: TRENDING_DAYS (7) days ago. */
export const trendingSince = (now = Date.now()) => new Date(now - TRENDING_DAYS * 24 * 3600 * 1000);

/**
 * Plays per artist since `since`, as a subquery `week(artistId, n)` to left-join on artists: the
 * ranking of the landing page's trending artists and of a "popular this week" artist channel.
 */
export function artistPlaysSince(db: Database, since: Date) {
  return db
    .select({ artistId: trackArtist.artistId, n: sql<number>`count(*)`.as('n') })
    .from(plays)
    .innerJoin(trackArtist, eq(trackArtist.trackId, plays.trackId))
    .where(gt(plays.playedAt, since))
    .groupBy(trackArtist.artistId)
    .as('week');
}
