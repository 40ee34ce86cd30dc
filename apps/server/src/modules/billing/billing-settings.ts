import { resolveAppKey } from '#src/platform/app-key';
import type { Deps } from '#src/platform/deps';
import { isSealed, openSecret, SecretBoxError, sealSecret } from '#src/platform/secret-box';
import { DEFAULT_INVOICE_PREFIX } from './invoice-number';

/** The VAT included in prices (Ethiopia: 15 %) until the admin sets another rate. */
export const DEFAULT_VAT_RATE_BP = 1_500;
/** Days before a prepaid period ends that its owner is reminded. */
export const DEFAULT_REMINDER_DAYS = 3;
/** Days a prepaid plan keeps working after its period ended unpaid. */
export const DEFAULT_GRACE_DAYS = 3;

/** The server settings that hold gateway keys: sealed when written, opened when read. */
export const BILLING_SECRET_KEYS = [
  'server.billing.chapa.secret_key',
  'server.billing.chapa.webhook_secret',
  'server.billing.stripe.secret_key',
  'server.billing.stripe.webhook_secret',
] as const;
export type BillingSecretKey = (typeof BILLING_SECRET_KEYS)[number];
export const isBillingSecretKey = (key: string): key is BillingSecretKey =>
  (BILLING_SECRET_KEYS as readonly string[]).includes(key);

/** A stored key: its value, or why there is none. */
export type SecretState = { value: string | null; unreadable: boolean };

export type BillingSettings = {
  vatRateBp: number;
  /** `ZEMA` in `ZEMA-2026-000042`. */
  invoicePrefix: string;
  sellerName: string | null;
  invoiceAddress: string | null;
  invoiceNotes: string | null;
  sellerTin: string | null;
  graceDays: number;
  reminderDays: number;
  chapa: { secretKey: SecretState; webhookSecret: SecretState; usd: boolean };
  stripe: { secretKey: SecretState; webhookSecret: SecretState; publishableKey: string | null };
};

type SettingsDeps = Pick<Deps, 'settings' | 'config'>;

const int = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isInteger(v) ? v : fallback);
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** Who sells, as invoices print it: the admin's billing settings (a blank one counts as unset). */
export type SellerSettings = Pick<
  BillingSettings,
  'sellerName' | 'invoiceAddress' | 'sellerTin' | 'invoiceNotes'
>;

const sellerSettingsOf = (server: Record<string, unknown>): SellerSettings => ({
  sellerName: text(server['server.billing.seller_name']),
  invoiceAddress: text(server['server.billing.invoice_address']),
  sellerTin: text(server['server.billing.seller_tin']),
  invoiceNotes: text(server['server.billing.invoice_notes']),
});

/** The seller's details alone: no gateway key is opened to print an invoice. */
export async function sellerSettings(deps: Pick<Deps, 'settings'>): Promise<SellerSettings> {
  return sellerSettingsOf(await deps.settings.getServerSettings());
}

/** Seals a gateway key for storage under the install's key. */
export async function sealSettingSecret(deps: Pick<Deps, 'config'>, plaintext: string): Promise<string> {
  return sealSecret(await resolveAppKey(deps.config), plaintext);
}

/**
 * The billing settings in effect, gateway keys opened. A key sealed under another install key
 * (APP_KEY changed, or DATA_DIR/app-key lost) cannot be read: it counts as unset, and the admin
 * page says so, so the admin enters it again.
 */
export async function billingSettings(deps: SettingsDeps): Promise<BillingSettings> {
  const server = await deps.settings.getServerSettings();
  const appKey = await resolveAppKey(deps.config);
  const secret = (key: BillingSecretKey): SecretState => {
    const stored = server[key];
    if (typeof stored !== 'string' || !stored) return { value: null, unreadable: false };
    if (!isSealed(stored)) return { value: null, unreadable: true };
    try {
      return { value: openSecret(appKey, stored), unreadable: false };
    } catch (err) {
      if (err instanceof SecretBoxError) return { value: null, unreadable: true };
      throw err;
    }
  };
  return {
    vatRateBp: int(server['server.billing.vat_rate_bp'], DEFAULT_VAT_RATE_BP),
    invoicePrefix: text(server['server.billing.invoice_prefix']) ?? DEFAULT_INVOICE_PREFIX,
    ...sellerSettingsOf(server),
    graceDays: int(server['server.billing.grace_days'], DEFAULT_GRACE_DAYS),
    reminderDays: int(server['server.billing.reminder_days'], DEFAULT_REMINDER_DAYS),
    chapa: {
      secretKey: secret('server.billing.chapa.secret_key'),
      webhookSecret: secret('server.billing.chapa.webhook_secret'),
      usd: server['server.billing.chapa.usd'] === true,
    },
    stripe: {
      secretKey: secret('server.billing.stripe.secret_key'),
      webhookSecret: secret('server.billing.stripe.webhook_secret'),
      publishableKey: text(server['server.billing.stripe.publishable_key']),
    },
  };
}

/** Which gateway takes a currency: Chapa for ETB with its key; Stripe for USD, else Chapa with USD on; else the sandbox. */
export function gatewayIdFor(s: BillingSettings, currency: 'ETB' | 'USD'): 'sandbox' | 'chapa' | 'stripe' {
  const chapa = Boolean(s.chapa.secretKey.value);
  if (currency === 'ETB') return chapa ? 'chapa' : 'sandbox';
  if (s.stripe.secretKey.value) return 'stripe';
  return chapa && s.chapa.usd ? 'chapa' : 'sandbox';
}
