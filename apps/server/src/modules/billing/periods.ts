import { type BillingInterval, comparePricePerDay } from '@zema/contracts';

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

type PriceTerms = { amount: number; interval: BillingInterval; intervalCount: number };

/**
 * Compares what two prices in the same currency cost per day: negative when `a` is cheaper per
 * day, 0 when equal, positive when dearer. A month counts 30.4375 days and a year 365.25, so
 * Premium yearly (1 990.00) is cheaper per day than Premium monthly (199.00). The contracts' own
 * comparison, so the pricing page's Upgrade and Downgrade say what the server will do.
 */
export function comparePerDay(a: PriceTerms, b: PriceTerms): number {
  return comparePricePerDay(
    { amount: a.amount, interval: a.interval, interval_count: a.intervalCount },
    { amount: b.amount, interval: b.interval, interval_count: b.intervalCount },
  );
}

/**
 * The unused part of a prepaid period as credit, in minor units of what it was paid in: the
 * price times the share of one period still ahead, rounded down. A period renewed early spans
 * more than one period and is credited for all of it; a period that is over (grace days) or was
 * never paid for (a trial) has none. `unusedDays` counts the whole days left, for the quote.
 */
export function prepaidCredit(
  price: PriceTerms,
  periodStart: Date,
  periodEnd: Date,
  now: Date,
): { credit: number; unusedDays: number } {
  const from = Math.max(now.getTime(), periodStart.getTime());
  const left = periodEnd.getTime() - from;
  if (price.amount <= 0 || left <= 0) return { credit: 0, unusedDays: 0 };
  // Period by period (a renewed period spans several, of unequal lengths), summed in units of
  // amount × milliseconds / length, rounded down once at the end.
  let credit = 0;
  let a = periodStart;
  for (let i = 0; i < 1_000 && a.getTime() < periodEnd.getTime(); i++) {
    const b = addPeriod(a, price.interval, price.intervalCount);
    const end = Math.min(b.getTime(), periodEnd.getTime());
    const unused = end - Math.max(from, a.getTime());
    if (unused > 0) credit += (price.amount * unused) / (b.getTime() - a.getTime());
    a = b;
  }
  return {
    credit: Math.floor(credit),
    unusedDays: Math.floor(left / DAY_MS),
  };
}

/** What a change of plan costs now: the new price less the credit, never below zero. */
export const amountDue = (newAmount: number, credit: number) => Math.max(newAmount - Math.max(credit, 0), 0);

/** The end of a free trial of `days` days starting at `from`. */
export const trialEnd = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);

export type ChangeDecision =
  | { kind: 'upgrade_now'; credit: number; unusedDays: number; due: number }
  | { kind: 'downgrade_at_period_end'; reason: 'cheaper' | 'free' | 'credit_covers_price' };

/**
 * How a prepaid plan changes (decision 0041). An **upgrade** is a price dearer per day than the
 * current one (`comparePerDay`, same currency): it starts now, the unused days of the current
 * period are credited, and the buyer pays the rest. Anything else — cheaper per day, the same per
 * day, or a free plan — is a **downgrade** and waits for the end of the paid period. An upgrade
 * whose credit would cover the whole new price (yearly → monthly early in the year) also waits:
 * switching now would throw away the part of the credit above the price. A period already over
 * (grace days) or never paid (a trial) has nothing to wait for and no credit: any paid change
 * starts now at full price. Credit exists only in the currency it was paid in (`sameCurrency`).
 */
export function decideChange(input: {
  current: PriceTerms;
  /** The current plan's price in the new price's currency (itself when the currency is the same). */
  comparable: PriceTerms | null;
  next: PriceTerms & { free: boolean };
  sameCurrency: boolean;
  periodStart: Date | null;
  periodEnd: Date | null;
  /** The current period was paid for and is not over: a trial or a period in grace is not. */
  paidPeriodRunning: boolean;
  now: Date;
}): ChangeDecision {
  const { next } = input;
  if (next.free || next.amount <= 0) return { kind: 'downgrade_at_period_end', reason: 'free' };
  if (!input.paidPeriodRunning || !input.periodStart || !input.periodEnd)
    return { kind: 'upgrade_now', credit: 0, unusedDays: 0, due: next.amount };
  const dearer = !input.comparable || comparePerDay(next, input.comparable) > 0;
  if (!dearer) return { kind: 'downgrade_at_period_end', reason: 'cheaper' };
  const unused = prepaidCredit(input.current, input.periodStart, input.periodEnd, input.now);
  const credit = input.sameCurrency ? unused.credit : 0;
  const unusedDays = unused.unusedDays;
  if (credit >= next.amount) return { kind: 'downgrade_at_period_end', reason: 'credit_covers_price' };
  return { kind: 'upgrade_now', credit, unusedDays, due: amountDue(next.amount, credit) };
}
