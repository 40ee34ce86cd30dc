import type { BillingInterval } from '@zema/contracts';

const DAY_MS = 86_400_000;

/**
 * The end of a billing period starting at `from` (UTC calendar arithmetic): a month from 31
 * January ends on the last day of February, as card statements and Stripe do, and a year from
 * 29 February ends on 28 February.
 */
export function addPeriod(from: Date, interval: BillingInterval, count = 1): Date {
  if (interval === 'day') return new Date(from.getTime() + count * DAY_MS);
  if (interval === 'week') return new Date(from.getTime() + count * 7 * DAY_MS);
  const months = interval === 'month' ? count : count * 12;
  const y = from.getUTCFullYear();
  const m = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(from.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(
      y,
      m,
      day,
      from.getUTCHours(),
      from.getUTCMinutes(),
      from.getUTCSeconds(),
      from.getUTCMilliseconds(),
    ),
  );
}

/**
 * What is left of a prepaid period, in minor units of what was paid for it: the unused share of
 * the period's length, rounded down (the buyer is never credited more than they paid).
 */
export function unusedCredit(paid: number, start: Date, end: Date, now: Date): number {
  const total = end.getTime() - start.getTime();
  if (total <= 0 || paid <= 0) return 0;
  const left = Math.min(Math.max(end.getTime() - now.getTime(), 0), total);
  return Math.floor((paid * left) / total);
}

/**
 * Tax included in a price (prices are shown and paid tax-inclusive): the net and the tax of a
 * `total` at `rateBp` basis points (1500 = 15 %), rounded so that net + tax = total exactly.
 */
export function taxIncluded(total: number, rateBp: number): { net: number; tax: number } {
  if (rateBp <= 0) return { net: total, tax: 0 };
  const net = Math.round((total * 10_000) / (10_000 + rateBp));
  return { net, tax: total - net };
}
