import type { UserRef } from '@zema/contracts';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { users } from './users.tables';

/**
 * The name other people see: the display name, else first + last name. Never derived from the
 * email (the account's own screens may do that; public pages, search and credits must not).
 * The expression is the one indexed in users.tables.ts (users_public_name_*): keep them identical.
 */
export const publicNameSql = sql<string>`coalesce(nullif(btrim(${users.displayName}), ''), btrim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')))`;

/** Shown for an account without any name (it signed up with only an email). */
export const anonymousName = (id: number) => `User ${id}`;

export function toUserRef(row: { id: number; name: string | null; avatar: string | null }): UserRef {
  return { id: row.id, display_name: row.name?.trim() || anonymousName(row.id), avatar: row.avatar };
}

export const userRefColumns = { id: users.id, name: publicNameSql, avatar: users.avatar };

/** Public references of many users, in the order of `ids`; unknown ids are skipped. */
export async function loadUserRefs(db: Database, ids: readonly number[]): Promise<UserRef[]> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return [];
  const rows = await db.select(userRefColumns).from(users).where(inArray(users.id, wanted));
  const byId = new Map(rows.map((r) => [r.id, toUserRef(r)]));
  return ids.flatMap((id) => {
    const ref = byId.get(id);
    return ref ? [ref] : [];
  });
}
