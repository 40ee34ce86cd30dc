import { type BillingInterval, type Currency, msg, type Price } from '@zema/contracts';
import { formatDate, formatMoney, formatShortDateTime } from '#src/lib/format';
import type { TransFn } from '#src/lib/i18n';
import { cx } from '#src/ui/cx';

const TONES = {
  danger: 'bg-danger',
  warning: 'bg-warning',
  positive: 'bg-positive',
  muted: 'bg-muted',
} as const;
export type Tone = keyof typeof TONES;

/** Status, gateway and purpose codes in words (catalogue sources); the code stays on hover. */
export const CODE_LABELS: Record<string, string> = {
  // Payments
  pending: msg('Pending'),
  succeeded: msg('Paid'),
  failed: msg('Failed'),
  refunded: msg('Refunded'),
  // Subscriptions
  incomplete: msg('Incomplete'),
  trialing: msg('Trial'),
  active: msg('Active'),
  past_due: msg('Past due'),
  cancelled: msg('Cancelled'),
  expired: msg('Expired'),
  // Gateways
  sandbox: msg('Sandbox (test mode)'),
  // Brand names, the same in every language.
  chapa: 'Chapa',
  stripe: 'Stripe',
  manual: msg('Granted by an admin'),
  // Purposes
  new: msg('New plan'),
  renewal: msg('Renewal'),
  change: msg('Plan change'),
};

/** A code in words, translated; an unknown code as it is. */
export const codeText = (trans: TransFn, code: string) => trans(CODE_LABELS[code] ?? code);

/** A status in a table cell: the word carries the meaning, the dot only helps scanning. */
export function Status({ tone, children, code }: { tone: Tone; children: string; code?: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-sm text-fg" title={code}>
      <span aria-hidden className={cx('size-2 rounded-full', TONES[tone])} />
      {children}
    </span>
  );
}

export const STATUS_TONES: Record<string, Tone> = {
  active: 'positive',
  trialing: 'positive',
  succeeded: 'positive',
  past_due: 'warning',
  pending: 'warning',
  cancelled: 'warning',
  incomplete: 'muted',
  expired: 'muted',
  refunded: 'muted',
  failed: 'danger',
};

/** "per month", "every 3 months". */
export function intervalText(trans: TransFn, interval: BillingInterval, count: number): string {
  return trans(
    '{interval, select, day {{count, plural, one {per day} other {every # days}}} week {{count, plural, one {per week} other {every # weeks}}} month {{count, plural, one {per month} other {every # months}}} other {{count, plural, one {per year} other {every # years}}}}',
    { interval, count },
  );
}

/** "ETB 199.00 per month": the amount and how often, in the order the reader's language puts them. */
export function priceText(
  trans: TransFn,
  price: Pick<Price, 'amount' | 'currency' | 'interval' | 'interval_count'>,
  language: string,
) {
  return trans('{amount} {period}', {
    amount: formatMoney(price.amount, price.currency as Currency, language),
    period: intervalText(trans, price.interval, price.interval_count),
  });
}

/** A date in a billing table, "—" for none. */
export const dateText = (iso: string | null, language: string) => formatDate(iso, language) || '—';
/** One short form on one line, as ui/date-time shows it: "Nov 28, 2026, 02:05 PM"; "—" for none. */
export const dateTimeText = (iso: string | null, language: string) =>
  formatShortDateTime(iso, language) || '—';
