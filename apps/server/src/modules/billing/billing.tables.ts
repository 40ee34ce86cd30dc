import type { Restriction } from '@zema/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { permissions, users } from '../users/tables';

/**
 * Paid plans (decision 0038, modules/billing). Money is integers in minor units (santim, cents) with
 * its currency beside it, never a float. A price with subscribers is never edited: it is archived
 * and a new one takes its place, so what someone bought stays what it was.
 */
export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  /** Not offered on the pricing page (still valid for who has it). */
  hidden: boolean('hidden').notNull().default(false),
  recommended: boolean('recommended').notNull().default(false),
  /** The plan of everyone without a valid subscription (at most one is free). */
  free: boolean('free').notNull().default(false),
  featureList: jsonb('feature_list').$type<string[]>().notNull().default([]),
  trialDays: integer('trial_days').notNull().default(0),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What a plan grants: permissions with restriction values (quotas), as roles do. */
export const productPermissions = pgTable(
  'product_permissions',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    restrictions: jsonb('restrictions').$type<Restriction[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.productId, t.permissionId] })],
);

export const prices = pgTable(
  'prices',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    /** Minor units (19900 = ETB 199.00). */
    amount: integer('amount').notNull(),
    interval: text('interval').notNull(),
    intervalCount: integer('interval_count').notNull().default(1),
    /** Replaced (it had subscribers when the admin changed it): no longer sold, still honoured. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** The gateway's own id for this price (Stripe `price_…`), made on first use. */
    stripePriceId: text('stripe_price_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('prices_product_idx').on(t.productId),
    check('prices_amount_check', sql`${t.amount} >= 0`),
    check('prices_currency_check', sql`${t.currency} in ('ETB', 'USD')`),
    check('prices_interval_check', sql`${t.interval} in ('day', 'week', 'month', 'year')`),
    check('prices_interval_count_check', sql`${t.intervalCount} between 1 and 36`),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    priceId: integer('price_id').references(() => prices.id, { onDelete: 'set null' }),
    /** `sandbox`, `chapa`, `stripe`, or `manual` (granted by an admin). */
    gateway: text('gateway').notNull(),
    /** The gateway's subscription id (Stripe `sub_…`); prepaid gateways have none. */
    gatewayId: text('gateway_id'),
    status: text('status').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    /** A prepaid period that ended unpaid stays valid until then. */
    graceEndsAt: timestamp('grace_ends_at', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** What paid last: `{type: 'card', brand, last4}` or `{type: 'telebirr'}`, shown on /billing. */
    paymentMethod: jsonb('payment_method').$type<Record<string, string>>(),
    /**
     * A change of plan that waits for the end of the paid period (a prepaid downgrade): the
     * lifecycle job moves the subscription to this price then. Resuming or renewing clears it.
     */
    scheduledPriceId: integer('scheduled_price_id').references(() => prices.id, { onDelete: 'set null' }),
    /** A renewal reminder went out for the period ending at this time (sent once per period). */
    remindedForPeriodEnd: timestamp('reminded_for_period_end', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId),
    index('subscriptions_period_end_idx').on(t.currentPeriodEnd),
    uniqueIndex('subscriptions_gateway_id_idx')
      .on(t.gateway, t.gatewayId)
      .where(sql`${t.gatewayId} is not null`),
    check(
      'subscriptions_status_check',
      sql`${t.status} in ('incomplete', 'trialing', 'active', 'past_due', 'cancelled', 'expired')`,
    ),
  ],
);

/**
 * One attempt to pay: a checkout started (new plan, renewal, change) with the amount and currency
 * fixed when it starts, checked against what the gateway reports. `tx_ref` is ours and unique, so
 * each payment is processed once whichever of webhook, callback and return arrives first.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    priceId: integer('price_id')
      .notNull()
      .references(() => prices.id, { onDelete: 'restrict' }),
    gateway: text('gateway').notNull(),
    txRef: text('tx_ref').notNull().unique(),
    /** The gateway's reference once known (Chapa `reference`, Stripe invoice or session id). */
    gatewayReference: text('gateway_reference'),
    /** The same checkout submitted twice finds this key and answers the first payment. */
    idempotencyKey: text('idempotency_key').notNull(),
    purpose: text('purpose').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** Unused days of the previous plan credited toward this one (prepaid change), minor units. */
    credit: integer('credit').notNull().default(0),
    status: text('status').notNull().default('pending'),
    method: text('method'),
    /** Where the buyer was sent to pay (answered again to a repeated checkout). */
    checkoutUrl: text('checkout_url'),
    failureReason: text('failure_reason'),
    /** Printed on the invoice: the name and tax number the buyer gave at checkout, if any. */
    buyerName: text('buyer_name'),
    buyerTin: text('buyer_tin'),
    /**
     * Given back so far, minor units: the sum of the refunds the gateway accepted. All of it makes
     * the payment `refunded`; part of it leaves it `succeeded`.
     */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    /** When the latest refund was recorded. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_user_idx').on(t.userId),
    uniqueIndex('payments_idempotency_idx').on(t.userId, t.idempotencyKey),
    check('payments_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed', 'refunded')`),
    check('payments_amount_check', sql`${t.amount} >= 0 and ${t.credit} >= 0`),
    check('payments_refunded_check', sql`${t.refundedAmount} between 0 and ${t.amount}`),
  ],
);

/**
 * Each refund of a payment: asked by an admin here (`created_by`), or made in the gateway's own
 * dashboard and learnt from its webhook. `requested` while the gateway is being asked (a second
 * refund of the payment waits for it to finish); `pending` or `succeeded` once the gateway took it,
 * both counted in `payments.refunded_amount`.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** Minor units of the payment's currency. */
    amount: integer('amount').notNull(),
    reason: text('reason'),
    /** The gateway's refund id (Stripe `re_…`, Chapa's refund reference); null until it answers. */
    gatewayReference: text('gateway_reference'),
    status: text('status').notNull().default('requested'),
    /** The admin's dialog sends one key per refund it shows: a double submit finds this row. */
    idempotencyKey: text('idempotency_key'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_refunds_payment_idx').on(t.paymentId),
    uniqueIndex('payment_refunds_key_idx')
      .on(t.paymentId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    uniqueIndex('payment_refunds_reference_idx')
      .on(t.paymentId, t.gatewayReference)
      .where(sql`${t.gatewayReference} is not null`),
    check('payment_refunds_amount_check', sql`${t.amount} > 0`),
    check('payment_refunds_status_check', sql`${t.status} in ('requested', 'pending', 'succeeded')`),
  ],
);

/**
 * Invoices, numbered in one sequence without gaps (the number is taken in the transaction that
 * records the payment). The buyer's name, TIN, the seller and the tax rate are copied at issue
 * time: an invoice reads as it was issued, whatever the settings say later.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    /** The sequence: one counter for the life of the install, never restarted (decision 0048). */
    number: integer('number').notNull().unique(),
    /**
     * The number as printed, `ZEMA-2026-000042`: the prefix and the year of issue when it was
     * issued, then the sequence. Null on invoices issued before prefixes: they print their sequence.
     */
    displayNumber: text('display_number').unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    /** Before tax, minor units. */
    subtotal: integer('subtotal').notNull(),
    /** Basis points: 1500 = 15 %. */
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    tax: integer('tax').notNull(),
    total: integer('total').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    buyerTin: text('buyer_tin'),
    lines: jsonb('lines').$type<{ description: string; amount: number }[]>().notNull(),
    /** Who sold, as the billing settings named them at issue; null on invoices issued before this was kept. */
    seller: jsonb('seller').$type<{ name: string; address: string | null; tin: string | null }>(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoices_user_idx').on(t.userId)],
);

/** Every webhook received, as received: the raw body, whether its signature held, what became of it. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: serial('id').primaryKey(),
    gateway: text('gateway').notNull(),
    /** The gateway's event id (Stripe `evt_…`; for Chapa the tx_ref and event name). */
    eventId: text('event_id'),
    type: text('type'),
    /** The payment the event names (our `tx_ref`), so an admin can replay it (verify, then settle). */
    txRef: text('tx_ref'),
    rawBody: text('raw_body').notNull(),
    signatureValid: boolean('signature_valid').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set once the event settled what it names, or was finally refused; until then it is retried. */
    processedAt: timestamp('processed_at', { withTimezone: true }),
    error: text('error'),
    /** Times it was applied and the gateway still answered "pending" (or could not be reached). */
    attempts: integer('attempts').notNull().default(0),
    /** When the schedule verifies it again (backoff); null once processed or given up. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_events_retry_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.nextAttemptAt} is not null and ${t.processedAt} is null`),
    uniqueIndex('webhook_events_event_idx')
      .on(t.gateway, t.eventId)
      .where(sql`${t.eventId} is not null and ${t.signatureValid}`),
    index('webhook_events_received_idx').on(t.receivedAt),
  ],
);

/** Counters that must not skip a number (invoice numbers): a row each, taken under its row lock. */
export const billingCounters = pgTable('billing_counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull().default(0),
});

/**
 * The sandbox gateway's own record of a charge (test mode): what a real gateway keeps on its side.
 * Zema's payment is settled only by asking the sandbox, as it asks Chapa or Stripe.
 */
export const sandboxCharges = pgTable('sandbox_charges', {
  txRef: text('tx_ref').primaryKey(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  returnUrl: text('return_url').notNull(),
  /** `pending` until the buyer decides: `success` or `failed` (or leaves it `pending`). */
  status: text('status').notNull().default('pending'),
  /** Given back by the sandbox's refunds, minor units (never more than `amount`). */
  refunded: integer('refunded').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
});
