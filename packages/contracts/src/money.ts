import { type BillingInterval, CURRENCY_MINOR_UNITS, type Currency, type Price } from './billing/billing';

/**
 * Money as plans, checkouts and invoices show it (decision 0038): amounts are integers in minor units;
 * they are divided only to be formatted, by `Intl` for the reader's language ('ETB 199.00' in
 * English, '$4.99'), never added up as floats.
 */
export function formatMoney(amount: number, currency: Currency, locale = 'en'): string {
  const minor = CURRENCY_MINOR_UNITS[currency];
  const digits = Math.round(Math.log10(minor));
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(amount / minor);
  } catch {
    // An unknown locale tag: English formatting rather than an error on a price.
    return new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount / minor);
  }
}

const DAYS_PER: Record<BillingInterval, number> = { day: 1, week: 7, month: 365.25 / 12, year: 365.25 };

/** Approximate days one period of a price lasts (for comparisons and proration, not for dates). */
export const periodDays = (price: Pick<Price, 'interval' | 'interval_count'>) =>
  DAYS_PER[price.interval] * price.interval_count;

// Sixteenths of a day per interval (a month is 365.25 / 12 = 30.4375 days, a year 365.25): whole
// numbers, so per-day prices compare exactly by cross-multiplying, with no float division.
const SIXTEENTH_DAYS: Record<BillingInterval, number> = { day: 16, week: 112, month: 487, year: 5_844 };

/**
 * Compares what two prices in the same currency cost per day (decision 0041): negative when `a`
 * is cheaper, 0 when equal, positive when dearer. A month counts 30.4375 days and a year 365.25,
 * so comparing per day is comparing per month: Premium yearly (1 990.00, 165.83 a month) is
 * cheaper than Premium monthly (199.00). The server decides upgrades with it, the pricing page
 * labels its buttons with it, so the two never disagree.
 */
export function comparePricePerDay(
  a: Pick<Price, 'amount' | 'interval' | 'interval_count'>,
  b: Pick<Price, 'amount' | 'interval' | 'interval_count'>,
): number {
  const left = a.amount * SIXTEENTH_DAYS[b.interval] * b.interval_count;
  const right = b.amount * SIXTEENTH_DAYS[a.interval] * a.interval_count;
  return Math.sign(left - right);
}

/**
 * What paying yearly saves against twelve monthly payments in the same currency, as a whole
 * percentage (the pricing page's "Save 17%"); null when there is nothing to compare or no saving.
 */
export function yearlySavingPercent(
  monthly: Pick<Price, 'amount' | 'currency' | 'interval' | 'interval_count'> | undefined,
  yearly: Pick<Price, 'amount' | 'currency' | 'interval' | 'interval_count'> | undefined,
): number | null {
  if (!monthly || !yearly || monthly.currency !== yearly.currency) return null;
  if (monthly.interval !== 'month' || yearly.interval !== 'year') return null;
  const twelveMonths = (monthly.amount * 12 * yearly.interval_count) / monthly.interval_count;
  if (twelveMonths <= 0 || yearly.amount >= twelveMonths) return null;
  return Math.floor(((twelveMonths - yearly.amount) / twelveMonths) * 100);
}
