import {
  type Album,
  BACKSTAGE_MESSAGES,
  type BackstageArtist,
  type BackstageRequest,
  type BackstageRequestsListQuery,
  type CreateBackstageRequest,
  type Track,
  type UpdateBackstageAlbum,
  type UpdateBackstageArtist,
  type UpdateBackstageTrack,
} from '@zema/contracts';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database, Db } from '#src/db/client';
import { invalidInput, NotFoundError } from '#src/lib/errors';
import { containsPattern, listOrder, listPage, listWindow } from '#src/lib/list-query';
import { type Page, toPage } from '#src/lib/pagination';
import { type Actor, audit } from '#src/modules/audit/index';
import { backstageRequests, userArtists } from '#src/modules/backstage/tables';
import {
  createArtist,
  deleteAlbum,
  deleteTrack,
  loadAlbums,
  loadArtistRefs,
  loadTracks,
  markArtistVerified,
  updateAlbum,
  updateArtist,
  updateTrack,
} from '#src/modules/catalogue/index';
import { albumArtist, albums, artists, trackArtist, tracks } from '#src/modules/catalogue/tables';
import { fileEntries } from '#src/modules/uploads/tables';
import { displayNameOf, grantRoles } from '#src/modules/users/index';
import { roles, users } from '#src/modules/users/tables';
import type { WorkspaceScope } from '#src/modules/workspaces/index';
import {
  type ArtistAccessNeed,
  assertArtistAccess,
  assertItemAccess,
  listArtistsInScope,
} from '#src/modules/workspaces/index';
import type { Deps } from '#src/platform/deps';

/**
 * The backstage: requests and their review, and the artist's own area. Every
 * call of the artist's area goes through modules/workspaces/artist-access (the caller's own
 * `user_artists` links in the personal workspace, the workspace's shared artists by role in a
 * team), so an id a client sends never reaches the catalogue writes unchecked.
 */

/** The role an approved requester gets (seeded with `backstage.access`). */
export const ARTISTS_ROLE_SLUG = 'artists';

const notFound = () => new NotFoundError();

// ---- Requests ----

type RequestRow = typeof backstageRequests.$inferSelect;

