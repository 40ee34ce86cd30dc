import type { CreateAccessTokenResponse } from '@zema/contracts';
import { and, eq } from 'drizzle-orm';
import { NotFoundError } from '#src/lib/errors';
import { personalAccessTokens } from '#src/modules/identity/tables';
import type { Deps } from '#src/platform/deps';
import { createAccessToken } from './session.service';

/** A new personal access token; the plain token is in this answer only (a SHA-256 is stored). */
export async function createPersonalToken(
  deps: Deps,
  userId: number,
  name: string,
): Promise<CreateAccessTokenResponse> {
  const { id, plainTextToken } = await createAccessToken(deps.db, userId, name);
  const [row] = await deps.db
    .select({ createdAt: personalAccessTokens.createdAt })
    .from(personalAccessTokens)
    .where(eq(personalAccessTokens.id, id));
  return {
    token: { id, name, last_used_at: null, created_at: (row?.createdAt ?? new Date()).toISOString() },
    plainTextToken,
  };
}

/** Deletes one of the user's own tokens; someone else's is answered like a missing one (404). */
export async function deletePersonalToken(deps: Deps, userId: number, tokenId: number) {
  const deleted = await deps.db
    .delete(personalAccessTokens)
    .where(and(eq(personalAccessTokens.id, tokenId), eq(personalAccessTokens.userId, userId)))
    .returning({ id: personalAccessTokens.id });
  if (!deleted.length) throw new NotFoundError();
}
