const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** '3 minutes ago', 'yesterday', 'just now' — for last-active and last-used dates. */
export function formatRelativeTime(date: string | Date, now: Date = new Date(), locale = 'en'): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const seconds = Math.round((then.getTime() - now.getTime()) / 1000);
  if (Number.isNaN(seconds)) return '';
  if (Math.abs(seconds) < 45) return 'just now';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(Math.round(seconds / 60) || -1, 'minute');
}

/** The full date and time, for a tooltip or `title` next to a relative time. */
export function formatDateTime(date: string, locale = 'en'): string {
  const d = new Date(date);
  return Number.isNaN(d.getTime())
    ? date
    : d.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/** SPEC §9: a month is 4.34524 weeks (52.143 weeks a year / 12). */
export const WEEKS_PER_MONTH = 4.34524;

const TIME_AGO_PAST = {
  seconds: 'a few seconds ago',
  minute: 'a minute ago',
  minutes: ':count minutes ago',
  hour: 'an hour ago',
  hours: ':count hours ago',
  day: 'a day ago',
  days: ':count days ago',
  week: 'a week ago',
  weeks: ':count weeks ago',
  month: 'a month ago',
  months: ':count months ago',
  year: 'a year ago',
  years: ':count years ago',
} as const;

const TIME_AGO_FUTURE = {
  seconds: 'in a few seconds',
  minute: 'in a minute',
  minutes: 'in :count minutes',
  hour: 'in an hour',
  hours: 'in :count hours',
  day: 'in a day',
  days: 'in :count days',
  week: 'in a week',
  weeks: 'in :count weeks',
  month: 'in a month',
  months: 'in :count months',
  year: 'in a year',
  years: 'in :count years',
} as const;

export type TimeAgoKey = keyof typeof TIME_AGO_PAST;

/**
 * Which phrase a distance in seconds reads as, in SPEC §9 units (seconds, minutes, hours, days,
 * weeks, months of 4.34524 weeks, years), each rounded, with a singular phrase ('an hour ago') for
 * one of a unit and 'a few seconds' under 45 seconds.
 */
export function timeAgoParts(seconds: number): { key: TimeAgoKey; count: number } {
  const s = Math.abs(seconds);
  if (s < 45) return { key: 'seconds', count: Math.round(s) };
  const minutes = s / 60;
  if (minutes < 1.5) return { key: 'minute', count: 1 };
  if (minutes < 45) return { key: 'minutes', count: Math.round(minutes) };
  const hours = minutes / 60;
  if (hours < 1.5) return { key: 'hour', count: 1 };
  if (hours < 22) return { key: 'hours', count: Math.round(hours) };
  const days = hours / 24;
  if (days < 1.5) return { key: 'day', count: 1 };
  if (days < 6.5) return { key: 'days', count: Math.round(days) };
  const weeks = days / 7;
  if (weeks < 1.5) return { key: 'week', count: 1 };
  // Past half a week short of a month, the phrase is in months (26 days: 4 weeks; 27: a month).
  if (weeks < WEEKS_PER_MONTH - 0.5) return { key: 'weeks', count: Math.round(weeks) };
  const months = weeks / WEEKS_PER_MONTH;
  if (months < 1.5) return { key: 'month', count: 1 };
  if (months < 11.5) return { key: 'months', count: Math.round(months) };
  const years = months / 12;
  if (years < 1.5) return { key: 'year', count: 1 };
  return { key: 'years', count: Math.round(years) };
}

/**
 * 'a few seconds ago', '5 minutes ago', 'in 2 days' — notification times (SPEC §2, §9). `trans`
 * translates the English phrase (its `:count` placeholder filled); without it the English is used.
 */
export function formatTimeAgo(
  date: string | Date,
  now: Date = new Date(),
  trans: (message: string, values?: Record<string, string | number>) => string = (m, v) =>
    v ? m.replace(':count', String(v.count)) : m,
): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const seconds = (then.getTime() - now.getTime()) / 1000;
  if (Number.isNaN(seconds)) return '';
  const { key, count } = timeAgoParts(seconds);
  // A date a moment ahead (clocks a little apart) still reads as just now.
  const phrases = seconds > 45 ? TIME_AGO_FUTURE : TIME_AGO_PAST;
  return trans(phrases[key], { count });
}