async function toRequests(db: Db, rows: RequestRow[]): Promise<BackstageRequest[]> {
  if (!rows.length) return [];
  const artistIds = [...new Set(rows.flatMap((r) => (r.artistId ? [r.artistId] : [])))];
  const proofIds = [...new Set(rows.flatMap((r) => (r.proofEntryId ? [r.proofEntryId] : [])))];
  const userIds = [...new Set(rows.map((r) => r.userId))];
  const [artistRefs, proofs, requesters] = await Promise.all([
    loadArtistRefs(db as Database, artistIds),
    proofIds.length
      ? db
          .select({
            id: fileEntries.id,
            name: fileEntries.name,
            mime: fileEntries.mime,
            size: fileEntries.size,
          })
          .from(fileEntries)
          .where(inArray(fileEntries.id, proofIds))
      : [],
    db
      .select({
        id: users.id,
        email: users.email,
        displayName: users.displayName,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(users)
      .where(inArray(users.id, userIds)),
  ]);
  const artistById = new Map(artistRefs.map((a) => [a.id, a]));
  const proofById = new Map(proofs.map((p) => [p.id, p]));
  const userById = new Map(requesters.map((u) => [u.id, u]));
  return rows.map((r) => {
    const u = userById.get(r.userId);
    return {
      id: r.id,
      type: r.type,
      status: r.status,
      artist: (r.artistId && artistById.get(r.artistId)) || null,
      artist_name: r.artistName,
      role: r.role,
      links: r.links,
      message: r.message,
      proof: (r.proofEntryId && proofById.get(r.proofEntryId)) || null,
      deny_reason: r.denyReason,
      user: { id: r.userId, display_name: u ? displayNameOf(u) : 'Deleted user', email: u?.email ?? '' },
      reviewed_at: r.reviewedAt?.toISOString() ?? null,
      created_at: r.createdAt.toISOString(),
    };
  });
}

async function requestById(db: Db, id: number): Promise<BackstageRequest | null> {
  const rows = await db.select().from(backstageRequests).where(eq(backstageRequests.id, id));
  return (await toRequests(db, rows))[0] ?? null;
}

export const MY_REQUESTS_PER_PAGE = 20;

/** The caller's own requests, newest first. */
export async function listMyRequests(
  db: Database,
  userId: number,
  query: { page?: number },
): Promise<Page<BackstageRequest>> {
  const page = query.page ?? 1;
  const where = eq(backstageRequests.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(backstageRequests)
      .where(where)
      .orderBy(desc(backstageRequests.createdAt), desc(backstageRequests.id))
      .limit(MY_REQUESTS_PER_PAGE)
      .offset((page - 1) * MY_REQUESTS_PER_PAGE),
    db.select({ n: count() }).from(backstageRequests).where(where),
  ]);
  return toPage(await toRequests(db, rows), Number(total?.n ?? 0), page, MY_REQUESTS_PER_PAGE);
}

/**
 * Files a request. Claim and verify name an existing artist (verify: one the caller manages and
 * that is not verified yet); the proof must be the caller's own upload; a user has at most one
 * pending request per artist (per name for "become"), checked under a lock on the user's row so
 * two submissions at once cannot both pass.
 */
export async function createRequest(
  db: Database,
  userId: number,
  body: CreateBackstageRequest,
): Promise<BackstageRequest> {
  const id = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    let artistId: number | null = null;
    if (body.type !== 'become_artist') {
      const [artist] = await tx
        .select({ id: artists.id, verified: artists.verified })
        .from(artists)
        .where(eq(artists.id, body.artist_id!));
      if (!artist) throw invalidInput({ artist_id: [BACKSTAGE_MESSAGES.unknownArtist] });
      const [link] = await tx
        .select({ userId: userArtists.userId })
        .from(userArtists)
        .where(and(eq(userArtists.userId, userId), eq(userArtists.artistId, artist.id)));
      if (body.type === 'claim_artist' && link)
        throw invalidInput({ artist_id: [BACKSTAGE_MESSAGES.alreadyLinked] });
      if (body.type === 'verify_artist') {
        if (!link) throw invalidInput({ artist_id: [BACKSTAGE_MESSAGES.notYourArtist] });
        if (artist.verified) throw invalidInput({ artist_id: [BACKSTAGE_MESSAGES.alreadyVerified] });
      }
      artistId = artist.id;
    }
    if (body.proof_entry_id) {
      const [proof] = await tx
        .select({ id: fileEntries.id })
        .from(fileEntries)
        .where(
          and(
            eq(fileEntries.id, body.proof_entry_id),
            eq(fileEntries.ownerId, userId),
            eq(fileEntries.type, 'file'),
            isNull(fileEntries.deletedAt),
          ),
        );
      // Someone else's entry answers like a missing one: ids are not a way to probe uploads.
      if (!proof) throw invalidInput({ proof_entry_id: [BACKSTAGE_MESSAGES.proofNotFound] });
    }
    const name = body.artist_name.trim();
    const sameTarget: SQL =
      artistId !== null
        ? eq(backstageRequests.artistId, artistId)
        : sql`${backstageRequests.type} = 'become_artist' and lower(${backstageRequests.artistName}) = ${name.toLowerCase()}`;
    const [pending] = await tx
      .select({ id: backstageRequests.id })
      .from(backstageRequests)
      .where(and(eq(backstageRequests.userId, userId), eq(backstageRequests.status, 'pending'), sameTarget));
    if (pending)
      throw invalidInput({
        [artistId !== null ? 'artist_id' : 'artist_name']: [BACKSTAGE_MESSAGES.pendingExists],
      });
    const [row] = await tx
      .insert(backstageRequests)
      .values({
        userId,
        type: body.type,
        artistId,
        artistName: name,
        role: body.role,
        links: [...new Set(body.links.map((l) => l.trim()))],
        message: body.message?.trim() || null,
        proofEntryId: body.proof_entry_id ?? null,
      })
      .returning({ id: backstageRequests.id });
    return row!.id;
  });
  return (await requestById(db, id))!;
}

// ---- Review ----

