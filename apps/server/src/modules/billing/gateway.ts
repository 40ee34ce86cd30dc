import type { BillingInterval, Currency } from '@zema/contracts';

/** What a gateway says of a payment when asked (never what a browser says). */
export type VerifiedPayment = {
  status: 'succeeded' | 'failed' | 'pending';
  amount: number;
  currency: Currency;
  /** How it was paid, as the billing page shows it: 'telebirr', 'cbebirr', 'card', 'sandbox'. */
  method: string | null;
  /** The gateway's own reference. */
  reference: string | null;
  /** What the billing page shows as the payment method (`{type: 'card', brand, last4}`); else `{type: method}`. */
  paymentMethod?: Record<string, string> | null;
  /** A recurring gateway's own subscription, when the payment started one (Stripe). */
  subscription?: GatewaySubscriptionState | null;
};

/** A recurring gateway's subscription as the gateway itself reports it (its state wins over ours). */
export type GatewaySubscriptionState = {
  gatewayId: string;
  status: 'incomplete' | 'trialing' | 'active' | 'past_due' | 'cancelled' | 'expired';
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
  /** The gateway's price id (Stripe `price_…`), to find our price after a plan change. */
  gatewayPriceId: string | null;
  paymentMethod: Record<string, string> | null;
};

/** A webhook as received: the raw bytes (signatures are over them) and the headers. */
export type IncomingWebhook = { rawBody: Buffer; headers: Record<string, string | string[] | undefined> };

/** What a gateway's webhook is about, once its signature held. */
export type WebhookEventInfo = {
  /** The gateway's event id when it has one (applied once each); else derived from the payload. */
  eventId: string;
  type: string;
  /** Our payment reference, when the event is about one. */
  txRef: string | null;
  /** The gateway's own follow-up once the payment is settled (Stripe: sync its subscription, record a renewal). */
  apply?: () => Promise<void>;
};

export type CheckoutInput = {
  txRef: string;
  amount: number;
  currency: Currency;
  description: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** Where the gateway sends the browser back (the return page verifies). */
  returnUrl: string;
  /** Where the gateway posts its callback (Chapa's `callback_url`). */
  callbackUrl: string;
  /** Our price (a recurring gateway makes its own price from it). */
  priceId: number;
};

/** A refund asked of the gateway that took the payment. */
export type RefundInput = {
  /** Our reference of the payment. */
  txRef: string;
  /** The gateway's reference of the payment (`payments.gateway_reference`). */
  reference: string | null;
  currency: Currency;
  /** What to give back, minor units (never more than is left of the payment). */
  amount: number;
  reason: string | null;
  /** Ours and unique per refund (`zema-refund-<id>`): the gateway's idempotency key or refund reference. */
  key: string;
};

/** What the gateway said of a refund: done, or accepted and on its way (a bank transfer, a wallet). */
export type RefundResult = { status: 'refunded' | 'pending'; reference: string | null };

/**
 * One interface for every way to pay (decision 0038). A gateway states what it can do; the
 * checkout picks one by the price's currency and the keys the admin configured. Everything that
 * grants goes through `settlePayment` after `verify`, whichever way the news arrived (webhook,
 * callback, return page).
 */
export interface PaymentGateway {
  readonly id: 'sandbox' | 'chapa' | 'stripe';
  readonly currencies: readonly Currency[];
  /** Renews by itself (Stripe); otherwise a plan is a prepaid period Zema renews by checkout. */
  readonly recurring: boolean;
  readonly refunds: boolean;
  /**
   * Gives back all or part of a succeeded payment. Throws an `UpstreamError` when the gateway
   * cannot be reached or refuses; nothing of ours has changed then.
   */
  refund(input: RefundInput): Promise<RefundResult>;
  /** Starts a hosted checkout for a stored payment: where to send the browser. */
  startCheckout(input: CheckoutInput): Promise<{ url: string; reference?: string }>;
  /** Asks the gateway what became of a payment; null when it knows no such payment. */
  verify(txRef: string): Promise<VerifiedPayment | null>;
  /** Checks a webhook's signature over its raw bytes; the event it carries, or null when it fails. */
  readWebhook(webhook: IncomingWebhook): Promise<WebhookEventInfo | null>;
  /**
   * An event stored when its signature held, read again for the admin's replay (the signature's
   * timestamp has expired by then). Gateways whose events only name a payment need none: the
   * stored `tx_ref` is verified again.
   */
  readStoredEvent?(rawBody: string): WebhookEventInfo | null;
  /**
   * Recurring gateways only (Stripe): move the gateway's own subscription to another price; the
   * gateway prorates, and its webhook then updates our subscription row.
   */
  changeSubscription?(input: GatewayPlanChange): Promise<void>;
  /** Recurring gateways only: cancel at the end of the paid period (true) or undo that (false). */
  setCancelAtPeriodEnd?(gatewaySubscriptionId: string, cancel: boolean): Promise<void>;
}

export type GatewayPlanChange = {
  /** The gateway's subscription id (`subscriptions.gateway_id`). */
  gatewaySubscriptionId: string;
  price: {
    id: number;
    currency: Currency;
    amount: number;
    interval: BillingInterval;
    intervalCount: number;
    stripePriceId: string | null;
  };
  productName: string;
};
