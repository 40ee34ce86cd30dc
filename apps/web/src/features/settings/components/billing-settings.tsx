import { msg } from '@zema/contracts';
import {
  type AdminBillingSettings,
  type AdminSettingsResponse,
  serverSettingsRules,
} from '@zema/contracts/admin';
import { TriangleAlert } from 'lucide-react';
import { z } from 'zod';
import { AdminCard } from '#src/components/admin/admin-page';
import { useTrans } from '#src/lib/i18n';
import { FormCheckbox, FormTextField } from '#src/ui/field';
import { richMessage } from '../lib/rich-message';
import { FormNumberField, ReadOnlyValue, SecretField } from './fields';
import { SettingsForm } from './settings-form';

const rule = (key: string) => serverSettingsRules[`server.billing.${key}`]!;
/** '' = keep what is stored (write-only), null = remove, text = replace. */
const secret = (key: string) => z.union([z.literal(''), rule(key)]);
const optional = (key: string) => z.union([z.literal(''), rule(key)]);

const schema = z.object({
  billing: z.object({ enable: z.boolean() }),
  server: z.object({
    billing: z.object({
      vat_rate_bp: rule('vat_rate_bp'),
      invoice_prefix: optional('invoice_prefix'),
      seller_name: optional('seller_name'),
      invoice_address: optional('invoice_address'),
      invoice_notes: optional('invoice_notes'),
      seller_tin: optional('seller_tin'),
      grace_days: rule('grace_days'),
      reminder_days: rule('reminder_days'),
      chapa: z.object({
        secret_key: secret('chapa.secret_key'),
        webhook_secret: secret('chapa.webhook_secret'),
        usd: z.boolean(),
      }),
      stripe: z.object({
        secret_key: secret('stripe.secret_key'),
        webhook_secret: secret('stripe.webhook_secret'),
        publishable_key: optional('stripe.publishable_key'),
      }),
    }),
  }),
});

type Values = {
  billing: { enable: boolean };
  server: {
    billing: {
      vat_rate_bp: number;
      invoice_prefix: string;
      seller_name: string;
      invoice_address: string;
      invoice_notes: string;
      seller_tin: string;
      grace_days: number;
      reminder_days: number;
      chapa: { secret_key: string | null; webhook_secret: string | null; usd: boolean };
      stripe: { secret_key: string | null; webhook_secret: string | null; publishable_key: string };
    };
  };
};

const KEYS = [
  'billing.enable',
  ...[
    'vat_rate_bp',
    'invoice_prefix',
    'seller_name',
    'invoice_address',
    'invoice_notes',
    'seller_tin',
    'grace_days',
    'reminder_days',
    'chapa.secret_key',
    'chapa.webhook_secret',
    'chapa.usd',
    'stripe.secret_key',
    'stripe.webhook_secret',
    'stripe.publishable_key',
  ].map((k) => `server.billing.${k}`),
];

const toValues = ({ settings, server }: AdminSettingsResponse): Values => {
  const b = server.billing;
  return {
    billing: { enable: settings.billing.enable },
    server: {
      billing: {
        vat_rate_bp: b.vat_rate_bp,
        invoice_prefix: b.invoice_prefix,
        seller_name: b.seller_name ?? '',
        invoice_address: b.invoice_address ?? '',
        invoice_notes: b.invoice_notes ?? '',
        seller_tin: b.seller_tin ?? '',
        grace_days: b.grace_days,
        reminder_days: b.reminder_days,
        chapa: { secret_key: '', webhook_secret: '', usd: b.chapa.usd },
        stripe: { secret_key: '', webhook_secret: '', publishable_key: b.stripe.publishable_key ?? '' },
      },
    },
  };
};

/** Emptied text fields are removed rather than stored empty. */
const prepare = (v: Values): Values => {
  const b = v.server.billing;
  const orNull = (s: string) => (s.trim() || null) as string;
  return {
    ...v,
    server: {
      billing: {
        ...b,
        invoice_prefix: orNull(b.invoice_prefix),
        seller_name: orNull(b.seller_name),
        invoice_address: orNull(b.invoice_address),
        invoice_notes: orNull(b.invoice_notes),
        seller_tin: orNull(b.seller_tin),
        stripe: { ...b.stripe, publishable_key: orNull(b.stripe.publishable_key) },
      },
    },
  };
};

