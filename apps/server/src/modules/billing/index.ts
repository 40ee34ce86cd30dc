/**
 * Billing: plans and prices, checkout through the gateways (sandbox, Chapa, Stripe) as
 * `deps.billing`, settlement, subscriptions and their clock, invoices, refunds, webhooks — the
 * buyer's routes and the admin's. It emits `payment.settled`, `payment.refunded`,
 * `subscription.ended` and `plan.granted`.
 *
 * This file is the module's one public face (decision 0051): other modules and the composition
 * (app.ts, deps.ts, server-modules.ts) import only what it exports.
 */
import type { ServerModule } from '#src/platform/deps';
import { billingRoutes } from './billing.routes';
import { billingAdminRoutes } from './billing-admin.routes';
import { runBillingLifecycle } from './lifecycle';
import { type Billing, createBilling } from './registry';
import { seedExamplePlans } from './seed';
import { retryPendingWebhookEvents } from './webhooks';

export { billingSettings, gatewayIdFor, isBillingSecretKey, sealSettingSecret } from './billing-settings';
export { loadEntitlements } from './entitlements';

declare module '#src/platform/deps' {
  interface Deps {
    /** The gateway registry (decision 0038), built once. */
    billing: Billing;
  }
}

const MINUTE = 60_000;

export const billingModule: ServerModule = {
  name: 'billing',
  async register(deps) {
    deps.billing = await createBilling(deps);
  },
  // The example plans of a fresh install (decision 0039).
  seed: (tx) => seedExamplePlans(tx).then(() => ({})),
  apiRoutes: [billingRoutes, billingAdminRoutes],
  tasks: (deps) => [
    // Paid plans' clock: renewal reminders, grace after an unpaid period, expiry (decision 0038).
    { name: 'billing-lifecycle', everyMs: 5 * MINUTE, run: () => runBillingLifecycle(deps, new Date()) },
    // A gateway's event that verified as "pending" is verified again with backoff until the
    // gateway answers success or failure.
    {
      name: 'retry-pending-webhooks',
      everyMs: MINUTE,
      run: () => retryPendingWebhookEvents(deps, deps.billing.gateway, deps.billing.policy, new Date()),
    },
  ],
};
