import { msg } from '@zema/contracts';
import { formatNumber } from '#src/lib/format';
import { type TransFn, transNow } from '#src/lib/i18n';

/**
 * How the insights page words its numbers (kept apart so it is tested without a page), in the
 * reader's language: `trans` and `language` are the page's (`useTrans()`, `useFormat().language`).
 */

const countryNames = new Map<string, Intl.DisplayNames | null>();

function countryNamesIn(language: string): Intl.DisplayNames | null {
  if (!countryNames.has(language)) {
    let names: Intl.DisplayNames | null;
    try {
      names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
    } catch {
      names = null;
    }
    countryNames.set(language, names);
  }
  return countryNames.get(language) ?? null;
}

/** 'ET' → 'Ethiopia'; null (no GeoIP match) → 'Unknown'. */
export function countryLabel(code: string | null, trans: TransFn = transNow, language = 'en'): string {
  if (!code) return trans('Unknown');
  try {
    return countryNamesIn(language)?.of(code) ?? code;
  } catch {
    return code;
  }
}

const DEVICES: Record<string, string> = {
  mobile: msg('Phone'),
  tablet: msg('Tablet'),
  computer: msg('Computer'),
};

/** The device kinds the server records, as a listener would say them. */
export function deviceLabel(kind: string | null, trans: TransFn = transNow): string {
  if (!kind) return trans('Unknown');
  const known = DEVICES[kind];
  return known ? trans(known) : kind.charAt(0).toUpperCase() + kind.slice(1);
}

/**
 * A figure against the period before: '+50% on the period before (4)', 'Same as the period
 * before', or the earlier number alone when it was 0 (no percentage of nothing).
 */
export function changeText(
  value: number,
  previous: number,
  trans: TransFn = transNow,
  language = 'en',
): string {
  if (previous === 0)
    return value === 0 ? trans('None the period before either') : trans('None the period before');
  const change = ((value - previous) / previous) * 100;
  const before = formatNumber(previous, language);
  if (Math.abs(change) < 0.5) return trans('Same as the period before ({previous})', { previous: before });
  const sign = change > 0 ? '+' : '−';
  return trans('{change} on the period before ({previous})', {
    change: `${sign}${formatNumber(Math.round(Math.abs(change)), language)}%`,
    previous: before,
  });
}

/** The trend of a figure for its arrow: up, down or flat (under half a percent, or nothing before). */
export function trend(value: number, previous: number): 'up' | 'down' | 'flat' {
  if (previous === 0) return value > 0 ? 'up' : 'flat';
  const change = ((value - previous) / previous) * 100;
  return Math.abs(change) < 0.5 ? 'flat' : change > 0 ? 'up' : 'down';
}

const MONTHS = [
  msg('Jan'),
  msg('Feb'),
  msg('Mar'),
  msg('Apr'),
  msg('May'),
  msg('Jun'),
  msg('Jul'),
  msg('Aug'),
  msg('Sep'),
  msg('Oct'),
  msg('Nov'),
  msg('Dec'),
];

/** A series label for the chart: 'YYYY-MM-DD' → '27 Nov', 'YYYY-MM' → 'Nov 2026'. */
export function bucketLabel(label: string, trans: TransFn = transNow): string {
  const [year = '', month = '', day] = label.split('-');
  const known = MONTHS[Number(month) - 1];
  const name = known ? trans(known) : month;
  return day
    ? trans('{day} {month}', { day: Number(day), month: name })
    : trans('{month} {year}', { month: name, year });
}
