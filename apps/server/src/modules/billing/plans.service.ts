import type { BillingInterval, Currency } from '@zema/contracts';
import { msg } from '@zema/contracts';
import {
  type AdminPlan,
  type AdminPrice,
  type Grant,
  type PriceRequest,
  permissionDefinition,
  priceRequestSchema,
  supportedRestrictions,
  type UpsertPlanRequest,
  upsertPlanRequestSchema,
} from '@zema/contracts/admin';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client';
import { invalidInput, NotFoundError } from '#src/lib/errors';
import { type Actor, audit } from '#src/modules/audit/index';
import { permissions } from '#src/modules/users/tables';
import type { Deps } from '#src/platform/deps';
import { payments, prices, productPermissions, products, subscriptions } from './billing.tables';
import { PLANS_CACHE_KEY } from './plans';

/** Plans and their prices as the admin edits them (decision 0043). */

export const PLAN_MESSAGES = {
  unknownPermission: msg('The selected permission is invalid.'),
  oneFree: msg('Exactly one plan is free: mark another plan free instead of removing the mark.'),
  freePrice: msg('The free plan is not sold: its prices are 0.'),
  inUse: msg('People have subscribed to or paid for this plan: hide it instead.'),
  lastFree: msg('The free plan cannot be deleted: mark another plan free first.'),
  duplicatePrice: msg('This plan already sells a price in this currency and interval.'),
  deleted: msg('Plan deleted.'),
} as const;

type PlanDeps = Pick<Deps, 'db' | 'cache' | 'events'>;

const priceUse = {
  // Spelled out: inside a select of one table the outer column would render unqualified.
  subscriptions: sql<number>`(select count(*)::int from ${subscriptions} s where s.price_id = "prices"."id")`,
  payments: sql<number>`(select count(*)::int from ${payments} pay where pay.price_id = "prices"."id")`,
};

async function pricesOf(db: Db, productIds: number[]): Promise<(AdminPrice & { product_id: number })[]> {
  if (!productIds.length) return [];
  const rows = await db
    .select({ price: prices, ...priceUse })
    .from(prices)
    .where(inArray(prices.productId, productIds))
    // Prices on sale first, then by currency and length; the archived ones last, newest first.
    .orderBy(
      sql`${prices.archivedAt} is not null`,
      asc(prices.currency),
      sql`array_position(array['day','week','month','year'], ${prices.interval})`,
      asc(prices.intervalCount),
      sql`${prices.archivedAt} desc`,
      asc(prices.id),
    );
  return rows.map(({ price: p, subscriptions: s, payments: pay }) => ({
    id: p.id,
    product_id: p.productId,
    currency: p.currency as Currency,
    amount: p.amount,
    interval: p.interval as BillingInterval,
    interval_count: p.intervalCount,
    archived_at: p.archivedAt?.toISOString() ?? null,
    subscriptions_count: Number(s),
    payments_count: Number(pay),
  }));
}

export async function listPlans(db: Db, ids?: number[]): Promise<AdminPlan[]> {
  const rows = await db
    .select({
      product: products,
      subscribers: sql<number>`(select count(*)::int from ${subscriptions} s where s.product_id = "products"."id" and s.status in ('trialing', 'active', 'past_due', 'cancelled'))`,
    })
    .from(products)
    .where(ids ? inArray(products.id, ids) : undefined)
    .orderBy(asc(products.position), asc(products.id));
  const productIds = rows.map((r) => r.product.id);
  const [priceRows, grantRows] = await Promise.all([
    pricesOf(db, productIds),
    productIds.length
      ? db
          .select({
            productId: productPermissions.productId,
            name: permissions.name,
            restrictions: productPermissions.restrictions,
          })
          .from(productPermissions)
          .innerJoin(permissions, eq(permissions.id, productPermissions.permissionId))
          .where(inArray(productPermissions.productId, productIds))
          .orderBy(asc(permissions.name))
      : [],
  ]);
  return rows.map(({ product: p, subscribers }) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    hidden: p.hidden,
    recommended: p.recommended,
    free: p.free,
    feature_list: p.featureList,
    trial_days: p.trialDays,
    position: p.position,
    prices: priceRows.filter((r) => r.product_id === p.id),
    permissions: grantRows
      .filter((g) => g.productId === p.id)
      .map((g) => ({ name: g.name, restrictions: g.restrictions as Grant['restrictions'] })),
    subscribers_count: Number(subscribers),
  }));
}

export async function getPlan(db: Db, id: number): Promise<AdminPlan> {
  const [plan] = await listPlans(db, [id]);
  if (!plan) throw new NotFoundError();
  return plan;
}

/**
 * After any change to plans: the pricing page's cache goes, and every signed-in user's cached
 * permissions with it (a plan's permissions are part of them; decision 0036).
 */
async function afterPlanChange(deps: PlanDeps) {
  await deps.cache.invalidate(PLANS_CACHE_KEY);
  await deps.events.emit('access.changed', {});
}

