import {
  type Calendar,
  type Currency,
  calendarLocale,
  fillSimpleMessage,
  formatMoney as formatContractsMoney,
  msg,
} from '@zema/contracts';
import { useMemo } from 'react';
import { useBootstrapOrNull } from '#src/lib/bootstrap-store';
import { type TransFn, useTrans } from '#src/lib/i18n';

/**
 * The one way the web app prints sizes, numbers, percentages, dates, times, relative times,
 * durations and money, in the reader's language: the bootstrap locale's, which components get from
 * `useFormat()` and code outside React from `currentLanguage()` (lib/i18n) passed to the plain
 * functions below. An unknown language tag falls back to English and an unknown time zone to the
 * browser's, so a bad setting never breaks a page in the middle of a render.
 */

// Intl formatters, built once per locale and options: a table formats hundreds of cells a render.

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
const zones = new Map<string, boolean>();

function cached<F>(cache: Map<string, F>, key: string, make: (locale: string) => F, locale: string): F {
  let formatter = cache.get(key);
  if (!formatter) {
    try {
      formatter = make(locale);
    } catch {
      formatter = make('en');
    }
    cache.set(key, formatter);
  }
  return formatter;
}

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(
    numberFormats,
    `${locale}|${JSON.stringify(options)}`,
    (l) => new Intl.NumberFormat(l, options),
    locale,
  );
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(
    dateFormats,
    `${locale}|${JSON.stringify(options)}`,
    (l) => new Intl.DateTimeFormat(l, options),
    locale,
  );
}

/**
 * The first of `candidates` the browser knows as an IANA time zone, or undefined (then dates are
 * shown in the browser's own zone). A user's or the site's zone comes from a setting, and an
 * unknown one would make `Intl` throw.
 */
export function usableTimeZone(...candidates: Array<string | null | undefined>): string | undefined {
  for (const zone of candidates) {
    if (!zone) continue;
    let known = zones.get(zone);
    if (known === undefined) {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        known = true;
      } catch {
        known = false;
      }
      zones.set(zone, known);
    }
    if (known) return zone;
  }
  return undefined;
}

// Numbers, percentages, sizes and money

export type NumberOptions = Pick<Intl.NumberFormatOptions, 'minimumFractionDigits' | 'maximumFractionDigits'>;

/** 1234.5 → "1,234.5" in English: digits grouped, up to three decimals unless told. */
export function formatNumber(value: number, locale: string, options: NumberOptions = {}): string {
  return numberFormat(locale, options).format(value);
}

/** A fraction as a percentage: 0.2 → "20%"; a VAT rate passes `maximumFractionDigits`. */
export function formatPercent(
  fraction: number,
  locale: string,
  { maximumFractionDigits = 0 }: { maximumFractionDigits?: number } = {},
): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits }).format(fraction);
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
export type ByteUnit = (typeof BYTE_UNITS)[number];

export interface BytesOptions {
  /** The smallest unit shown: with 'MB' a storage quota reads "0.3 MB", never "300 KB". */
  minUnit?: ByteUnit;
}

/**
 * A size in binary units with at most one decimal: 1536 → "1.5 KB", 15 MiB → "15 MB", 0 → "0 B";
 * "—" for what is not a size. The unit symbols are those of the server's upload messages
 * (contracts `formatUploadBytes`), and the number is rounded the same way, so a size on a page and
 * in a refusal read alike. Digits are not grouped ("1023 B", "5120 TB"), as those messages print.
 */
export function formatBytes(bytes: number, locale: string, { minUnit = 'B' }: BytesOptions = {}): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  let unit = BYTE_UNITS.indexOf(minUnit);
  let value = bytes / 1024 ** unit;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = Math.round(value * 10) / 10;
  const number = numberFormat(locale, { maximumFractionDigits: 1, useGrouping: false }).format(rounded);
  return `${number} ${BYTE_UNITS[unit]}`;
}

/** Money in minor units, as contracts formats it for plans, checkouts and invoices ("ETB 199.00"). */
export function formatMoney(amount: number, currency: Currency, locale: string): string {
  return formatContractsMoney(amount, currency, locale);
}

// Dates and times

