import { CURRENCIES, type Currency, msg } from '@zema/contracts';
import type {
  AdminPayment,
  AdminPaymentsQuery,
  AdminWebhookEvent,
  AdminWebhooksQuery,
  RevenueResponse,
} from '@zema/contracts/admin';
import { and, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '#src/db/client';
import { invalidInput, NotFoundError } from '#src/lib/errors';
import { containsPattern, listOrder, listPage, listWindow } from '#src/lib/list-query';
import { type Actor, audit } from '#src/modules/audit/index';
import { publicNameSql, users } from '#src/modules/users/tables';
import { payments, products, webhookEvents } from './billing.tables';
import type { Billing } from './registry';
import type { SettleDeps } from './settle';
import { replayWebhookEvent } from './webhooks';

/** Payments, the webhook log with replay, and revenue (decision 0043). */

export const LEDGER_MESSAGES = {
  badSignature: msg('This event failed its signature check: it is never applied.'),
  noGateway: msg('This gateway is not configured on this server.'),
} as const;

const iso = (d: Date | null) => d?.toISOString() ?? null;

const PAYMENT_SORTS = { created_at: payments.createdAt, amount: payments.amount };

export async function listPayments(db: Db, query: AdminPaymentsQuery) {
  const where: SQL[] = [];
  if (query.query) {
    const pattern = containsPattern(query.query);
    where.push(
      or(
        sql`lower(${users.email}) like ${pattern}`,
        sql`lower(${publicNameSql}) like ${pattern}`,
        sql`lower(${payments.txRef}) like ${pattern}`,
      )!,
    );
  }
  if (query.status) where.push(eq(payments.status, query.status));
  if (query.gateway) where.push(eq(payments.gateway, query.gateway));
  if (query.user) where.push(eq(payments.userId, query.user));
  const condition = where.length ? and(...where) : undefined;
  const { perPage, offset } = listWindow(query);
  const [rows, [count]] = await Promise.all([
    paymentRows(db)
      .where(condition)
      .orderBy(...listOrder(query, PAYMENT_SORTS, { sort: 'created_at', order: 'desc' }, payments.id))
      .limit(perPage)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(condition),
  ]);
  return listPage(rows.map(paymentView), Number(count?.n ?? 0), query);
}

const paymentRows = (db: Db) =>
  db
    .select({ p: payments, userName: publicNameSql, userEmail: users.email, productName: products.name })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(products, eq(products.id, payments.productId));

function paymentView({
  p,
  userName,
  userEmail,
  productName,
}: {
  p: typeof payments.$inferSelect;
  userName: string;
  userEmail: string;
  productName: string;
}): AdminPayment {
  return {
    id: p.id,
    tx_ref: p.txRef,
    user: { id: p.userId, name: userName || userEmail, email: userEmail },
    status: p.status as AdminPayment['status'],
    purpose: p.purpose as AdminPayment['purpose'],
    gateway: p.gateway as AdminPayment['gateway'],
    product_name: productName,
    amount: p.amount,
    currency: p.currency as Currency,
    credit: p.credit,
    method: p.method,
    gateway_reference: p.gatewayReference,
    failure_reason: p.failureReason,
    refunded_amount: p.refundedAmount,
    refunded_at: iso(p.refundedAt),
    subscription_id: p.subscriptionId,
    created_at: p.createdAt.toISOString(),
    processed_at: iso(p.processedAt),
  };
}

/** One payment as the admin's list shows it. */
export async function getPayment(db: Db, id: number): Promise<AdminPayment> {
  const [row] = await paymentRows(db).where(eq(payments.id, id));
  if (!row) throw new NotFoundError();
  return paymentView(row);
}

type EventRow = typeof webhookEvents.$inferSelect;
const eventView = (e: EventRow): AdminWebhookEvent => ({
  id: e.id,
  gateway: e.gateway,
  event_id: e.eventId,
  type: e.type,
  tx_ref: e.txRef,
  signature_valid: e.signatureValid,
  received_at: e.receivedAt.toISOString(),
  processed_at: iso(e.processedAt),
  error: e.error,
  attempts: e.attempts,
  next_attempt_at: iso(e.nextAttemptAt),
});

export async function listWebhookEvents(db: Db, query: AdminWebhooksQuery) {
  const where: SQL[] = [];
  if (query.query) {
    const pattern = containsPattern(query.query);
    where.push(
      or(
        sql`lower(coalesce(${webhookEvents.eventId}, '')) like ${pattern}`,
        sql`lower(coalesce(${webhookEvents.txRef}, '')) like ${pattern}`,
      )!,
    );
  }
  if (query.gateway) where.push(eq(webhookEvents.gateway, query.gateway));
  if (query.type) where.push(eq(webhookEvents.type, query.type));
  if (query.signature_valid !== undefined)
    where.push(eq(webhookEvents.signatureValid, query.signature_valid));
  if (query.failed === true)
    where.push(and(isNotNull(webhookEvents.error), isNull(webhookEvents.processedAt))!);
  if (query.failed === false) where.push(isNull(webhookEvents.error));
  const condition = where.length ? and(...where) : undefined;
  const { perPage, offset } = listWindow(query);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(webhookEvents)
      .where(condition)
      .orderBy(
        ...listOrder(
          query,
          { received_at: webhookEvents.receivedAt },
          { sort: 'received_at', order: 'desc' },
          webhookEvents.id,
          ['received_at'],
        ),
      )
      .limit(perPage)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(webhookEvents).where(condition),
  ]);
  return listPage(rows.map(eventView), Number(count?.n ?? 0), query);
}

