import { PERMISSIONS, WORKSPACE_MEMBER_QUOTA_PERMISSION } from '@zema/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uploadQuotaBytes } from '#src/modules/uploads/index';
import { loadUser } from '#src/modules/users/index';
import { createUser, request, sessionFor, useApp } from '#test/helpers';
import { products, subscriptions } from './billing.tables';

const t = useApp();
const DAY = 86_400_000;
const MB = 1024 * 1024;

const restriction = (user: Awaited<ReturnType<typeof loadUser>>, permission: string, name: string) =>
  user?.permissions.find((p) => p.name === permission)?.restrictions.find((r) => r.name === name)?.value;

describe('plans feed the upload and member quotas (the most generous of role and plan wins)', () => {
  it('raises a role’s smaller quotas to Artist Pro’s, and keeps a role’s larger one', async () => {
    // No role of its own, so only these grants and the plan's apply.
    const user = await createUser(t.db, {
      roles: [],
      permissions: [
        { name: PERMISSIONS.filesCreate, restrictions: [{ name: 'space', value: 100 }] },
        { name: WORKSPACE_MEMBER_QUOTA_PERMISSION, restrictions: [{ name: 'max_members', value: 50 }] },
      ],
    });
    const before = await loadUser(t.db, user.id);
    expect(uploadQuotaBytes(before!)).toBe(100 * MB);

    const [pro] = await t.db.select().from(products).where(eq(products.name, 'Artist Pro'));
    await t.db.insert(subscriptions).values({
      userId: user.id,
      productId: pro!.id,
      gateway: 'manual',
      status: 'active',
      currentPeriodStart: new Date(Date.now() - DAY),
      currentPeriodEnd: new Date(Date.now() + DAY),
    });
    const after = await loadUser(t.db, user.id);
    expect(uploadQuotaBytes(after!)).toBe(51_200 * MB);
    // The role's 50 members beat the plan's 25.
    expect(restriction(after, WORKSPACE_MEMBER_QUOTA_PERMISSION, 'max_members')).toBe(50);
    expect(after!.permissions.map((p) => p.name)).toContain(PERMISSIONS.musicDownload);

    // The backstage upload area shows the raised quota.
    await t.deps.events.emit('account.changed', { userId: user.id });
    const usage = await request(t.app, await sessionFor(t.db, user.id), {
      method: 'GET',
      url: '/api/v1/uploads/usage',
    });
    expect(usage.statusCode, usage.body).toBe(200);
    expect(usage.json()).toEqual({ used_bytes: 0, quota_bytes: 51_200 * MB });
  });

  it('answers uploads/usage only to users who may upload (403 otherwise)', async () => {
    const user = await createUser(t.db, { roles: [] });
    const res = await request(t.app, await sessionFor(t.db, user.id), {
      method: 'GET',
      url: '/api/v1/uploads/usage',
    });
    expect(res.statusCode).toBe(403);
  });
});