function reviewWhere(query: BackstageRequestsListQuery): SQL | undefined {
  const where: SQL[] = [];
  if (query.status) where.push(eq(backstageRequests.status, query.status));
  if (query.type) where.push(eq(backstageRequests.type, query.type));
  if (query.query) {
    const pattern = containsPattern(query.query);
    where.push(
      sql`(lower(${backstageRequests.artistName}) like ${pattern} or exists (select 1 from ${users} u where u.id = ${backstageRequests.userId} and (lower(u.email) like ${pattern} or lower(coalesce(u.display_name, '') || ' ' || coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) like ${pattern})))`,
    );
  }
  return and(...where);
}

/** The admin's list: filter by status and type, search artist name and requester, sort, page. */
export async function listRequests(
  db: Database,
  query: BackstageRequestsListQuery,
): Promise<Page<BackstageRequest>> {
  const { perPage, offset } = listWindow(query);
  const where = reviewWhere(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(backstageRequests)
      .where(where)
      .orderBy(
        ...listOrder(
          query,
          {
            created_at: backstageRequests.createdAt,
            artist_name: sql`lower(${backstageRequests.artistName})`,
            status: backstageRequests.status,
            type: backstageRequests.type,
          },
          { sort: 'created_at', order: 'desc' },
          backstageRequests.id,
          ['created_at', 'artist_name', 'status', 'type'],
        ),
      )
      .limit(perPage)
      .offset(offset),
    db.select({ n: count() }).from(backstageRequests).where(where),
  ]);
  return listPage(await toRequests(db, rows), Number(total?.n ?? 0), query);
}

export async function getRequest(db: Database, id: number): Promise<BackstageRequest | null> {
  return requestById(db, id);
}

const auditSnapshot = (r: RequestRow) => ({
  status: r.status,
  type: r.type,
  artist_id: r.artistId,
  artist_name: r.artistName,
  role: r.role,
  deny_reason: r.denyReason,
});

/** The pending request, locked for this review; a reviewed one is a 422, a missing one a 404. */
async function lockPending(tx: Db, id: number): Promise<RequestRow> {
  const [row] = await tx.select().from(backstageRequests).where(eq(backstageRequests.id, id)).for('update');
  if (!row) throw notFound();
  if (row.status !== 'pending') throw invalidInput({ status: [BACKSTAGE_MESSAGES.notPending] });
  return row;
}

type ReviewDeps = Pick<Deps, 'db' | 'events' | 'mail'>;

/**
 * Approves a request: "become" creates the artist, "claim" links the chosen one, "verify" also
 * gives it the verified badge; the requester gets the artists role and a link with the role they
 * asked for. Written in one transaction with its audit entry; the mail goes after the commit.
 */
export async function approveRequest(deps: ReviewDeps, id: number, actor: Actor): Promise<BackstageRequest> {
  // "become" creates its artist through the catalogue's own write (its audit entry and
  // `catalogue.changed`); a request another admin approved meanwhile is refused below, and the
  // artist made here is then removed by the transaction's rollback.
  const result = await deps.db.transaction(async (tx) => {
    const row = await lockPending(tx, id);
    let artistId = row.artistId;
    if (row.type === 'become_artist') {
      artistId = await createArtist(
        { db: tx as unknown as Database, events: deps.events },
        {
          name: row.artistName,
          links: row.links.map((url) => ({ url, label: '' })),
        },
        actor,
      );
    }
    if (!artistId) throw invalidInput({ artist_id: [BACKSTAGE_MESSAGES.unknownArtist] });
    if (row.type === 'verify_artist') {
      await markArtistVerified(tx, artistId);
    }
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.slug, ARTISTS_ROLE_SLUG));
    if (role) await grantRoles(tx, row.userId, [role.id]);
    await tx
      .insert(userArtists)
      .values({ userId: row.userId, artistId, role: row.role })
      .onConflictDoUpdate({ target: [userArtists.userId, userArtists.artistId], set: { role: row.role } });
    const [updated] = await tx
      .update(backstageRequests)
      .set({
        status: 'approved',
        artistId,
        reviewedBy: actor.user.id,
        reviewedAt: new Date(),
        denyReason: null,
      })
      .where(eq(backstageRequests.id, id))
      .returning();
    await audit(tx, actor, {
      action: 'backstage_request.approve',
      target: { type: 'backstage_request', id, label: row.artistName },
      before: auditSnapshot(row),
      after: auditSnapshot(updated!),
    });
    return updated!;
  });
  // After the commit, so caches refilled on the event see the new artist or badge.
  await deps.events.emit('catalogue.changed', {});
  // The requester now holds the artists role.
  await deps.events.emit('account.changed', { userId: result.userId });
  const request = (await requestById(deps.db, result.id))!;
  await tellRequester(deps, request);
  return request;
}