// Chapa and Stripe are brands: only the sandbox is named in the reader's language.
const GATEWAY_NAMES = { sandbox: msg('Sandbox (test mode)'), chapa: 'Chapa', stripe: 'Stripe' } as const;
const UNREADABLE = msg(
  'Saved under another install key (APP_KEY changed), so it cannot be read: it counts as not set. Enter it again.',
);

/**
 * While the seller's legal name, address or TIN is not saved, every invoice goes out without it:
 * the operator is told which, in one sentence, until they are filled in (decision 0048).
 */
export function MissingSellerDetails({ billing }: { billing: AdminBillingSettings }) {
  const { trans, language } = useTrans();
  const missing = [
    !billing.seller_name && trans('legal name'),
    !billing.invoice_address && trans('address'),
    !billing.seller_tin && trans('TIN'),
  ].filter((label): label is string => Boolean(label));
  if (!missing.length) return null;
  return (
    <p
      role="alert"
      className="flex gap-2 rounded-theme border border-warning/60 bg-warning/10 px-3 py-2 text-sm"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
      {trans(
        "Invoices are issued without the seller's {details}: fill in Invoices and tax below, as tax invoices must show who sells.",
        { details: new Intl.ListFormat(language, { type: 'conjunction' }).format(missing) },
      )}
    </p>
  );
}

/**
 * Billing settings (decision 0042): on or off, VAT and the invoice's seller details, the prepaid
 * plans' clock, and the gateways' keys (write-only, stored encrypted) with the webhook URLs to
 * paste into Chapa and Stripe.
 */
