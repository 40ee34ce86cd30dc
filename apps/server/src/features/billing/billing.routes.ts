import { billing as ops } from '@zema/contracts/operations/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { plansOnSale } from '#src/domain/billing/plans';
import { defineRoute } from '#src/http/define-route';
import { HttpError, MESSAGES } from '#src/http/errors';
import { toPage } from '#src/lib/pagination';
import {
  checkPayment,
  createBilling,
  decideSandboxCharge,
  sandboxCharge,
  startCheckout,
} from './checkout.service';
import { invoiceDocument, invoicePdf } from './invoice.service';
import { billingOverview, cancelSubscription, resumeSubscription } from './subscription.service';
import { letSubscriptionTimePass } from './test-clock.service';

/**
 * Billing (issue 14): the plans on sale, checkout, a payment's state, and the sandbox gateway's
 * test-mode checkout. Everything answers 404 while billing is off.
 */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const billing = await createBilling(app.deps);
  const enabled = async () => {
    if (!(await app.settings.getClientSettings()).billing.enable) throw new HttpError(404, MESSAGES.notFound);
  };

  defineRoute(app, ops.products, async () => {
    await enabled();
    const plans = await plansOnSale(app.deps);
    // One page holds every plan: a pricing page shows them all.
    return { pagination: toPage(plans, plans.length, 1, Math.max(plans.length, 1)) };
  });

  defineRoute(app, ops.checkout, async (request) => {
    await enabled();
    return startCheckout(app.deps, billing, request.user!, request.body);
  });

  defineRoute(app, ops.payment, async (request) => {
    await enabled();
    return { payment: await checkPayment(app.deps, billing, request.user!.id, request.params.txRef) };
  });

  defineRoute(app, ops.sandboxCharge, async (request) => {
    await enabled();
    return { charge: await sandboxCharge(app.deps, billing, request.user!.id, request.params.txRef) };
  });

  defineRoute(app, ops.sandboxDecide, async (request) => {
    await enabled();
    const charge = await decideSandboxCharge(
      app.deps,
      billing,
      request.user!.id,
      request.params.txRef,
      request.body.outcome,
    );
    return { charge };
  });

  defineRoute(app, ops.overview, async (request) => {
    await enabled();
    return billingOverview(app.deps, request.user!.id);
  });

  defineRoute(app, ops.cancel, async (request) => {
    await enabled();
    return { subscription: await cancelSubscription(app.deps, request.user!.id) };
  });

  defineRoute(app, ops.resume, async (request) => {
    await enabled();
    return { subscription: await resumeSubscription(app.deps, request.user!.id) };
  });
  defineRoute(app, ops.invoice, async (request) => {
    await enabled();
    return invoiceDocument(app.deps, request.user!, request.params.number);
  });

  defineRoute(app, ops.invoicePdf, async (request, reply) => {
    await enabled();
    const pdf = await invoicePdf(app.deps, request.user!, request.params.number, request.query.lang);
    return reply
      .headers({
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${pdf.filename}"`,
        // An invoice is personal: never kept by a shared cache.
        'cache-control': 'private, no-store',
      })
      .send(pdf.stream);
  });

  // Browser tests only (decision 0040): let a period's end pass for the caller's own plan. Not an
  // API operation, and not registered at all unless the e2e server turned it on.
  if (app.deps.config.e2eClockControl) {
    const bodySchema = z.object({ days: z.number().int().min(1).max(3660) });
    app.post(
      '/e2e/billing-clock',
      { config: { access: 'user' }, schema: { body: bodySchema } },
      async (request) =>
        letSubscriptionTimePass(app.deps, request.user!.id, bodySchema.parse(request.body).days),
    );
  }
};