/** An ISO string from the API, a timestamp or a Date. */
export type DateInput = string | number | Date;

/**
 * How much of a date shows: Intl's four styles ("Saturday, November 28, 2026", "November 28,
 * 2026", "Nov 28, 2026", "11/28/26"), or 'numeric' ("11/28/2026", what `Date` prints by default).
 */
export type DateStyle = 'full' | 'long' | 'medium' | 'short' | 'numeric';
/** Intl's time styles: "2:05:09 PM Coordinated Universal Time", "2:05:09 PM UTC", "2:05:09 PM", "2:05 PM". */
export type TimeStyle = 'full' | 'long' | 'medium' | 'short';

export interface DateOptions {
  dateStyle?: DateStyle;
  /** An IANA zone; without it (or when the browser does not know it) the browser's own. */
  timeZone?: string | null;
}
export interface TimeOptions {
  timeStyle?: TimeStyle;
  timeZone?: string | null;
}
export interface DateTimeOptions {
  dateStyle?: DateStyle;
  timeStyle?: TimeStyle;
  timeZone?: string | null;
}

const NUMERIC_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric' };
// Intl refuses a time style beside a date spelled in parts: the numeric date's times in parts.
const NUMERIC_TIMES: Record<TimeStyle, Intl.DateTimeFormatOptions> = {
  short: { hour: 'numeric', minute: 'numeric' },
  medium: { hour: 'numeric', minute: 'numeric', second: 'numeric' },
  long: { hour: 'numeric', minute: 'numeric', second: 'numeric', timeZoneName: 'short' },
  full: { hour: 'numeric', minute: 'numeric', second: 'numeric', timeZoneName: 'long' },
};

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Formats a moment, or gives '' for none (callers say "Never" or "—" as fits their page) and the
 * text itself for a string that is not a date, rather than "Invalid Date".
 */
function formatMoment(
  value: DateInput | null | undefined,
  locale: string,
  options: Intl.DateTimeFormatOptions,
  timeZone: string | null | undefined,
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (!date) return typeof value === 'string' ? value : '';
  const zone = usableTimeZone(timeZone);
  return dateFormat(locale, zone ? { ...options, timeZone: zone } : options).format(date);
}

/** A date without its time: "Nov 28, 2026" (medium) unless another style is asked for. */
export function formatDate(
  value: DateInput | null | undefined,
  locale: string,
  { dateStyle = 'medium', timeZone }: DateOptions = {},
): string {
  return formatMoment(value, locale, dateStyle === 'numeric' ? NUMERIC_DATE : { dateStyle }, timeZone);
}

/** A date and its time: "Nov 28, 2026, 2:05 PM"; `timeStyle: 'medium'` to the second, for logs. */
export function formatDateTime(
  value: DateInput | null | undefined,
  locale: string,
  { dateStyle = 'medium', timeStyle = 'short', timeZone }: DateTimeOptions = {},
): string {
  const options =
    dateStyle === 'numeric' ? { ...NUMERIC_DATE, ...NUMERIC_TIMES[timeStyle] } : { dateStyle, timeStyle };
  return formatMoment(value, locale, options, timeZone);
}

/** A time of day: "2:05 PM". */
export function formatTime(
  value: DateInput | null | undefined,
  locale: string,
  { timeStyle = 'short', timeZone }: TimeOptions = {},
): string {
  return formatMoment(value, locale, { timeStyle }, timeZone);
}

/**
 * The one short form of a moment in tables and detail lists: "Nov 28, 2026, 02:05 PM". The hours
 * have two digits so a column of times lines up.
 */
export function formatShortDateTime(
  value: DateInput | null | undefined,
  locale: string,
  { timeZone }: { timeZone?: string | null } = {},
): string {
  return formatMoment(
    value,
    locale,
    { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
    timeZone,
  );
}

/**
 * A calendar day as the API and date inputs give it ('2026-11-28'), not a moment: read and shown
 * in UTC so no time zone moves it to the day before.
 */
export function formatDay(day: string, locale: string, { dateStyle = 'medium' }: DateOptions = {}): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day)
    ? formatDate(`${day}T00:00:00Z`, locale, { dateStyle, timeZone: 'UTC' })
    : day;
}

