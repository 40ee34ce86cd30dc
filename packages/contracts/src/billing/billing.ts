import { z } from 'zod';
import { msg } from '../i18n/messages';
import { permissionSchema, restrictionSchema } from '../permissions';
import { idParamSchema, idSchema } from '../primitives';
import { CALENDARS } from '../users/user';

/**
 * Paid plans (decision 0038; SPEC §1, §3, §9): a product (plan) has prices, one currency each, an
 * amount in minor units (santim, cents — integers, never floats) and an interval; it grants a set
 * of permissions with restriction values. ETB is the default currency.
 */
export const CURRENCIES = ['ETB', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'ETB';
/** How the currency selector names each currency (SPEC §2). */
export const CURRENCY_LABELS: Record<Currency, string> = {
  ETB: msg('Ethiopian Birr (ETB)'),
  USD: msg('US Dollar (USD)'),
};
/** Minor units per major unit: both currencies have two decimals (100 santim = 1 Birr). */
export const CURRENCY_MINOR_UNITS: Record<Currency, number> = { ETB: 100, USD: 100 };

export const BILLING_INTERVALS = ['day', 'week', 'month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** The largest amount a price may have, in minor units (a safe 32-bit integer). */
export const MAX_PRICE_AMOUNT = 2_000_000_000;

export const priceSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  currency: z.enum(CURRENCIES),
  /** Minor units: 19900 is ETB 199.00. */
  amount: z.number().int().min(0).max(MAX_PRICE_AMOUNT),
  interval: z.enum(BILLING_INTERVALS),
  interval_count: z.number().int().min(1).max(36),
});
export type Price = z.infer<typeof priceSchema>;

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  hidden: z.boolean(),
  recommended: z.boolean(),
  free: z.boolean(),
  feature_list: z.array(z.string()),
  /** Days of trial a first subscription to this plan starts with (0 = none). */
  trial_days: z.number().int().min(0),
  position: z.number().int(),
  prices: z.array(priceSchema),
});
export type Product = z.infer<typeof productSchema>;

