import type { Currency } from '@zema/contracts';
import { resolveAppKey } from '#src/platform/app-key';
import { billingSettings, gatewayIdFor } from './billing-settings';
import { createChapaGateway } from './chapa';
import type { PaymentGateway } from './gateway';
import { createSandboxGateway } from './sandbox';
import type { BillingPolicy, SettleDeps } from './settle';
import { createStripeGateway } from './stripe';

export type Billing = {
  sandbox: ReturnType<typeof createSandboxGateway>;
  /** The gateway that takes payments in `currency` now, by the keys the admin configured. */
  gatewayFor(currency: Currency): Promise<PaymentGateway>;
  /** A gateway by id, when configured (the sandbox always is). */
  gateway(id: string): Promise<PaymentGateway | null>;
  /** Stripe, when its key is set. */
  stripe(): Promise<StripeGateway | null>;
  /** The VAT rate and such, as the admin set them. */
  policy(): Promise<BillingPolicy>;
};

type StripeGateway = ReturnType<typeof createStripeGateway>;

/**
 * The gateway registry (decision 0038): the sandbox always; Chapa and Stripe from the keys in
 * the billing settings, read at each call, so a key the admin saves takes effect at once.
 */
export async function createBilling(deps: SettleDeps): Promise<Billing> {
  const secret = `sandbox-webhook:${await resolveAppKey(deps.config)}`;
  const sandbox = createSandboxGateway({ db: deps.db, secret, appUrl: deps.config.appUrl });
  const policy = async (): Promise<BillingPolicy> => {
    const [s, site] = await Promise.all([billingSettings(deps), deps.settings.getClientSettings()]);
    return {
      vatRateBp: s.vatRateBp,
      invoice: {
        prefix: s.invoicePrefix,
        timeZone: site.dates.default_timezone,
        // Copied onto each invoice: it reads as issued, whatever the settings say later.
        seller: { name: s.sellerName ?? site.site_name, address: s.invoiceAddress, tin: s.sellerTin },
      },
    };
  };

  async function build(id: 'sandbox' | 'chapa' | 'stripe'): Promise<PaymentGateway | null> {
    if (id === 'sandbox') return sandbox;
    const s = await billingSettings(deps);
    if (id === 'chapa' && s.chapa.secretKey.value)
      return createChapaGateway({
        deps,
        apiUrl: deps.config.gatewayApis.chapa,
        secretKey: s.chapa.secretKey.value,
        webhookSecret: s.chapa.webhookSecret.value,
        usd: s.chapa.usd,
      });
    if (id === 'stripe' && s.stripe.secretKey.value)
      return createStripeGateway({
        deps,
        policy,
        graceDays: s.graceDays,
        apiUrl: deps.config.gatewayApis.stripe,
        secretKey: s.stripe.secretKey.value,
        webhookSecret: s.stripe.webhookSecret.value,
      });
    return null;
  }

  return {
    sandbox,
    async gatewayFor(currency) {
      return (await build(gatewayIdFor(await billingSettings(deps), currency))) ?? sandbox;
    },
    gateway: (id) =>
      id === 'sandbox' || id === 'chapa' || id === 'stripe' ? build(id) : Promise.resolve(null),
    stripe: async () => (await build('stripe')) as StripeGateway | null,
    policy,
  };
}
