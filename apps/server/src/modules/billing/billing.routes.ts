import { billing as ops } from '@zema/contracts/billing/billing.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defineRoute } from '#src/http/define-route';
import { NotFoundError } from '#src/lib/errors';
import { toPage } from '#src/lib/pagination';
import { createGeoIp } from '#src/platform/geoip';
import { checkPayment, decideSandboxCharge, sandboxCharge, startCheckout } from './checkout.service';
import { invoiceDocument, invoicePdf } from './invoice.service';
import { changePlan, quoteChange, startTrial } from './plan-change.service';
import { plansOnSale } from './plans';
import { billingOverview, cancelSubscription, portalUrl, resumeSubscription } from './subscription.service';
import { letSubscriptionTimePass } from './test-clock.service';
import { chapaCallback, WEBHOOK_BODY_LIMIT, webhook } from './webhooks.service';

/**
 * Billing (decision 0038): the plans on sale, checkout, a payment's state, and the sandbox gateway's
 * test-mode checkout. Everything answers 404 while billing is off.
 */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const enabled = async () => {
    if (!(await app.deps.settings.getClientSettings()).billing.enable) throw new NotFoundError();
  };

  const geoip = createGeoIp({
    dbPath: app.deps.config.geoipDbPath,
    onError: (err) => app.log.warn({ err }, 'geoip lookup failed'),
  });
  defineRoute(app, ops.products, async (request) => {
    await enabled();
    const plans = await plansOnSale(app.deps);
    // One page holds every plan: a pricing page shows them all.
    return {
      pagination: toPage(plans, plans.length, 1, Math.max(plans.length, 1)),
      visitor_country: (await geoip.lookup(request.ip)).country,
    };
  });

  defineRoute(app, ops.checkout, async (request) => {
    await enabled();
    return startCheckout(app.deps, request.user!, request.body);
  });

  defineRoute(app, ops.payment, async (request) => {
    await enabled();
    return { payment: await checkPayment(app.deps, request.user!.id, request.params.txRef) };
  });

  defineRoute(app, ops.sandboxCharge, async (request) => {
    await enabled();
    return { charge: await sandboxCharge(app.deps, request.user!.id, request.params.txRef) };
  });

  defineRoute(app, ops.sandboxDecide, async (request) => {
    await enabled();
    const charge = await decideSandboxCharge(
      app.deps,
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

  defineRoute(app, ops.portal, async (request) => {
    await enabled();
    return { url: await portalUrl(app.deps, request.user!.id) };
  });

  // Gateways call these whether or not billing is on for new buyers: renewals still arrive.
  defineRoute(
    app,
    ops.chapaCallback,
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request) => {
      await chapaCallback(app.deps, request.query.trx_ref ?? request.query.tx_ref ?? null);
      return { received: true as const };
    },
  );

  // The webhook's signature is over the raw bytes: this route alone reads its body unparsed.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    defineRoute(raw, ops.webhook, { config: { csrf: false } }, async (request) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const status = await webhook(app.deps, request.params.gateway, {
        rawBody,
        headers: request.headers,
      });
      return { received: true as const, status };
    });
  });

  defineRoute(app, ops.changePlanQuote, async (request) => {
    await enabled();
    const { productId, priceId } = request.params;
    return { quote: (await quoteChange(app.deps, request.user!.id, productId, priceId)).quote };
  });

  defineRoute(app, ops.changePlan, async (request) => {
    await enabled();
    const { productId, priceId } = request.params;
    return changePlan(app.deps, request.user!, productId, priceId, request.body.idempotency_key);
  });

  defineRoute(app, ops.startTrial, async (request) => {
    await enabled();
    return { subscription: await startTrial(app.deps, request.user!.id, request.body.price_id) };
  });
  defineRoute(app, ops.invoice, async (request) => {
    await enabled();
    return invoiceDocument(app.deps, request.user!, request.params.number);
  });

  defineRoute(app, ops.invoicePdf, async (request, reply) => {
    await enabled();
    const { lang, calendar } = request.query;
    const pdf = await invoicePdf(app.deps, request.user!, request.params.number, lang, calendar);
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