/**
 * The calendar day of a moment as 'YYYY-MM-DD', in `timeZone` or the browser's: a key for a query
 * or a date input, not text to read.
 */
export function isoDay(value: DateInput = new Date(), timeZone?: string | null): string {
  const date = toDate(value);
  if (!date) return '';
  const zone = usableTimeZone(timeZone);
  const parts = dateFormat('en', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(zone ? { timeZone: zone } : {}),
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

// Relative times

const RELATIVE_UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

export interface RelativeTimeOptions {
  now?: Date;
  /** What under 45 seconds reads as; Intl has no "just now", so a translated line passes it. */
  justNow?: string;
}

/** '3 minutes ago', 'yesterday', 'just now' — for last-active, last-used and played dates. */
export function formatRelativeTime(
  value: DateInput,
  locale: string,
  { now = new Date(), justNow = 'just now' }: RelativeTimeOptions = {},
): string {
  const then = toDate(value);
  if (!then) return '';
  const seconds = Math.round((then.getTime() - now.getTime()) / 1000);
  if (Math.abs(seconds) < 45) return justNow;
  const format = cached(
    relativeFormats,
    locale,
    (l) => new Intl.RelativeTimeFormat(l, { numeric: 'auto' }),
    locale,
  );
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(Math.round(seconds / 60) || -1, 'minute');
}

/** SPEC §9: a month is 4.34524 weeks (52.143 weeks a year / 12). */
export const WEEKS_PER_MONTH = 4.34524;

const TIME_AGO_PAST = {
  seconds: msg('a few seconds ago'),
  minute: msg('a minute ago'),
  minutes: msg('{count} minutes ago'),
  hour: msg('an hour ago'),
  hours: msg('{count} hours ago'),
  day: msg('a day ago'),
  days: msg('{count} days ago'),
  week: msg('a week ago'),
  weeks: msg('{count} weeks ago'),
  month: msg('a month ago'),
  months: msg('{count} months ago'),
  year: msg('a year ago'),
  years: msg('{count} years ago'),
} as const;

const TIME_AGO_FUTURE = {
  seconds: msg('in a few seconds'),
  minute: msg('in a minute'),
  minutes: msg('in {count} minutes'),
  hour: msg('in an hour'),
  hours: msg('in {count} hours'),
  day: msg('in a day'),
  days: msg('in {count} days'),
  week: msg('in a week'),
  weeks: msg('in {count} weeks'),
  month: msg('in a month'),
  months: msg('in {count} months'),
  year: msg('in a year'),
  years: msg('in {count} years'),
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
 * translates the English phrase (its `{count}` argument filled); without it the English is used.
 */
export function formatTimeAgo(
  value: DateInput,
  now: Date = new Date(),
  trans: (message: string, values?: Record<string, string | number>) => string = (m, v) =>
    v ? m.replace('{count}', String(v.count)) : m,
): string {
  const then = toDate(value);
  if (!then) return '';
  const seconds = (then.getTime() - now.getTime()) / 1000;
  const { key, count } = timeAgoParts(seconds);
  // A date a moment ahead (clocks a little apart) still reads as just now.
  const phrases = seconds > 45 ? TIME_AGO_FUTURE : TIME_AGO_PAST;
  return trans(phrases[key], { count });
}

// Durations, in seconds (the API's `duration_ms` divided by 1000 at the call). Positions and
// lengths are floored, as music players print them, so a track's length in a list and in the
// player bar agree.

/** 3:07, 1:02:03 — a track's length or the playback position. */
export function formatDuration(seconds: number): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** English, for a caller without the reader's `trans`: the message with its arguments filled. */
const english: TransFn = (message, values) => fillSimpleMessage(message, values);

/**
 * "1 hr 5 min" / "42 min" — a playlist's or album's total length; `trans` (or
 * `useFormat().totalDuration`) says it in the reader's language.
 */
export function formatTotalDuration(seconds: number, trans: TransFn = english): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds / 60) : 0;
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  return hours ? trans('{hours} hr {minutes} min', { hours, minutes }) : trans('{minutes} min', { minutes });
}

/**
 * 93784 → "1d 2h 3m"; under a minute → "42s" — how long a process has run; `trans` (or
 * `useFormat().compactDuration`) says it in the reader's language.
 */
export function formatCompactDuration(seconds: number, trans: TransFn = english): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return trans('{seconds}s', { seconds: s });
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3_600);
  const minutes = Math.floor((s % 3_600) / 60);
  if (days > 0) return trans('{days}d {hours}h {minutes}m', { days, hours, minutes });
  if (hours > 0) return trans('{hours}h {minutes}m', { hours, minutes });
  return trans('{minutes}m', { minutes });
}

