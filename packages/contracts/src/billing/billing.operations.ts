import { z } from 'zod';
import { paginationSchema } from '../common';
import { defineOperations } from '../operation';
import {
  billingOverviewSchema,
  changePlanParamsSchema,
  changePlanRequestSchema,
  changePlanResponseSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  invoiceDocumentSchema,
  invoiceLanguageQuerySchema,
  invoiceNumberParamSchema,
  paymentSchema,
  planChangeQuoteSchema,
  productSchema,
  productsQuerySchema,
  sandboxChargeSchema,
  sandboxDecisionSchema,
  startTrialRequestSchema,
  subscriptionViewSchema,
  txRefParamSchema,
} from './billing';

export const billing = defineOperations('Billing', {
  products: {
    method: 'GET',
    path: '/api/v1/billing/products',
    // The pricing page is public (SPEC §2); it answers 404 while billing is off.
    access: 'guest',
    query: productsQuerySchema,
    response: z.object({
      pagination: paginationSchema(productSchema),
      /**
       * The country the request comes from (ISO 3166-1 alpha-2, looked up from its IP), or null:
       * the pricing page preselects US dollars for a visitor outside Ethiopia.
       */
      visitor_country: z.string().nullable(),
    }),
    summary: 'The plans on sale, in display order, with their prices',
  },
  checkout: {
    method: 'POST',
    path: '/api/v1/billing/checkout',
    access: 'user',
    body: checkoutRequestSchema,
    response: checkoutResponseSchema,
    summary: 'Start paying for a price: answers the payment and where to send the browser',
  },
  payment: {
    method: 'GET',
    path: '/api/v1/billing/payments/:txRef',
    access: 'user',
    params: txRefParamSchema,
    response: z.object({ payment: paymentSchema }),
    summary:
      'One of your payments, verified with its gateway first (the return page calls it; nothing is granted on the return alone)',
  },
  sandboxCharge: {
    method: 'GET',
    path: '/api/v1/billing/sandbox/:txRef',
    access: 'user',
    params: txRefParamSchema,
    response: z.object({ charge: sandboxChargeSchema }),
    summary: 'Test mode: the sandbox checkout of one of your payments',
  },
  sandboxDecide: {
    method: 'POST',
    path: '/api/v1/billing/sandbox/:txRef',
    access: 'user',
    params: txRefParamSchema,
    body: sandboxDecisionSchema,
    response: z.object({ charge: sandboxChargeSchema }),
    summary: 'Test mode: the buyer picks what the sandbox payment does (success, failure, pending)',
  },
  overview: {
    method: 'GET',
    path: '/api/v1/billing/me',
    access: 'user',
    response: billingOverviewSchema,
    summary: 'Your plan (status, period, payment method) and your invoices, newest first',
  },
  cancel: {
    method: 'POST',
    path: '/api/v1/billing/subscription/cancel',
    access: 'user',
    response: z.object({ subscription: subscriptionViewSchema }),
    summary: 'Cancel at the end of the paid period (the plan stays until then)',
  },
  webhook: {
    method: 'POST',
    path: '/api/v1/billing/webhooks/:gateway',
    // The gateway calls it: its signature over the raw body is the proof, not a session.
    access: 'guest',
    params: z.object({ gateway: z.enum(['sandbox', 'chapa', 'stripe']) }),
    // `pending`: the gateway still verifies the payment as pending; the event stays open and is
    // applied at its next delivery or by the schedule's retry.
    response: z.object({ received: z.literal(true), status: z.enum(['processed', 'duplicate', 'pending']) }),
    summary:
      "A payment gateway's webhook: 400 and nothing changed without a valid signature; applied once per event",
  },
  chapaCallback: {
    method: 'GET',
    path: '/api/v1/billing/webhooks/chapa',
    access: 'guest',
    query: z.object({
      trx_ref: z.string().min(1).max(200).optional(),
      tx_ref: z.string().min(1).max(200).optional(),
      status: z.string().max(50).optional(),
      ref_id: z.string().max(200).optional(),
    }),
    response: z.object({ received: z.literal(true) }),
    summary:
      "Chapa's callback after a payment: only a hint, so the payment is verified with Chapa before anything",
  },
  portal: {
    method: 'POST',
    path: '/api/v1/billing/portal',
    access: 'user',
    response: z.object({ url: z.string() }),
    summary:
      "Stripe's customer portal for your plan (card, invoices): 409 when your plan is not paid through Stripe",
  },
  resume: {
    method: 'POST',
    path: '/api/v1/billing/subscription/resume',
    access: 'user',
    response: z.object({ subscription: subscriptionViewSchema }),
    summary: 'Undo a cancellation while the plan is still valid',
  },
  changePlanQuote: {
    method: 'GET',
    path: '/api/v1/billing/change-plan/:productId/:priceId',
    access: 'user',
    params: changePlanParamsSchema,
    response: z.object({ quote: planChangeQuoteSchema }),
    summary:
      'What changing to this price would do: pay the difference now, switch at the period end, or let the gateway prorate',
  },
  changePlan: {
    method: 'POST',
    path: '/api/v1/billing/change-plan/:productId/:priceId',
    access: 'user',
    params: changePlanParamsSchema,
    body: changePlanRequestSchema,
    response: changePlanResponseSchema,
    summary:
      'Change plan as quoted: a checkout for the difference, a change at the period end, or the gateway prorating',
  },
  startTrial: {
    method: 'POST',
    path: '/api/v1/billing/trial',
    access: 'user',
    body: startTrialRequestSchema,
    response: z.object({ subscription: subscriptionViewSchema }),
    summary: "Start a plan's free trial without paying (once per plan and user)",
  },
  invoice: {
    method: 'GET',
    path: '/api/v1/billing/invoices/:number',
    // Your own invoices; an admin with billing.manage may read anyone's (404 otherwise).
    access: 'user',
    params: invoiceNumberParamSchema,
    response: invoiceDocumentSchema,
    summary: 'One of your invoices as printed: the seller, the lines, the VAT and how it was paid',
  },
  /** Answers the PDF itself (application/pdf, as an attachment), not JSON. */
  invoicePdf: {
    method: 'GET',
    path: '/api/v1/billing/invoices/:number/pdf',
    access: 'user',
    params: invoiceNumberParamSchema,
    query: invoiceLanguageQuerySchema,
    summary:
      "One of your invoices as a PDF, in the reader's language and calendar or the ones given (`?lang=am&calendar=ethiopic`)",
  },
});