/** A plan as the admin edits it: also the permissions it grants, with their restriction values. */
export const adminProductSchema = productSchema.extend({
  permissions: z.array(permissionSchema),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const productPermissionInputSchema = z.object({
  name: z.string().trim().min(1).max(100),
  restrictions: z.array(restrictionSchema).max(20).default([]),
});

export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'trialing',
  'active',
  'past_due',
  'cancelled',
  'expired',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const GATEWAYS = ['sandbox', 'chapa', 'stripe', 'manual'] as const;
export type Gateway = (typeof GATEWAYS)[number];

/** What the listing of plans answers (SPEC §7 `GET billing/products` → `pagination.data`). */
export const productsQuerySchema = z.object({}).strict();

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_PURPOSES = ['new', 'renewal', 'change'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** Our reference of a payment (`tx_ref`): `zema-` and 24 url-safe characters. */
export const TX_REF_PATTERN = /^zema-[A-Za-z0-9_-]{24}$/;
export const txRefParamSchema = z.object({
  txRef: z.string().regex(TX_REF_PATTERN, msg('Unknown payment.')),
});

export const checkoutRequestSchema = z.object({
  /** An id column is int4: a bigger number is refused here, not by the database (a 500). */
  price_id: idSchema,
  /**
   * Made by the checkout page once per visit: the same checkout submitted twice (a double click,
   * a retried request) answers the first payment instead of starting a second.
   */
  idempotency_key: z
    .string()
    .trim()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
  /** The name printed on the invoice; the account's name when left out. */
  buyer_name: z.string().trim().max(120, msg('Keep the name under 120 characters.')).optional(),
  /** The buyer's tax number (TIN; in Ethiopia 10 digits), printed on the invoice when given. */
  buyer_tin: z
    .string()
    .trim()
    .regex(
      /^$|^[A-Za-z0-9][A-Za-z0-9 /-]{3,29}$/,
      msg('Enter the tax number as printed: letters, digits, spaces or dashes.'),
    )
    .optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const paymentSchema = z.object({
  tx_ref: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  purpose: z.enum(PAYMENT_PURPOSES),
  gateway: z.enum(GATEWAYS),
  product_id: z.number().int(),
  product_name: z.string(),
  price_id: z.number().int(),
  /** What the buyer pays, minor units (after any credit). */
  amount: z.number().int(),
  currency: z.enum(CURRENCIES),
  /** Unused days of the previous plan credited toward this one, minor units. */
  credit: z.number().int(),
  method: z.string().nullable(),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  processed_at: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const checkoutResponseSchema = z.object({
  payment: paymentSchema,
  /** Where to send the browser: the gateway's hosted checkout (the sandbox's own page in test mode). */
  redirect_url: z.string(),
});

export const SANDBOX_OUTCOMES = ['success', 'failed', 'pending'] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];
export const sandboxDecisionSchema = z.object({ outcome: z.enum(SANDBOX_OUTCOMES) });
export const sandboxChargeSchema = z.object({
  tx_ref: z.string(),
  amount: z.number().int(),
  currency: z.enum(CURRENCIES),
  description: z.string(),
  status: z.enum(SANDBOX_OUTCOMES),
  /** Where the sandbox sends the buyer back once they decided. */
  return_url: z.string(),
  /**
   * Where "Cancel and go back" leads, the payment left undecided: the page the buyer chose to pay
   * on (the checkout, the change-plan confirmation, or the billing page for a renewal).
   */
  cancel_url: z.string(),
});
export type SandboxCharge = z.infer<typeof sandboxChargeSchema>;

export const subscriptionViewSchema = z.object({
  id: z.number().int(),
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
  /** Renews by itself (a card on Stripe); a prepaid plan is renewed by paying again. */
  auto_renews: z.boolean(),
  /** What paid last: a card's brand and last four on Stripe, the method on Chapa. */
  payment_method: z
    .object({ type: z.string(), brand: z.string().optional(), last4: z.string().optional() })
    .nullable(),
  /** A change of plan waiting for the end of the paid period (a prepaid downgrade). */
  scheduled_change: z
    .object({ product_id: z.number().int(), product_name: z.string(), price: priceSchema, at: z.string() })
    .nullable(),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

export const invoiceLineSchema = z.object({ description: z.string(), amount: z.number().int() });

/**
 * The lines an invoice is issued with, written in English once and kept as issued: the plan and
 * its period ('Premium — 1 month'), and the credit of a plan change. {@link invoiceLineMessage}
 * reads a line back into its message, so a printed invoice can say it in the reader's language.
 */
export const INVOICE_PLAN_LINE = msg(
  '{plan} — {interval, select, day {{count, plural, one {# day} other {# days}}} week {{count, plural, one {# week} other {# weeks}}} month {{count, plural, one {# month} other {# months}}} other {{count, plural, one {# year} other {# years}}}}',
);
export const INVOICE_CREDIT_LINE = msg('Credit for the unused part of the previous plan');

const PLAN_LINE = /^(.+) — ([\d,]+) (day|week|month|year)s?$/;

/** The message and values an issued line was written from; null for a line written otherwise. */
export function invoiceLineMessage(
  description: string,
): { message: string; values: Record<string, string | number> } | null {
  if (description === INVOICE_CREDIT_LINE) return { message: INVOICE_CREDIT_LINE, values: {} };
  const plan = PLAN_LINE.exec(description);
  if (!plan) return null;
  const count = Number(plan[2]!.replace(/,/g, ''));
  return { message: INVOICE_PLAN_LINE, values: { plan: plan[1]!, interval: plan[3]!, count } };
}
export const invoiceSchema = z.object({
  id: z.number().int(),
  /** The gap-free sequence: the invoice's address (`/billing/invoices/42`). */
  number: z.number().int(),
  /**
   * The number as printed, `ZEMA-2026-000042` (prefix, year of issue, sequence); an invoice issued
   * before numbers had a prefix keeps the bare sequence it was printed with (`7`).
   */
  display_number: z.string(),
  currency: z.enum(CURRENCIES),
  subtotal: z.number().int(),
  /** Basis points: 1500 = 15 %. */
  tax_rate_bp: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  buyer_name: z.string(),
  buyer_email: z.string(),
  buyer_tin: z.string().nullable(),
  lines: z.array(invoiceLineSchema),
  issued_at: z.string(),
  /** Given back of the payment so far, minor units: all of `total` when fully refunded. */
  refunded: z.number().int(),
  refunded_at: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const billingOverviewSchema = z.object({
  subscription: subscriptionViewSchema.nullable(),
  invoices: z.array(invoiceSchema),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

/**
 * Changing plans (decision 0041; SPEC §2 `/change-plan/{productId}/{priceId}/confirm`). The
 * quote says exactly what will happen, as data the confirm page words:
 * - `upgrade_now` — a prepaid plan moves to a price dearer per day: the unused days of the
 *   current period become `credit`, the buyer pays `amount_due` (price − credit, never below 0)
 *   through a checkout, and the new plan starts with a full period once paid;
 * - `downgrade_at_period_end` — cheaper per day or free: nothing to pay now, the plan switches at
 *   `starts_at` (the current period's end) and stays what it is until then;
 * - `prorated_by_gateway` — an auto-renewing plan (Stripe): the gateway prorates; `amount_due`
 *   is our estimate of it;
 * - `keep_current` — the current plan, with a change scheduled: calls the change off.
 */
export const PLAN_CHANGE_KINDS = [
  'upgrade_now',
  'downgrade_at_period_end',
  'prorated_by_gateway',
  'keep_current',
] as const;
export type PlanChangeKind = (typeof PLAN_CHANGE_KINDS)[number];

export const changePlanParamsSchema = z.object({ productId: idParamSchema, priceId: idParamSchema });

const planRefSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  price: priceSchema.nullable(),
});

export const planChangeQuoteSchema = z.object({
  kind: z.enum(PLAN_CHANGE_KINDS),
  /** Why a change waits: a cheaper or free plan, or a credit larger than the new price. */
  reason: z.enum(['cheaper', 'free', 'credit_covers_price']).nullable(),
  current: planRefSchema.extend({
    status: z.enum(SUBSCRIPTION_STATUSES),
    current_period_end: z.string().nullable(),
    gateway: z.enum(GATEWAYS),
  }),
  next: planRefSchema.extend({ price: priceSchema }),
  /** The new price's currency: credit and amount due are in its minor units. */
  currency: z.enum(CURRENCIES),
  credit: z.number().int().min(0),
  /** Whole days left of the current paid period. */
  unused_days: z.number().int().min(0),
  /** Why unused days give no credit: paid in another currency (ETB ↔ USD), or nothing paid (a trial, grace days). */
  credit_unavailable: z.enum(['currency', 'not_paid']).nullable(),
  /** Paid now (0 for a downgrade); an estimate when the gateway prorates. */
  amount_due: z.number().int().min(0),
  estimated: z.boolean(),
  /** When the new plan takes over: now, or the end of the current period. */
  starts_at: z.string(),
  /** When the new plan's first period would end, for an immediate change. */
  renews_at: z.string().nullable(),
});
export type PlanChangeQuote = z.infer<typeof planChangeQuoteSchema>;

export const changePlanRequestSchema = z.object({
  idempotency_key: checkoutRequestSchema.shape.idempotency_key,
});

export const changePlanResponseSchema = z.object({
  /** What was done; null when this answers an earlier submit of the same key (its checkout). */
  quote: planChangeQuoteSchema.nullable(),
  /** An upgrade: the checkout paying the difference. */
  payment: paymentSchema.nullable(),
  redirect_url: z.string().nullable(),
  /** A scheduled, called-off or gateway change: the subscription as it now stands. */
  subscription: subscriptionViewSchema.nullable(),
});
export type ChangePlanResponse = z.infer<typeof changePlanResponseSchema>;

/** A first subscription to a plan with `trial_days` starts as a free trial (once per plan). */
export const startTrialRequestSchema = z.object({ price_id: idSchema });

/** An invoice is addressed by its sequence, the last part of its printed number (`/billing/invoices/12`). */
export const invoiceNumberParamSchema = z.object({ number: idParamSchema });

/**
 * A language code for a rendered invoice (`am`, `en`) and the calendar of its dates; without them,
 * the reader's own language and calendar.
 */
export const invoiceLanguageQuerySchema = z
  .object({
    lang: z
      .string()
      .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, msg('Unknown language.'))
      .optional(),
    calendar: z.enum(CALENDARS).optional(),
  })
  .strict();

/**
 * Who sells, from the billing settings: the seller's legal name (the site's name until it is set),
 * the site's address on the web, the postal address, TIN and notes when set.
 */
export const invoiceSellerSchema = z.object({
  name: z.string(),
  url: z.string(),
  address: z.string().nullable(),
  tin: z.string().nullable(),
  notes: z.string().nullable(),
});

/** One invoice as printed: the invoice, who sold it, and how it was paid. */
export const invoiceDocumentSchema = z.object({
  invoice: invoiceSchema,
  seller: invoiceSellerSchema,
  payment: z.object({ gateway: z.enum(GATEWAYS), method: z.string().nullable(), tx_ref: z.string() }),
});
export type InvoiceDocument = z.infer<typeof invoiceDocumentSchema>;

const METHOD_LABELS: Record<string, string> = {
  telebirr: 'Telebirr',
  cbebirr: 'CBE Birr',
  cbe_birr: 'CBE Birr',
  mpesa: 'M-Pesa',
  card: msg('Card'),
  sandbox: msg('Sandbox (test mode)'),
  manual: msg('Granted by an administrator'),
};

/**
 * How a payment method is named on the billing page and the invoice, as an English source text to
 * translate (`Card`, `Telebirr`), with the card's brand and last four when known (`Visa •••• 4242`).
 */
export function paymentMethodLabel(
  gateway: Gateway,
  method: { type?: string | null; brand?: string; last4?: string } | string | null,
): { text: string; detail: string | null } {
  const m = typeof method === 'string' ? { type: method } : (method ?? {});
  if (m.brand && m.last4) {
    const brand = m.brand.charAt(0).toUpperCase() + m.brand.slice(1);
    return { text: brand, detail: `•••• ${m.last4}` };
  }
  const type = m.type?.toLowerCase().replace(/[\s-]+/g, '_') ?? null;
  if (type && METHOD_LABELS[type]) return { text: METHOD_LABELS[type], detail: null };
  if (type) return { text: m.type!, detail: null };
  return { text: METHOD_LABELS[gateway] ?? (gateway === 'chapa' ? 'Chapa' : msg('Card')), detail: null };
}