/** Denies a request with the reason the requester sees (in the backstage and by mail). */
export async function denyRequest(
  deps: ReviewDeps,
  id: number,
  reason: string,
  actor: Actor,
): Promise<BackstageRequest> {
  await deps.db.transaction(async (tx) => {
    const row = await lockPending(tx, id);
    const [updated] = await tx
      .update(backstageRequests)
      .set({ status: 'denied', denyReason: reason.trim(), reviewedBy: actor.user.id, reviewedAt: new Date() })
      .where(eq(backstageRequests.id, id))
      .returning();
    await audit(tx, actor, {
      action: 'backstage_request.deny',
      target: { type: 'backstage_request', id, label: row.artistName },
      before: auditSnapshot(row),
      after: auditSnapshot(updated!),
    });
  });
  const request = (await requestById(deps.db, id))!;
  await tellRequester(deps, request);
  return request;
}

/**
 * The decision mail goes out at once (it carries a denial's reason); the notification (in-app and
 * browser push, decision 0031) follows from the event. The notification has no email channel, so the
 * requester never gets the decision twice.
 */
async function tellRequester(deps: Pick<Deps, 'mail' | 'events'>, request: BackstageRequest) {
  await deps.events.emit('backstage.request_decided', { requestId: request.id, userId: request.user.id });
  if (!request.user.email) return;
  deps.mail.sendBackstageDecision(request.user.email, {
    artistName: request.artist?.name ?? request.artist_name,
    approved: request.status === 'approved',
    reason: request.deny_reason,
  });
}

// ---- The artist's area ----

/** The artists the caller works on in the active workspace (modules/workspaces/artist-access). */
export async function listMyArtists(db: Database, scope: WorkspaceScope): Promise<BackstageArtist[]> {
  return listArtistsInScope(db, scope);
}

/** 403 unless the artist is the caller's in the active workspace (`view` to read, `update` to write). */
export async function assertManages(
  db: Db,
  scope: WorkspaceScope,
  artistId: number,
  need: ArtistAccessNeed = 'update',
): Promise<void> {
  await assertArtistAccess(db, scope, artistId, need);
}

async function creditIds(db: Db, kind: 'track' | 'album', id: number): Promise<number[]> {
  if (kind === 'track') {
    const rows = await db
      .select({ id: trackArtist.artistId })
      .from(trackArtist)
      .where(eq(trackArtist.trackId, id))
      .orderBy(asc(trackArtist.position));
    return rows.map((r) => r.id);
  }
  const rows = await db
    .select({ id: albumArtist.artistId })
    .from(albumArtist)
    .where(eq(albumArtist.albumId, id))
    .orderBy(asc(albumArtist.position));
  return rows.map((r) => r.id);
}

type Writer = Pick<Deps, 'db' | 'events' | 'storage' | 'writeEvents' | 'claimUpload'>;

export async function updateMyArtist(
  deps: Writer,
  scope: WorkspaceScope,
  artistId: number,
  body: UpdateBackstageArtist,
  actor: Actor,
): Promise<void> {
  await assertManages(deps.db, scope, artistId, 'update');
  // `verified` is not in the body's schema: an artist never gives itself the badge.
  const { name, bio, image_small, image_large, links, genres, allow_downloads } = body;
  const input = { name, bio, image_small, image_large, links, genres, allow_downloads };
  if (!(await updateArtist(deps, artistId, input, actor))) throw notFound();
}

