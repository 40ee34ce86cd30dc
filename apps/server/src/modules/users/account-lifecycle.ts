import { PERMISSIONS } from '@zema/contracts';
import { inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '#src/db/client';
import { users } from '#src/modules/users/tables';
import type { Deps } from '#src/platform/deps';

/**
 * What deleting and guarding accounts share between self-service (account) and the admin area
 * (users, roles): the clean-up of a deleted account, and the rule that the site always keeps one
 * active user holding the `admin` permission.
 */

const holdsAdminSql = (userId: unknown) => sql`(
  exists (select 1 from user_role ur join permission_role pr on pr.role_id = ur.role_id
          join permissions p on p.id = pr.permission_id where ur.user_id = ${userId} and p.name = ${PERMISSIONS.admin})
  or exists (select 1 from user_permission up join permissions p on p.id = up.permission_id
          where up.user_id = ${userId} and p.name = ${PERMISSIONS.admin}))`;

const activeSql = sql`(u.suspended_at is null or u.suspended_until <= now())`;

/** Active (not suspended) users holding `admin`, through a role or directly. */
export async function countActiveAdmins(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from users u where ${activeSql} and ${holdsAdminSql(sql`u.id`)}`,
  );
  return Number(row?.n ?? 0);
}

export async function holdsAdmin(db: Db, userId: number): Promise<boolean> {
  const [row] = await queryRows<{ yes: boolean }>(db, sql`select ${holdsAdminSql(userId)} as yes`);
  return Boolean(row?.yes);
}

/**
 * Deletes accounts with everything that hangs on them: sessions, tokens, social profiles, codes,
 * roles, memberships and owned workspaces go by ON DELETE CASCADE; plays and the audit log keep their rows without the user;
 * avatar files are removed; each address gets the deletion notice; caches hear `user.changed`.
 */
export async function deleteAccounts(deps: Pick<Deps, 'writeEvents'>, db: Db, ids: number[]) {
  if (!ids.length) return [];
  // The workspaces they own go with them (ON DELETE CASCADE); the uploads module hands the other
  // members' uploads made there back to their uploaders, as when an owner deletes a workspace.
  await deps.writeEvents.emit(db, 'users.deleting', { userIds: ids });
  return db
    .delete(users)
    .where(inArray(users.id, ids))
    .returning({ id: users.id, avatar: users.avatar, email: users.email, language: users.language });
}

/** After the deleting transaction committed: notices, files and cache events. */
export async function afterAccountsDeleted(
  deps: Pick<Deps, 'events' | 'mail' | 'storage' | 'log'>,
  deleted: { id: number; avatar: string | null; email: string; language: string | null }[],
) {
  for (const row of deleted) {
    await deps.events.emit('user.changed', { userId: row.id });
    deps.mail.sendAccountDeleted(row.email, row.language);
    const avatarKey = deps.storage.keyFromUrl(row.avatar);
    if (avatarKey) {
      await deps.storage
        .delete(avatarKey)
        .catch((err) => deps.log.warn({ err, avatarKey }, 'avatar not removed'));
    }
  }
}
