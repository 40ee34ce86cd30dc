import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '#src/db/client';
import type { WriteEventMap } from '#src/lib/write-events';
import { follows, likes } from './library.tables';

/**
 * Catalogue items are being deleted (`catalogue.deleting`, in the catalogue's transaction): the
 * likes of those artists, albums and tracks and the follows of those artists go with them (they
 * point at them without a foreign key).
 */
export async function dropCatalogueReferences(db: Db, { kind, ids }: WriteEventMap['catalogue.deleting']) {
  if (kind === 'artist' || kind === 'album' || kind === 'track')
    await db.delete(likes).where(and(eq(likes.likeableType, kind), inArray(likes.likeableId, ids)));
  if (kind === 'artist')
    await db
      .delete(follows)
      .where(and(eq(follows.followableType, 'artist'), inArray(follows.followableId, ids)));
}
