import { formatNumber } from '#src/lib/format';

/**
 * How the insights page words its numbers (kept apart so it is tested without a page). The page
 * is in English, so its numbers are too.
 */

const countryNames = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    return null;
  }
})();

/** 'ET' → 'Ethiopia'; null (no GeoIP match) → 'Unknown'. */
export function countryLabel(code: string | null): string {
  if (!code) return 'Unknown';
  try {
    return countryNames?.of(code) ?? code;
  } catch {
    return code;
  }
}

const DEVICES: Record<string, string> = { mobile: 'Phone', tablet: 'Tablet', computer: 'Computer' };

/** The device kinds the server records, as a listener would say them. */
export function deviceLabel(kind: string | null): string {
  if (!kind) return 'Unknown';
  return DEVICES[kind] ?? kind.charAt(0).toUpperCase() + kind.slice(1);
}

/**
 * A figure against the period before: '+50% on the period before (4)', 'Same as the period
 * before', or the earlier number alone when it was 0 (no percentage of nothing).
 */
export function changeText(value: number, previous: number): string {
  if (previous === 0) return value === 0 ? 'None the period before either' : 'None the period before';
  const change = ((value - previous) / previous) * 100;
  if (Math.abs(change) < 0.5) return `Same as the period before (${formatNumber(previous, 'en')})`;
  const sign = change > 0 ? '+' : '−';
  return `${sign}${Math.abs(change).toFixed(0)}% on the period before (${formatNumber(previous, 'en')})`;
}

/** The trend of a figure for its arrow: up, down or flat (under half a percent, or nothing before). */
export function trend(value: number, previous: number): 'up' | 'down' | 'flat' {
  if (previous === 0) return value > 0 ? 'up' : 'flat';
  const change = ((value - previous) / previous) * 100;
  return Math.abs(change) < 0.5 ? 'flat' : change > 0 ? 'up' : 'down';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A series label for the chart: 'YYYY-MM-DD' → '27 Nov', 'YYYY-MM' → 'Nov 2026'. */
export function bucketLabel(label: string): string {
  const [year, month, day] = label.split('-');
  const name = MONTHS[Number(month) - 1] ?? month;
  return day ? `${Number(day)} ${name}` : `${name} ${year}`;
}