async function storedEvent(db: Db, id: number) {
  const [row] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, id));
  if (!row) throw new NotFoundError();
  return row;
}

export async function getWebhookEvent(db: Db, id: number) {
  const row = await storedEvent(db, id);
  return { ...eventView(row), raw_body: row.rawBody };
}

/**
 * Applies a stored event again: only one whose signature held, through its gateway's verify and
 * the one settle step, so a payment moves once however often the event is replayed.
 */
export async function replayEvent(
  deps: SettleDeps & { billing: Billing },
  actor: Actor,
  id: number,
): Promise<{ event: AdminWebhookEvent; outcome: 'applied' | 'nothing_to_do' }> {
  const { billing } = deps;
  const row = await storedEvent(deps.db, id);
  if (!row.signatureValid) throw invalidInput({ event: [LEDGER_MESSAGES.badSignature] });
  const gateway = await billing.gateway(row.gateway);
  if (!gateway) throw invalidInput({ event: [LEDGER_MESSAGES.noGateway] });
  let applied = false;
  try {
    ({ applied } = await replayWebhookEvent(deps, gateway, row, await billing.policy()));
  } finally {
    // Audited whether it worked or not: the stored event holds the error.
    await audit(deps.db, actor, {
      action: 'webhook.replay',
      target: { type: 'webhook_event', id, label: row.type },
      after: { applied, tx_ref: row.txRef },
    });
  }
  return { event: eventView(await storedEvent(deps.db, id)), outcome: applied ? 'applied' : 'nothing_to_do' };
}

/**
 * Revenue per day (UTC) over the last `days` days, in SQL:
 * - **MRR** at the end of each day (the last day: now), per currency: the subscriptions that were
 *   paying then — started, not in a trial, not ended (an expired one by its end, a cancelled one
 *   by its period's end), with a paid price (a manual grant has none) — each price normalised to a
 *   month (a year / 12, a week × 52 / 12, a day × 365 / 12, divided by the interval count),
 *   summed and rounded once.
 * - **new**: subscriptions started that day (not `incomplete`); **churned**: ended that day;
 *   **failed renewals**: renewal payments that failed that day.
 */
export async function revenue(db: Db, days: number, now?: Date): Promise<RevenueResponse> {
  // The database's own clock by default: a subscription it stamped a moment ago (to the
  // microsecond) is never "after now" because this process's clock counts in milliseconds.
  const end = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const series = sql`select d::date as day, least(d + interval '1 day', ${end}) as at
    from generate_series((${end} at time zone 'UTC')::date - ${days - 1}::int,
      (${end} at time zone 'UTC')::date, interval '1 day') as d`;
  const monthly = sql`case p.interval
      when 'month' then p.amount::numeric / p.interval_count
      when 'year' then p.amount::numeric / (12 * p.interval_count)
      when 'week' then p.amount::numeric * 52 / (12 * p.interval_count)
      else p.amount::numeric * 365 / (12 * p.interval_count) end`;
  const [mrrRows, countRows] = await Promise.all([
    queryRows<{ day: string; currency: string; mrr: string }>(
      db,
      sql`with days as (${series})
        select to_char(days.day, 'YYYY-MM-DD') as day, p.currency, round(sum(${monthly}))::bigint as mrr
        from days
        join subscriptions s on s.created_at < days.at
          and s.status <> 'incomplete'
          and s.gateway <> 'manual'
          and (s.trial_ends_at is null or s.trial_ends_at <= days.at)
          and coalesce(s.ended_at, case when s.status = 'cancelled' then s.current_period_end end, 'infinity') > days.at
        join prices p on p.id = s.price_id and p.amount > 0
        group by days.day, p.currency`,
    ),
    queryRows<{ day: string; new: number; churned: number; failed: number }>(
      db,
      sql`with days as (${series})
        select to_char(days.day, 'YYYY-MM-DD') as day,
          (select count(*)::int from subscriptions s where s.status <> 'incomplete'
            and s.created_at >= days.day::timestamp at time zone 'UTC' and s.created_at < days.at) as new,
          (select count(*)::int from subscriptions s
            where s.ended_at >= days.day::timestamp at time zone 'UTC' and s.ended_at < days.at) as churned,
          (select count(*)::int from payments pay where pay.purpose = 'renewal' and pay.status = 'failed'
            and coalesce(pay.processed_at, pay.created_at) >= days.day::timestamp at time zone 'UTC'
            and coalesce(pay.processed_at, pay.created_at) < days.at) as failed
        from days order by days.day`,
    ),
  ]);
  const zero = () => Object.fromEntries(CURRENCIES.map((c) => [c, 0])) as Record<Currency, number>;
  const mrrOf = new Map<string, Record<Currency, number>>();
  for (const r of mrrRows) {
    const day = mrrOf.get(r.day) ?? zero();
    if ((CURRENCIES as readonly string[]).includes(r.currency)) day[r.currency as Currency] = Number(r.mrr);
    mrrOf.set(r.day, day);
  }
  const out = countRows.map((r) => ({
    day: r.day,
    mrr: mrrOf.get(r.day) ?? zero(),
    new: Number(r.new),
    churned: Number(r.churned),
    failed_renewals: Number(r.failed),
  }));
  return { mrr: out.at(-1)?.mrr ?? zero(), days: out };
}
