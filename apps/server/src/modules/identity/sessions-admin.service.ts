/**
 * The admin's hand on a user's sessions and access tokens (SPEC §2 the admin's user page): end one
 * browser session, revoke one token. Each is audited.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client';
import { NotFoundError } from '#src/lib/errors';
import { type Actor, audit } from '#src/modules/audit/index';
import type { Deps } from '#src/platform/deps';
import { personalAccessTokens, sessions } from './sessions.tables';

export async function endUserSession(deps: Deps, actor: Actor, userId: number, publicId: string) {
  const gone = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), sql`${sessions.id} like ${`${publicId}%`}`))
      .returning({ id: sessions.id });
    if (!rows.length) throw new NotFoundError();
    await audit(tx, actor, { action: 'user.end_session', target: { type: 'user', id: userId } });
    return rows;
  });
  for (const { id } of gone) await deps.events.emit('sessions.ended', { sessionId: id });
}

export async function revokeUserToken(deps: Deps, actor: Actor, userId: number, tokenId: number) {
  await deps.db.transaction(async (tx) => {
    const gone = await tx
      .delete(personalAccessTokens)
      .where(and(eq(personalAccessTokens.userId, userId), eq(personalAccessTokens.id, tokenId)))
      .returning({ name: personalAccessTokens.name });
    if (!gone.length) throw new NotFoundError();
    await audit(tx, actor, {
      action: 'user.revoke_token',
      target: { type: 'user', id: userId },
      before: { token: null, token_name: gone[0]!.name },
    });
  });
}

/**
 * Ends every browser session of the user, in the writer's transaction (an admin suspended them or
 * set their password). Access tokens stay: a suspension refuses them while it lasts.
 */
export async function endAllSessions(db: Db, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
