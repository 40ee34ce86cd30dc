import { PERMISSIONS } from '@zema/contracts';
import { and, asc, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client';
import { permissionRole, permissions, userPermission, userRole, users } from '../users/tables';

/**
 * The first admin's email: the oldest account holding the `admin` permission (through a role or
 * directly), not suspended. Where contact messages go while the admin has set no contact address.
 */
export async function firstAdminEmail(db: Db): Promise<string | null> {
  const admin = PERMISSIONS.admin;
  const [row] = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        isNull(users.suspendedAt),
        or(
          sql`exists (select 1 from ${userRole} join ${permissionRole} on ${permissionRole.roleId} = ${userRole.roleId} join ${permissions} on ${permissions.id} = ${permissionRole.permissionId} where ${userRole.userId} = ${users.id} and ${permissions.name} = ${admin})`,
          sql`exists (select 1 from ${userPermission} join ${permissions} on ${permissions.id} = ${userPermission.permissionId} where ${userPermission.userId} = ${users.id} and ${permissions.name} = ${admin})`,
        ),
      ),
    )
    .orderBy(asc(users.id))
    .limit(1);
  return row?.email ?? null;
}
