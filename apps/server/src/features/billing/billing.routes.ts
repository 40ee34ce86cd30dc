import { billing } from '@zema/contracts/operations/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { plansOnSale } from '#src/domain/billing/plans';
import { defineRoute } from '#src/http/define-route';
import { HttpError, MESSAGES } from '#src/http/errors';
import { toPage } from '#src/lib/pagination';

/** Billing's public side (issue 14): the plans on sale. Everything answers 404 while billing is off. */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const enabled = async () => {
    if (!(await app.settings.getClientSettings()).billing.enable) throw new HttpError(404, MESSAGES.notFound);
  };

  defineRoute(app, billing.products, async () => {
    await enabled();
    const plans = await plansOnSale(app.deps);
    // One page holds every plan: a pricing page shows them all.
    return { pagination: toPage(plans, plans.length, 1, Math.max(plans.length, 1)) };
  });
};