async function writePermissions(tx: Db, productId: number, grants: Grant[]) {
  await tx.delete(productPermissions).where(eq(productPermissions.productId, productId));
  if (!grants.length) return;
  const rows = await tx
    .select({ id: permissions.id, name: permissions.name })
    .from(permissions)
    .where(
      inArray(
        permissions.name,
        grants.map((g) => g.name),
      ),
    );
  const idOf = new Map(rows.map((r) => [r.name, r.id]));
  const unique = new Map(grants.map((g) => [g.name, g]));
  const values = [...unique.values()]
    .filter((g) => idOf.has(g.name))
    .map((g) => ({ productId, permissionId: idOf.get(g.name)!, restrictions: supportedRestrictions(g) }));
  if (values.length) await tx.insert(productPermissions).values(values);
}

const snapshot = (body: ReturnType<typeof upsertPlanRequestSchema.parse>) => ({
  name: body.name,
  description: body.description ?? null,
  hidden: body.hidden,
  recommended: body.recommended,
  free: body.free,
  feature_list: body.feature_list,
  trial_days: body.trial_days,
  position: body.position,
  permissions: body.permissions,
});

function checkPermissions(body: { permissions: Grant[] }) {
  if (body.permissions.some((p) => !permissionDefinition(p.name)))
    throw invalidInput({ permissions: [PLAN_MESSAGES.unknownPermission] });
}

function columnsOf(body: ReturnType<typeof upsertPlanRequestSchema.parse>) {
  return {
    name: body.name,
    description: body.description ?? null,
    hidden: body.hidden,
    recommended: body.recommended,
    free: body.free,
    featureList: body.feature_list,
    trialDays: body.trial_days,
    position: body.position,
  };
}

/** Marking a plan free takes the mark from the others (exactly one plan is free). */
async function takeFreeMark(tx: Db, productId: number) {
  await tx
    .update(products)
    .set({ free: false, updatedAt: new Date() })
    .where(and(eq(products.free, true), ne(products.id, productId)));
}

export async function createPlan(deps: PlanDeps, actor: Actor, input: UpsertPlanRequest): Promise<number> {
  const body = upsertPlanRequestSchema.parse(input);
  checkPermissions(body);
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(products).values(columnsOf(body)).returning({ id: products.id });
    if (body.free) await takeFreeMark(tx, row!.id);
    await writePermissions(tx, row!.id, body.permissions);
    await audit(tx, actor, {
      action: 'plan.create',
      target: { type: 'plan', id: row!.id, label: body.name },
      after: snapshot(body),
    });
    return row!.id;
  });
  await afterPlanChange(deps);
  return id;
}

export async function updatePlan(deps: PlanDeps, actor: Actor, id: number, input: UpsertPlanRequest) {
  const body = upsertPlanRequestSchema.parse(input);
  checkPermissions(body);
  await deps.db.transaction(async (tx) => {
    const [before] = await listPlans(tx, [id]);
    if (!before) throw new NotFoundError();
    if (before.free && !body.free) throw invalidInput({ free: [PLAN_MESSAGES.oneFree] });
    await tx
      .update(products)
      .set({ ...columnsOf(body), updatedAt: new Date() })
      .where(eq(products.id, id));
    if (body.free && !before.free) await takeFreeMark(tx, id);
    await writePermissions(tx, id, body.permissions);
    await audit(tx, actor, {
      action: 'plan.update',
      target: { type: 'plan', id, label: body.name },
      before: {
        name: before.name,
        description: before.description,
        hidden: before.hidden,
        recommended: before.recommended,
        free: before.free,
        feature_list: before.feature_list,
        trial_days: before.trial_days,
        position: before.position,
        permissions: before.permissions,
      },
      after: snapshot(body),
    });
  });
  await afterPlanChange(deps);
}

export async function deletePlan(deps: PlanDeps, actor: Actor, id: number) {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!row) throw new NotFoundError();
    if (row.free) throw invalidInput({ plan: [PLAN_MESSAGES.lastFree] });
    const [used] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .where(eq(payments.productId, id));
    const [subscribed] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(subscriptions)
      .where(eq(subscriptions.productId, id));
    if (Number(used?.n) > 0 || Number(subscribed?.n) > 0) throw invalidInput({ plan: [PLAN_MESSAGES.inUse] });
    await tx.delete(products).where(eq(products.id, id));
    await audit(tx, actor, { action: 'plan.delete', target: { type: 'plan', id, label: row.name } });
  });
  await afterPlanChange(deps);
}

async function lockedPlan(tx: Db, productId: number) {
  const [plan] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
  if (!plan) throw new NotFoundError();
  return plan;
}

async function assertNoTwin(tx: Db, productId: number, body: PriceRequest, exceptId: number | null) {
  const [twin] = await tx
    .select({ id: prices.id })
    .from(prices)
    .where(
      and(
        eq(prices.productId, productId),
        isNull(prices.archivedAt),
        eq(prices.currency, body.currency),
        eq(prices.interval, body.interval),
        eq(prices.intervalCount, body.interval_count ?? 1),
        exceptId ? ne(prices.id, exceptId) : undefined,
      ),
    );
  if (twin) throw invalidInput({ interval: [PLAN_MESSAGES.duplicatePrice] });
}

