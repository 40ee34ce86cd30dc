import type { Restriction, SubscriptionStatus } from '@zema/contracts';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { permissions } from '#src/modules/users/tables';
import { productPermissions, products, subscriptions } from './billing.tables';

/**
 * What a subscription is worth right now (decision 0038; SPEC §3, §6):
 * - **active** — the subscription has not ended: trialing, active, past due (its renewal failed
 *   and the gateway or the grace period still runs), or cancelled but paid until its period ends.
 *   The Billing menu entry needs one (SPEC §6).
 * - **valid** — it grants its plan: active, except a past-due one whose grace period is over.
 *   "Subscribed" means at least one valid subscription (SPEC §6).
 * `incomplete` (never paid) and `expired` are neither.
 */
export type SubscriptionClock = {
  status: string;
  currentPeriodEnd: Date | null;
  trialEndsAt: Date | null;
  graceEndsAt: Date | null;
  endedAt: Date | null;
};

// Statuses that may still grant something; `incomplete` and `expired` never do.
const LIVE_STATUSES: SubscriptionStatus[] = ['trialing', 'active', 'past_due', 'cancelled'];

const after = (at: Date | null, now: Date) => !at || at.getTime() > now.getTime();

export function subscriptionState(
  s: SubscriptionClock,
  now = new Date(),
): { active: boolean; valid: boolean } {
  if (s.endedAt && s.endedAt.getTime() <= now.getTime()) return { active: false, valid: false };
  const status = s.status as SubscriptionStatus;
  switch (status) {
    case 'trialing': {
      const live = after(s.trialEndsAt ?? s.currentPeriodEnd, now);
      return { active: live, valid: live };
    }
    case 'active': {
      // A period that ended unpaid keeps the plan through its grace days (prepaid plans).
      const live = after(s.currentPeriodEnd, now) || (!!s.graceEndsAt && after(s.graceEndsAt, now));
      return { active: live, valid: live };
    }
    case 'past_due': {
      const inGrace = !!s.graceEndsAt && after(s.graceEndsAt, now);
      return { active: true, valid: inGrace };
    }
    case 'cancelled': {
      const live = !!s.currentPeriodEnd && after(s.currentPeriodEnd, now);
      return { active: live, valid: live };
    }
    default:
      return { active: false, valid: false };
  }
}

export type PlanGrant = { id: number; name: string; restrictions: Restriction[] };

export type Entitlements = {
  /** The user's subscriptions as `User.subscriptions` carries them (SPEC §3). */
  subscriptions: {
    id: number;
    product_id: number;
    price_id: number | null;
    valid: boolean;
    active: boolean;
  }[];
  /** The permissions of the plan in force: the valid subscription's, else the free plan's. */
  grants: PlanGrant[];
};

/** A user's subscriptions and the permissions their plan grants now. */
export async function loadEntitlements(
  db: Database,
  userId: number,
  now = new Date(),
): Promise<Entitlements> {
  const rows = await db
    .select({
      id: subscriptions.id,
      productId: subscriptions.productId,
      priceId: subscriptions.priceId,
      status: subscriptions.status,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      trialEndsAt: subscriptions.trialEndsAt,
      graceEndsAt: subscriptions.graceEndsAt,
      endedAt: subscriptions.endedAt,
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, LIVE_STATUSES)))
    .orderBy(asc(subscriptions.id));
  const states = rows.map((r) => ({ row: r, ...subscriptionState(r, now) }));
  const live = states.filter((s) => s.active);
  // The newest valid subscription decides the plan; without one, the plan marked free.
  const inForce = [...live].reverse().find((s) => s.valid);
  const planWhere = inForce ? eq(products.id, inForce.row.productId) : eq(products.free, true);
  const grants = await db
    .select({ id: permissions.id, name: permissions.name, restrictions: productPermissions.restrictions })
    .from(productPermissions)
    .innerJoin(products, eq(products.id, productPermissions.productId))
    .innerJoin(permissions, eq(permissions.id, productPermissions.permissionId))
    .where(planWhere);
  return {
    subscriptions: live.map(({ row, active, valid }) => ({
      id: row.id,
      product_id: row.productId,
      price_id: row.priceId,
      valid,
      active,
    })),
    grants,
  };
}

/**
 * The user's newest subscription that is `valid` (it grants its plan: checkout) or `active` (not
 * ended: the billing page, cancel, resume) now, if any.
 */
export async function newestSubscription(
  db: Database,
  userId: number,
  state: 'valid' | 'active',
  now = new Date(),
) {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, LIVE_STATUSES)))
    .orderBy(desc(subscriptions.id));
  return rows.find((r) => subscriptionState(r, now)[state]) ?? null;
}
