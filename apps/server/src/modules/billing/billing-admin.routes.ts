import { billingAdmin as ops } from '@zema/contracts/billing/billing-admin.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '#src/http/caller';
import { defineRoute } from '#src/http/define-route';
import {
  getPayment,
  getWebhookEvent,
  listPayments,
  listWebhookEvents,
  replayEvent,
  revenue,
} from './ledger.service';
import {
  addPrice,
  archivePrice,
  createPlan,
  deletePlan,
  getPlan,
  listPlans,
  PLAN_MESSAGES,
  type PriceChange,
  updatePlan,
  updatePrice,
} from './plans.service';
import { refundPayment } from './refunds.service';
import {
  cancelSubscriptionByAdmin,
  extendSubscription,
  getSubscription,
  grantSubscription,
  listSubscriptions,
} from './subscriptions.service';

/**
 * The admin's billing area (decision 0043), every route behind `billing.manage`. It works while
 * billing is off too, so plans can be prepared before selling starts.
 */
export const billingAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const priceAnswer = async (productId: number, change: PriceChange) => ({
    plan: await getPlan(db, productId),
    replaced: change.replaced,
    price_id: change.priceId,
  });

  defineRoute(app, ops.plans, async () => ({ plans: await listPlans(db) }));
  defineRoute(app, ops.plan, async (request) => ({ plan: await getPlan(db, request.params.id) }));
  defineRoute(app, ops.createPlan, async (request) => ({
    plan: await getPlan(db, await createPlan(app.deps, actorOf(request), request.body)),
  }));
  defineRoute(app, ops.updatePlan, async (request) => {
    await updatePlan(app.deps, actorOf(request), request.params.id, request.body);
    return { plan: await getPlan(db, request.params.id) };
  });
  defineRoute(app, ops.deletePlan, async (request) => {
    await deletePlan(app.deps, actorOf(request), request.params.id);
    return { message: PLAN_MESSAGES.deleted };
  });
  defineRoute(app, ops.addPrice, async (request) =>
    priceAnswer(
      request.params.id,
      await addPrice(app.deps, actorOf(request), request.params.id, request.body),
    ),
  );
  defineRoute(app, ops.updatePrice, async (request) => {
    const { id, priceId } = request.params;
    return priceAnswer(id, await updatePrice(app.deps, actorOf(request), id, priceId, request.body));
  });
  defineRoute(app, ops.archivePrice, async (request) => {
    const { id, priceId } = request.params;
    return priceAnswer(id, await archivePrice(app.deps, actorOf(request), id, priceId));
  });

  defineRoute(app, ops.subscriptions, async (request) => listSubscriptions(db, request.query));
  defineRoute(app, ops.grant, async (request) => ({
    subscription: await getSubscription(
      db,
      await grantSubscription(app.deps, actorOf(request), request.body),
    ),
  }));
  defineRoute(app, ops.extend, async (request) => {
    await extendSubscription(app.deps, actorOf(request), request.params.id, request.body.days);
    return { subscription: await getSubscription(db, request.params.id) };
  });
  defineRoute(app, ops.cancel, async (request) => {
    await cancelSubscriptionByAdmin(
      app.deps,
      actorOf(request),
      request.params.id,
      request.body.at_period_end,
    );
    return { subscription: await getSubscription(db, request.params.id) };
  });

  defineRoute(app, ops.payments, async (request) => listPayments(db, request.query));
  defineRoute(app, ops.refundPayment, async (request) => {
    await refundPayment(app.deps, actorOf(request), request.params.id, request.body);
    return { payment: await getPayment(db, request.params.id) };
  });
  defineRoute(app, ops.webhooks, async (request) => listWebhookEvents(db, request.query));
  defineRoute(app, ops.webhook, async (request) => ({ event: await getWebhookEvent(db, request.params.id) }));
  defineRoute(app, ops.replayWebhook, async (request) =>
    replayEvent(app.deps, actorOf(request), request.params.id),
  );
  defineRoute(app, ops.revenue, async (request) => revenue(db, Number(request.query.days)));
};