type CatalogueQuery = { page?: number; perPage?: number; query?: string };

export async function listArtistTracks(
  db: Database,
  scope: WorkspaceScope,
  artistId: number,
  q: CatalogueQuery,
): Promise<Page<Track>> {
  await assertManages(db, scope, artistId, 'view');
  const userId = scope.userId;
  const page = q.page ?? 1;
  const perPage = q.perPage ?? 20;
  const where = and(
    eq(trackArtist.artistId, artistId),
    q.query ? sql`lower(${tracks.name}) like ${containsPattern(q.query)}` : undefined,
  );
  const [ids, [total]] = await Promise.all([
    db
      .select({ id: tracks.id })
      .from(trackArtist)
      .innerJoin(tracks, eq(tracks.id, trackArtist.trackId))
      .where(where)
      .orderBy(desc(tracks.createdAt), desc(tracks.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ n: count() })
      .from(trackArtist)
      .innerJoin(tracks, eq(tracks.id, trackArtist.trackId))
      .where(where),
  ]);
  const data = await loadTracks(
    db,
    ids.map((r) => r.id),
    { userId },
  );
  return toPage(data, Number(total?.n ?? 0), page, perPage);
}

export async function listArtistAlbums(
  db: Database,
  scope: WorkspaceScope,
  artistId: number,
  q: CatalogueQuery,
): Promise<Page<Album>> {
  await assertManages(db, scope, artistId, 'view');
  const userId = scope.userId;
  const page = q.page ?? 1;
  const perPage = q.perPage ?? 20;
  const where = and(
    eq(albumArtist.artistId, artistId),
    q.query ? sql`lower(${albums.name}) like ${containsPattern(q.query)}` : undefined,
  );
  const [ids, [total]] = await Promise.all([
    db
      .select({ id: albums.id })
      .from(albumArtist)
      .innerJoin(albums, eq(albums.id, albumArtist.albumId))
      .where(where)
      .orderBy(sql`${albums.releaseDate} desc nulls last`, desc(albums.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ n: count() })
      .from(albumArtist)
      .innerJoin(albums, eq(albums.id, albumArtist.albumId))
      .where(where),
  ]);
  const data = await loadAlbums(
    db,
    ids.map((r) => r.id),
    { userId },
  );
  return toPage(data, Number(total?.n ?? 0), page, perPage);
}

/** Edits the fields an artist owns; credits, album and genres stay as they are. */
export async function updateMyTrack(
  deps: Writer,
  scope: WorkspaceScope,
  trackId: number,
  body: UpdateBackstageTrack,
  actor: Actor,
): Promise<Track> {
  await assertItemAccess(deps.db, scope, 'track', trackId, 'update');
  const userId = scope.userId;
  const artistIds = await creditIds(deps.db, 'track', trackId);
  if (!(await updateTrack(deps, trackId, { ...body, artist_ids: artistIds }, actor))) throw notFound();
  return (await loadTracks(deps.db, [trackId], { userId, withGenres: true }))[0]!;
}

export async function deleteMyTrack(deps: Writer, scope: WorkspaceScope, trackId: number, actor: Actor) {
  await assertItemAccess(deps.db, scope, 'track', trackId, 'update');
  if (!(await deleteTrack(deps, trackId, actor))) throw notFound();
}

export async function updateMyAlbum(
  deps: Writer,
  scope: WorkspaceScope,
  albumId: number,
  body: UpdateBackstageAlbum,
  actor: Actor,
): Promise<Album> {
  await assertItemAccess(deps.db, scope, 'album', albumId, 'update');
  const userId = scope.userId;
  const artistIds = await creditIds(deps.db, 'album', albumId);
  if (!(await updateAlbum(deps, albumId, { ...body, artist_ids: artistIds }, actor))) throw notFound();
  return (await loadAlbums(deps.db, [albumId], { userId, withTracks: true }))[0]!;
}

export async function deleteMyAlbum(deps: Writer, scope: WorkspaceScope, albumId: number, actor: Actor) {
  await assertItemAccess(deps.db, scope, 'album', albumId, 'update');
  if (!(await deleteAlbum(deps, albumId, actor))) throw notFound();
}