export function BillingSettings({ view }: { view: AdminSettingsResponse }) {
  const { trans } = useTrans();
  const b = view.server.billing;
  const gateway = (name: keyof typeof GATEWAY_NAMES) => (
    <span className="font-medium text-fg">{trans(GATEWAY_NAMES[name])}</span>
  );
  const unreadable = [
    b.chapa.secret_key,
    b.chapa.webhook_secret,
    b.stripe.secret_key,
    b.stripe.webhook_secret,
  ].some((s) => s.unreadable);
  return (
    <SettingsForm
      view={view}
      toValues={toValues}
      schema={schema as unknown as z.ZodType<Values>}
      keys={KEYS}
      prepare={prepare}
    >
      {() => (
        <>
          <AdminCard title={trans('Paid plans')}>
            <div className="flex flex-col gap-4">
              <FormCheckbox<Values>
                name="billing.enable"
                description={trans(
                  "Shows pricing, checkout and the billing page. Off: everyone has the free plan's permissions.",
                )}
              >
                {trans('Enable billing')}
              </FormCheckbox>
              <p className="text-sm text-muted" data-testid="billing-gateways">
                {richMessage(trans, msg('ETB payments go to {etb}; USD payments go to {usd}.'), {
                  etb: gateway(b.gateways.ETB),
                  usd: gateway(b.gateways.USD),
                })}
              </p>
            </div>
          </AdminCard>
          {view.settings.billing.enable && <MissingSellerDetails billing={b} />}
          <AdminCard title={trans('Invoices and tax')}>
            <div className="grid gap-4 md:grid-cols-2">
              <FormTextField<Values>
                name="server.billing.seller_name"
                label={trans("Seller's legal name")}
                description={trans("Printed on invoices as who sells; the site's name until it is set.")}
                autoComplete="organization"
              />
              <FormTextField<Values>
                name="server.billing.seller_tin"
                label={trans('Seller TIN')}
                description={trans('Your tax number, printed on invoices.')}
                autoComplete="off"
              />
              <FormTextField<Values>
                name="server.billing.invoice_address"
                label={trans('Invoice address')}
                description={trans("The seller's postal address, printed under its name.")}
                multiline
                rows={3}
              />
              <FormTextField<Values>
                name="server.billing.invoice_notes"
                label={trans('Invoice notes')}
                description={trans('Printed at the foot of every invoice.')}
                multiline
                rows={3}
              />
              <FormNumberField<Values>
                name="server.billing.vat_rate_bp"
                label={trans('VAT rate (basis points)')}
                description={trans('Included in prices. 1500 = 15 % (Ethiopia); 0 = no VAT line.')}
                min={0}
                max={10_000}
              />
              <FormTextField<Values>
                name="server.billing.invoice_prefix"
                label={trans('Invoice number prefix')}
                description={trans(
                  'Numbers read {example}: the prefix, the year of issue, then the sequence, which never restarts. Issued invoices keep their numbers.',
                  { example: `${b.invoice_prefix}-${new Date().getFullYear()}-000042` },
                )}
                autoComplete="off"
              />
            </div>
          </AdminCard>
          <AdminCard title={trans('Prepaid plans (ETB)')}>
            <p className="mb-4 text-sm text-muted">
              {trans(
                'Chapa does not renew by itself: Zema reminds the buyer, then keeps the plan for the grace days after an unpaid period ends.',
              )}
            </p>
            <div className="grid gap-4 md:grid-cols-2">
              <FormNumberField<Values>
                name="server.billing.reminder_days"
                label={trans('Reminder days')}
                description={trans('Days before the period ends that the reminder goes out.')}
                min={0}
                max={60}
              />
              <FormNumberField<Values>
                name="server.billing.grace_days"
                label={trans('Grace days')}
                description={trans('Days the plan keeps working after an unpaid period ended.')}
                min={0}
                max={60}
              />
            </div>
          </AdminCard>
          {unreadable && (
            <p role="alert" className="rounded-theme border border-danger p-4 text-sm text-danger">
              {trans(UNREADABLE)}
            </p>
          )}
          <AdminCard
            // A brand: not translated.
            /* i18n-ignore */
            title="Chapa"
          >
            <p className="mb-4 text-sm text-muted">
              {trans(
                "Takes ETB (Telebirr, CBE Birr, M-Pesa, cards) on Chapa's hosted checkout. Test keys start with CHASECK_TEST-.",
              )}
            </p>
            <div className="grid gap-4 md:grid-cols-2">
              <SecretField<Values>
                name="server.billing.chapa.secret_key"
                label={trans('Secret key')}
                isSet={b.chapa.secret_key.set}
              />
              <SecretField<Values>
                name="server.billing.chapa.webhook_secret"
                label={trans('Webhook secret')}
                isSet={b.chapa.webhook_secret.set}
              />
              <ReadOnlyValue
                label={trans('Chapa webhook URL')}
                value={b.chapa.webhook_url}
                description={trans(
                  "Paste it into Chapa's dashboard (Settings, Webhooks) with the same secret.",
                )}
                copy
              />
              <div className="md:pt-7">
                <FormCheckbox<Values>
                  name="server.billing.chapa.usd"
                  description={trans('When Stripe has no key, USD prices are paid through Chapa too.')}
                >
                  {trans('Take USD through Chapa')}
                </FormCheckbox>
              </div>
            </div>
          </AdminCard>
          <AdminCard
            // A brand: not translated.
            /* i18n-ignore */
            title="Stripe"
          >
            <p className="mb-4 text-sm text-muted">
              {trans('Takes USD and renews plans by itself. Test keys start with sk_test_ and pk_test_.')}
            </p>
            <div className="grid gap-4 md:grid-cols-2">
              <SecretField<Values>
                name="server.billing.stripe.secret_key"
                label={trans('Secret key')}
                isSet={b.stripe.secret_key.set}
              />
              <SecretField<Values>
                name="server.billing.stripe.webhook_secret"
                label={trans('Webhook signing secret')}
                isSet={b.stripe.webhook_secret.set}
              />
              <FormTextField<Values>
                name="server.billing.stripe.publishable_key"
                label={trans('Publishable key')}
                autoComplete="off"
              />
              <ReadOnlyValue
                label={trans('Stripe webhook URL')}
                value={b.stripe.webhook_url}
                description={trans("Add it as an endpoint in Stripe's dashboard (Developers, Webhooks).")}
                copy
              />
            </div>
          </AdminCard>
        </>
      )}
    </SettingsForm>
  );
}
