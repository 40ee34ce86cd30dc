import {
  type ArtistRole,
  type BackstageArtist,
  msg,
  WORKSPACE_ROLE_PERMISSIONS,
  WORKSPACE_ROLES,
  type WorkspacePermission,
} from '@zema/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Db } from '#src/db/client';
import { ForbiddenError, NotFoundError } from '#src/lib/errors';
import { userArtists } from '#src/modules/backstage/tables';
import { loadArtistRefs } from '#src/modules/catalogue/index';
import { albumArtist, albums, trackArtist, tracks } from '#src/modules/catalogue/tables';
import { workspaceArtists, workspaceMembers, workspaces } from '#src/modules/workspaces/tables';
import { assertRoleAllows, isPersonal, type WorkspaceScope } from './membership';

/**
 * Which artists a caller works on in the backstage, in one place (decision 0034). In the
 * personal workspace: the artists they manage themselves (`user_artists`). In a team workspace:
 * the artists shared with it (`workspace_artists`), by their workspace role — `view` needs
 * `workspace_catalogue.view`, `update` needs `workspace_catalogue.update`, `insights` needs
 * `workspace_insights.view`. The backstage, the release drafts and the insights all ask here, so
 * a removed member or a viewer is refused the same way everywhere.
 */
export type ArtistAccessNeed = 'view' | 'update' | 'insights';

const PERMISSION_OF: Record<ArtistAccessNeed, WorkspacePermission> = {
  view: 'workspace_catalogue.view',
  update: 'workspace_catalogue.update',
  insights: 'workspace_insights.view',
};

export const ARTIST_ACCESS_MESSAGES = { notYours: msg('You do not manage this artist.') } as const;

const forbidden = () => new ForbiddenError(ARTIST_ACCESS_MESSAGES.notYours);
const notFound = () => new NotFoundError();

/**
 * The ids of the artists in scope, as a subquery (`inArray(column, artistIdsInScope(...))`);
 * 403 when the caller's workspace role does not give `need`.
 */
export function artistIdsInScope(db: Db, scope: WorkspaceScope, need: ArtistAccessNeed) {
  if (isPersonal(scope))
    return db
      .select({ id: userArtists.artistId })
      .from(userArtists)
      .where(eq(userArtists.userId, scope.userId));
  assertRoleAllows(scope.workspaceRole, PERMISSION_OF[need]);
  return db
    .select({ id: workspaceArtists.artistId })
    .from(workspaceArtists)
    .where(eq(workspaceArtists.workspaceId, scope.workspaceId));
}

/** A condition: `column` is one of the artists in scope. */
export function inScope(db: Db, scope: WorkspaceScope, need: ArtistAccessNeed, column: AnyPgColumn): SQL {
  return inArray(column, artistIdsInScope(db, scope, need));
}

/** Whether `artistId` is in scope (false, never a throw, for an artist outside it). */
export async function hasArtist(
  db: Db,
  scope: WorkspaceScope,
  artistId: number,
  need: ArtistAccessNeed,
): Promise<boolean> {
  if (isPersonal(scope)) {
    const [link] = await db
      .select({ id: userArtists.artistId })
      .from(userArtists)
      .where(and(eq(userArtists.userId, scope.userId), eq(userArtists.artistId, artistId)));
    return Boolean(link);
  }
  assertRoleAllows(scope.workspaceRole, PERMISSION_OF[need]);
  const [shared] = await db
    .select({ id: workspaceArtists.artistId })
    .from(workspaceArtists)
    .where(and(eq(workspaceArtists.workspaceId, scope.workspaceId), eq(workspaceArtists.artistId, artistId)));
  return Boolean(shared);
}

/** 403 unless `artistId` is in scope for `need`. */
export async function assertArtistAccess(
  db: Db,
  scope: WorkspaceScope,
  artistId: number,
  need: ArtistAccessNeed,
): Promise<void> {
  if (!(await hasArtist(db, scope, artistId, need))) throw forbidden();
}

/**
 * 404 when the track or album does not exist, 403 unless one of its credited artists is in scope
 * (a collaboration can be edited by either side's managers).
 */
export async function assertItemAccess(
  db: Db,
  scope: WorkspaceScope,
  kind: 'track' | 'album',
  id: number,
  need: ArtistAccessNeed,
): Promise<void> {
  const table = kind === 'track' ? tracks : albums;
  const [item] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  if (!item) throw notFound();
  const credits = kind === 'track' ? trackArtist : albumArtist;
  const itemColumn = kind === 'track' ? trackArtist.trackId : albumArtist.albumId;
  const [owned] = await db
    .select({ one: sql`1` })
    .from(credits)
    .where(and(eq(itemColumn, id), inArray(credits.artistId, artistIdsInScope(db, scope, need))))
    .limit(1);
  if (!owned) throw forbidden();
}

/**
 * The artists in scope, by name, each with the caller's capacity: their own link's role where they
 * have one (`user_artists`), and in a team workspace the team and their role in it, which is what
 * they act by there (decision 0034). A team member's card never borrows an artist role they lack.
 */
export async function listArtistsInScope(db: Database, scope: WorkspaceScope): Promise<BackstageArtist[]> {
  const ids = (await artistIdsInScope(db, scope, 'view')).map((r) => r.id);
  if (!ids.length) return [];
  const links = await db
    .select({ artistId: userArtists.artistId, role: userArtists.role })
    .from(userArtists)
    .where(and(eq(userArtists.userId, scope.userId), inArray(userArtists.artistId, ids)));
  const own = new Map(links.map((l) => [l.artistId, l.role as ArtistRole]));
  let team: BackstageArtist['workspace'] = null;
  if (!isPersonal(scope) && scope.workspaceRole) {
    const [row] = await db
      .select({ name: workspaces.name })
      .from(workspaces)
      .where(eq(workspaces.id, scope.workspaceId));
    if (row) team = { id: scope.workspaceId, name: row.name, role: scope.workspaceRole };
  }
  const refs = await loadArtistRefs(db, ids);
  return refs
    .map((a) => ({ ...a, role: own.get(a.id) ?? null, workspace: team }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The workspace roles that may see a shared artist's backstage (its releases among them). */
const VIEWING_ROLES = WORKSPACE_ROLES.filter((role) =>
  WORKSPACE_ROLE_PERMISSIONS[role].includes(PERMISSION_OF.view),
);

/**
 * Everyone who may open `artistId`'s backstage pages, once each: its personal managers
 * (`user_artists`) and the members of every workspace sharing it whose role gives
 * `workspace_catalogue.view`. Live updates about the artist's releases go to them.
 */
export async function usersWhoSeeArtist(db: Db, artistId: number): Promise<number[]> {
  const managers = db
    .select({ userId: userArtists.userId })
    .from(userArtists)
    .where(eq(userArtists.artistId, artistId));
  const members = db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .innerJoin(workspaceArtists, eq(workspaceArtists.workspaceId, workspaceMembers.workspaceId))
    .where(and(eq(workspaceArtists.artistId, artistId), inArray(workspaceMembers.role, VIEWING_ROLES)));
  // `union` drops the duplicates (an owner who also manages the artist personally).
  const rows = await managers.union(members);
  return rows.map((r) => r.userId);
}
