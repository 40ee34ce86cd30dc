import { z } from 'zod';
import { msg } from '../i18n/messages';
import { booleanParamSchema, idFilterSchema, listQuerySchema, listResponseSchema } from '../list';
import { ID_MESSAGE, INT32_MAX } from '../primitives';
import { grantSchema } from '../users/users-admin';
import {
  BILLING_INTERVALS,
  CURRENCIES,
  GATEWAYS,
  MAX_PRICE_AMOUNT,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  priceSchema,
  productSchema,
  SUBSCRIPTION_STATUSES,
} from './billing';

/**
 * The admin's billing area (decision 0043): plans and their prices, subscriptions granted,
 * extended or cancelled by hand, payments, the webhook log with replay, and revenue.
 */

/** A price as the admin sees it: archived ones too (still honoured for who bought them). */
export const adminPriceSchema = priceSchema.extend({
  archived_at: z.string().nullable(),
  /** Subscriptions and payments that name it: a used price is replaced, never edited. */
  subscriptions_count: z.number().int(),
  payments_count: z.number().int(),
});
export type AdminPrice = z.infer<typeof adminPriceSchema>;

export const adminPlanSchema = productSchema.extend({
  prices: z.array(adminPriceSchema),
  permissions: z.array(grantSchema),
  /** Subscriptions that still grant this plan (active or valid now). */
  subscribers_count: z.number().int(),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;
export const adminPlansResponseSchema = z.object({ plans: z.array(adminPlanSchema) });
export const adminPlanResponseSchema = z.object({ plan: adminPlanSchema });

export const PLAN_FEATURES_MAX = 20;
export const upsertPlanRequestSchema = z.object({
  name: z.string().trim().min(1, msg('The name field is required.')).max(100),
  description: z.string().trim().max(1000).nullable().optional(),
  hidden: z.boolean().default(false),
  recommended: z.boolean().default(false),
  /** The plan of everyone without a valid subscription: exactly one plan is free. */
  free: z.boolean().default(false),
  feature_list: z
    .array(z.string().trim().min(1, msg('A feature cannot be empty.')).max(200))
    .max(PLAN_FEATURES_MAX)
    .default([]),
  trial_days: z.number().int().min(0).max(365).default(0),
  position: z.number().int().min(0).max(1000).default(0),
  permissions: z.array(grantSchema).max(100).default([]),
});
export type UpsertPlanRequest = z.input<typeof upsertPlanRequestSchema>;

export const priceRequestSchema = z.object({
  currency: z.enum(CURRENCIES),
  /** Minor units (santim, cents): 19900 is ETB 199.00. */
  amount: z
    .number({ message: msg('Enter an amount.') })
    .int(msg('Use whole minor units (cents, santim).'))
    .min(0, msg('The amount cannot be negative.'))
    .max(MAX_PRICE_AMOUNT, msg('The amount is too large.')),
  interval: z.enum(BILLING_INTERVALS),
  interval_count: z.number().int().min(1).max(36).default(1),
});
export type PriceRequest = z.input<typeof priceRequestSchema>;

/** Changing a price answers the plan and whether the old price was replaced (it had buyers). */
export const priceChangeResponseSchema = adminPlanResponseSchema.extend({
  replaced: z.boolean(),
  price_id: z.number().int().nullable(),
});

export const ADMIN_SUBSCRIPTION_SORTS = ['created_at', 'current_period_end'] as const;
export const adminSubscriptionsQuerySchema = listQuerySchema(ADMIN_SUBSCRIPTION_SORTS, {
  product: idFilterSchema.optional(),
  status: z.enum(SUBSCRIPTION_STATUSES).optional(),
  gateway: z.enum(GATEWAYS).optional(),
  user: idFilterSchema.optional(),
});
export type AdminSubscriptionsQuery = z.infer<typeof adminSubscriptionsQuerySchema>;

const userRefSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

export const adminSubscriptionSchema = z.object({
  id: z.number().int(),
  user: userRefSchema,
  product_id: z.number().int(),
  product_name: z.string(),
  price: priceSchema.nullable(),
  gateway: z.enum(GATEWAYS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  valid: z.boolean(),
  active: z.boolean(),
  current_period_start: z.string().nullable(),
  current_period_end: z.string().nullable(),
  trial_ends_at: z.string().nullable(),
  grace_ends_at: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  created_at: z.string(),
});
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;
export const adminSubscriptionsResponseSchema = listResponseSchema(adminSubscriptionSchema);
export const adminSubscriptionResponseSchema = z.object({ subscription: adminSubscriptionSchema });

export const MAX_GRANT_DAYS = 3650;
const daysSchema = z
  .number({ message: msg('Enter a number of days.') })
  .int(msg('Use whole days.'))
  .min(1, msg('At least one day.'))
  .max(MAX_GRANT_DAYS, msg('At most 3650 days.'));

/** A plan given by hand (gateway `manual`): no payment, valid for `days` from now. */
export const grantSubscriptionRequestSchema = z.object({
  user_id: z
    .number()
    .int()
    .positive({ message: msg('Pick a user.') })
    .max(INT32_MAX, ID_MESSAGE),
  product_id: z
    .number()
    .int()
    .positive({ message: msg('Pick a plan.') })
    .max(INT32_MAX, ID_MESSAGE),
  days: daysSchema,
});
export type GrantSubscriptionRequest = z.infer<typeof grantSubscriptionRequestSchema>;
export const extendSubscriptionRequestSchema = z.object({ days: daysSchema });
export const cancelSubscriptionRequestSchema = z.object({
  /** true: the plan stays until its period ends; false: it ends now. */
  at_period_end: z.boolean(),
});

export const ADMIN_PAYMENT_SORTS = ['created_at', 'amount'] as const;
export const adminPaymentsQuerySchema = listQuerySchema(ADMIN_PAYMENT_SORTS, {
  status: z.enum(PAYMENT_STATUSES).optional(),
  gateway: z.enum(GATEWAYS).optional(),
  user: idFilterSchema.optional(),
});
export type AdminPaymentsQuery = z.infer<typeof adminPaymentsQuerySchema>;
export const adminPaymentSchema = z.object({
  id: z.number().int(),
  tx_ref: z.string(),
  user: userRefSchema,
  status: z.enum(PAYMENT_STATUSES),
  purpose: z.enum(PAYMENT_PURPOSES),
  gateway: z.enum(GATEWAYS),
  product_name: z.string(),
  amount: z.number().int(),
  currency: z.enum(CURRENCIES),
  credit: z.number().int(),
  method: z.string().nullable(),
  gateway_reference: z.string().nullable(),
  failure_reason: z.string().nullable(),
  /** Given back so far, minor units (all of `amount` when the status is `refunded`). */
  refunded_amount: z.number().int(),
  refunded_at: z.string().nullable(),
  /** The plan this payment paid for, when it started or renewed one. */
  subscription_id: z.number().int().nullable(),
  created_at: z.string(),
  processed_at: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
export const adminPaymentsResponseSchema = listResponseSchema(adminPaymentSchema);
export const adminPaymentResponseSchema = z.object({ payment: adminPaymentSchema });

export const MAX_REFUND_REASON = 200;
/** A refund of a succeeded payment, all that is left of it or part of it. */
export const refundPaymentRequestSchema = z.object({
  /** Minor units; everything not refunded yet when left out. */
  amount: z
    .number({ message: msg('Enter an amount.') })
    .int(msg('Use whole minor units.'))
    .positive(msg('Refund more than nothing.'))
    .optional(),
  reason: z.string().trim().max(MAX_REFUND_REASON, msg('Keep the reason under 200 characters.')).optional(),
  /** End the plan the payment paid for now (as cancelling it now does). */
  end_subscription: z.boolean().optional(),
  /** Made by the refund dialog once per opening: the same refund submitted twice is made once. */
  idempotency_key: z
    .string()
    .trim()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
});
export type RefundPaymentRequest = z.infer<typeof refundPaymentRequestSchema>;

export const WEBHOOK_GATEWAYS = ['sandbox', 'chapa', 'stripe'] as const;
export const ADMIN_WEBHOOK_SORTS = ['received_at'] as const;
export const adminWebhooksQuerySchema = listQuerySchema(ADMIN_WEBHOOK_SORTS, {
  gateway: z.enum(WEBHOOK_GATEWAYS).optional(),
  type: z.string().trim().max(100).optional(),
  signature_valid: booleanParamSchema.optional(),
  /** Only events whose applying failed (an error and no processed time). */
  failed: booleanParamSchema.optional(),
});
export type AdminWebhooksQuery = z.infer<typeof adminWebhooksQuerySchema>;
export const adminWebhookEventSchema = z.object({
  id: z.number().int(),
  gateway: z.string(),
  event_id: z.string().nullable(),
  type: z.string().nullable(),
  tx_ref: z.string().nullable(),
  signature_valid: z.boolean(),
  received_at: z.string(),
  processed_at: z.string().nullable(),
  error: z.string().nullable(),
  /** Tries that found the payment still pending at the gateway (or the gateway unreachable). */
  attempts: z.number().int(),
  /** When the schedule verifies it again; null once processed or left to the admin. */
  next_attempt_at: z.string().nullable(),
});
export type AdminWebhookEvent = z.infer<typeof adminWebhookEventSchema>;
export const adminWebhooksResponseSchema = listResponseSchema(adminWebhookEventSchema);
/** One event with the body exactly as received. */
export const adminWebhookEventResponseSchema = z.object({
  event: adminWebhookEventSchema.extend({ raw_body: z.string() }),
});
export const WEBHOOK_REPLAY_OUTCOMES = ['applied', 'nothing_to_do'] as const;
export const replayWebhookResponseSchema = z.object({
  event: adminWebhookEventSchema,
  /** `applied`: the payment it names was verified and settled now; else it already was. */
  outcome: z.enum(WEBHOOK_REPLAY_OUTCOMES),
});

export const REVENUE_RANGES = ['30', '90', '365'] as const;
export const revenueQuerySchema = z.object({ days: z.enum(REVENUE_RANGES).default('30') });
export const revenueDaySchema = z.object({
  /** UTC day, `2026-11-27`. */
  day: z.string(),
  /** Monthly recurring revenue at the end of the day, minor units per currency. */
  mrr: z.record(z.enum(CURRENCIES), z.number().int()),
  new: z.number().int(),
  churned: z.number().int(),
  failed_renewals: z.number().int(),
});
export type RevenueDay = z.infer<typeof revenueDaySchema>;
export const revenueResponseSchema = z.object({
  /** MRR now, minor units per currency: paid active subscriptions, each price normalised to a month. */
  mrr: z.record(z.enum(CURRENCIES), z.number().int()),
  days: z.array(revenueDaySchema),
});
export type RevenueResponse = z.infer<typeof revenueResponseSchema>;