const priceSnapshot = (p: { currency: string; amount: number; interval: string; intervalCount: number }) => ({
  currency: p.currency,
  amount: p.amount,
  interval: p.interval,
  interval_count: p.intervalCount,
});

export type PriceChange = { replaced: boolean; priceId: number | null };

export async function addPrice(
  deps: PlanDeps,
  actor: Actor,
  productId: number,
  input: PriceRequest,
): Promise<PriceChange> {
  const body = priceRequestSchema.parse(input);
  const priceId = await deps.db.transaction(async (tx) => {
    const plan = await lockedPlan(tx, productId);
    if (plan.free && body.amount > 0) throw invalidInput({ amount: [PLAN_MESSAGES.freePrice] });
    await assertNoTwin(tx, productId, body, null);
    const [row] = await tx
      .insert(prices)
      .values({
        productId,
        currency: body.currency,
        amount: body.amount,
        interval: body.interval,
        intervalCount: body.interval_count,
      })
      .returning();
    await audit(tx, actor, {
      action: 'price.create',
      target: { type: 'price', id: row!.id, label: plan.name },
      after: priceSnapshot(row!),
    });
    return row!.id;
  });
  await afterPlanChange(deps);
  return { replaced: false, priceId };
}

async function lockedPrice(tx: Db, productId: number, priceId: number) {
  const [row] = await tx
    .select({ price: prices, ...priceUse })
    .from(prices)
    .where(and(eq(prices.id, priceId), eq(prices.productId, productId)))
    .for('update', { of: prices });
  if (!row) throw new NotFoundError();
  return { price: row.price, used: Number(row.subscriptions) + Number(row.payments) > 0 };
}

/**
 * Changes a price. One that somebody bought (a subscription or a payment names it) is never edited
 * in place — what they bought stays what it was: it is archived and a new price takes its place.
 */
export async function updatePrice(
  deps: PlanDeps,
  actor: Actor,
  productId: number,
  priceId: number,
  input: PriceRequest,
): Promise<PriceChange> {
  const body = priceRequestSchema.parse(input);
  const result = await deps.db.transaction(async (tx): Promise<PriceChange> => {
    const plan = await lockedPlan(tx, productId);
    const { price, used } = await lockedPrice(tx, productId, priceId);
    if (price.archivedAt) throw new NotFoundError();
    if (plan.free && body.amount > 0) throw invalidInput({ amount: [PLAN_MESSAGES.freePrice] });
    await assertNoTwin(tx, productId, body, price.id);
    const next = {
      currency: body.currency,
      amount: body.amount,
      interval: body.interval,
      intervalCount: body.interval_count,
    };
    if (!used) {
      await tx
        .update(prices)
        // A Stripe price is fixed on Stripe's side too: a changed one gets a new one on first use.
        .set({ ...next, stripePriceId: null })
        .where(eq(prices.id, price.id));
      await audit(tx, actor, {
        action: 'price.update',
        target: { type: 'price', id: price.id, label: plan.name },
        before: priceSnapshot(price),
        after: priceSnapshot(next),
      });
      return { replaced: false, priceId: price.id };
    }
    const now = new Date();
    await tx.update(prices).set({ archivedAt: now }).where(eq(prices.id, price.id));
    const [created] = await tx
      .insert(prices)
      .values({ productId, ...next })
      .returning({ id: prices.id });
    await audit(tx, actor, {
      action: 'price.replace',
      target: { type: 'price', id: created!.id, label: plan.name },
      before: { id: price.id, ...priceSnapshot(price) },
      after: { id: created!.id, ...priceSnapshot(next) },
    });
    return { replaced: true, priceId: created!.id };
  });
  await afterPlanChange(deps);
  return result;
}

/** Stops selling a price: a used one is archived (still honoured), an unused one deleted. */
export async function archivePrice(
  deps: PlanDeps,
  actor: Actor,
  productId: number,
  priceId: number,
): Promise<PriceChange> {
  const result = await deps.db.transaction(async (tx): Promise<PriceChange> => {
    const plan = await lockedPlan(tx, productId);
    const { price, used } = await lockedPrice(tx, productId, priceId);
    if (price.archivedAt) return { replaced: false, priceId: null };
    if (used) await tx.update(prices).set({ archivedAt: new Date() }).where(eq(prices.id, price.id));
    else await tx.delete(prices).where(eq(prices.id, price.id));
    await audit(tx, actor, {
      action: used ? 'price.archive' : 'price.delete',
      target: { type: 'price', id: price.id, label: plan.name },
      before: priceSnapshot(price),
    });
    return { replaced: false, priceId: null };
  });
  await afterPlanChange(deps);
  return result;
}
