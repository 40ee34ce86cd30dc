// Both drivers: the sessions cache is invalidated over pub/sub (Redis on PostgreSQL).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '#src/lib/tokens';
import { sessions } from '#src/modules/identity/tables';
import { users } from '#src/modules/users/tables';
import { createUser, useApp } from '#test/helpers';
import { createSession, deleteSession } from './session.service';

const t = useApp();
const userOf = async (token: string) => (await t.app.deps.signedIn.userForSession(token))?.id ?? null;

describe('sessions', () => {
  it('store only the sha256 of the cookie token and resolve it back', async () => {
    const user = await createUser(t.db);
    const token = await createSession(t.db, user.id, { ip: '10.0.0.1', userAgent: 'ua', remember: true });
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.id).toBe(sha256Hex(token));
    expect(row!.id).not.toContain(token);
    expect(row!.remember).toBe(true);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
    expect(await userOf(token)).toBe(user.id);
    await deleteSession(t.app.deps, token);
    expect(await userOf(token)).toBeNull();
  });

  it('slide the expiry of an active session forward', async () => {
    const user = await createUser(t.db);
    const token = await createSession(t.db, user.id);
    const old = new Date(Date.now() - 10 * 60 * 1000);
    await t.db
      .update(sessions)
      .set({ lastActive: old, expiresAt: new Date(Date.now() + 1000) })
      .where(eq(sessions.userId, user.id));
    expect(await userOf(token)).toBe(user.id);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.lastActive.getTime()).toBeGreaterThan(old.getTime());
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(60 * 60 * 1000);
  });

  it('disappear with their user', async () => {
    const user = await createUser(t.db);
    const token = await createSession(t.db, user.id);
    await t.db.delete(users).where(eq(users.id, user.id));
    expect(await userOf(token)).toBeNull();
  });
});