// Text

/** Text lower-cased by the rules of `locale`, to match what a reader types against titles. */
export function lowerCase(text: string, locale: string): string {
  try {
    return text.toLocaleLowerCase(locale);
  } catch {
    return text.toLowerCase();
  }
}

// Formatters bound to a language

export interface Formatters {
  language: string;
  number: (value: number, options?: NumberOptions) => string;
  percent: (fraction: number, options?: { maximumFractionDigits?: number }) => string;
  bytes: (bytes: number, options?: BytesOptions) => string;
  money: (amount: number, currency: Currency) => string;
  date: (value: DateInput | null | undefined, options?: DateOptions) => string;
  dateTime: (value: DateInput | null | undefined, options?: DateTimeOptions) => string;
  time: (value: DateInput | null | undefined, options?: TimeOptions) => string;
  shortDateTime: (value: DateInput | null | undefined, options?: { timeZone?: string | null }) => string;
  day: (day: string, options?: DateOptions) => string;
  relativeTime: (value: DateInput, now?: Date) => string;
  timeAgo: (value: DateInput, now?: Date) => string;
  totalDuration: (seconds: number) => string;
  compactDuration: (seconds: number) => string;
  lowerCase: (text: string) => string;
}

/**
 * Every formatter bound to `locale` and, for dates and times, to `timeZone` (a call's own
 * `timeZone` wins); `trans` translates the relative-time phrases.
 */
export function formattersFor(
  locale: string,
  {
    timeZone,
    trans,
    calendar,
  }: { timeZone?: string | null; trans?: TransFn; calendar?: Calendar | null } = {},
): Formatters {
  const zoned = <O extends { timeZone?: string | null }>(options: O | undefined): O =>
    ({ timeZone, ...options }) as O;
  // Dates in the reader's calendar: a Unicode extension of the locale ("am-u-ca-ethiopic").
  const dates = calendarLocale(locale, calendar);
  return {
    language: locale,
    number: (value, options) => formatNumber(value, locale, options),
    percent: (fraction, options) => formatPercent(fraction, locale, options),
    bytes: (bytes, options) => formatBytes(bytes, locale, options),
    money: (amount, currency) => formatMoney(amount, currency, locale),
    date: (value, options) => formatDate(value, dates, zoned(options)),
    dateTime: (value, options) => formatDateTime(value, dates, zoned(options)),
    time: (value, options) => formatTime(value, locale, zoned(options)),
    shortDateTime: (value, options) => formatShortDateTime(value, dates, zoned(options)),
    day: (day, options) => formatDay(day, dates, options),
    relativeTime: (value, now) =>
      formatRelativeTime(value, locale, { now, justNow: trans ? trans('just now') : undefined }),
    timeAgo: (value, now) => formatTimeAgo(value, now, trans),
    totalDuration: (seconds) => formatTotalDuration(seconds, trans),
    compactDuration: (seconds) => formatCompactDuration(seconds, trans),
    lowerCase: (text) => lowerCase(text, locale),
  };
}

/**
 * The formatters in the reader's language, the same object until the language or zone changes.
 * `timeZone` is the zone dates are shown in (billing: the user's, else the site's); without it,
 * the browser's.
 */
export function useFormat({ timeZone }: { timeZone?: string | null } = {}): Formatters {
  const { language, trans } = useTrans();
  const calendar = useBootstrapOrNull()?.user?.calendar ?? null;
  return useMemo(
    () => formattersFor(language, { timeZone, trans, calendar }),
    [language, timeZone, trans, calendar],
  );
}
