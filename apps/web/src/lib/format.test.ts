import { renderHook } from '@testing-library/react';
import { formatUploadBytes } from '@zema/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore, setBootstrapData } from '#src/lib/bootstrap-store';
import { currentLanguage } from '#src/lib/i18n';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import {
  formatBytes,
  formatCompactDuration,
  formatDate,
  formatDateTime,
  formatDay,
  formatDuration,
  formatMoney,
  formatNumber,
  formatPercent,
  formatRelativeTime,
  formatShortDateTime,
  formatTime,
  formatTimeAgo,
  formatTotalDuration,
  formattersFor,
  isoDay,
  usableTimeZone,
  useFormat,
  WEEKS_PER_MONTH,
} from './format';

const MB = 1024 ** 2;
const GB = 1024 ** 3;
const moment = '2026-11-28T14:05:09.000Z';

describe('formatBytes', () => {
  it('picks the binary unit and keeps at most one decimal', () => {
    expect(formatBytes(0, 'en')).toBe('0 B');
    expect(formatBytes(1023, 'en')).toBe('1023 B');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(2048, 'en')).toBe('2 KB');
    expect(formatBytes(15 * MB, 'en')).toBe('15 MB');
    expect(formatBytes(3.25 * GB, 'en')).toBe('3.3 GB');
    expect(formatBytes(5 * 1024 ** 5, 'en')).toBe('5120 TB');
  });

  it('shows a dash for what is not a size', () => {
    expect(formatBytes(-1, 'en')).toBe('—');
    expect(formatBytes(Number.NaN, 'en')).toBe('—');
  });

  it('reads as the server’s upload messages do', () => {
    for (const size of [0, 1, 1023, 1024, 1536, 10 * 1024 + 51, 2 * MB, 12.5 * MB, 1023.96 * 1024, 1.5 * GB])
      expect(formatBytes(size, 'en')).toBe(formatUploadBytes(size));
  });

  it('starts from a larger unit when asked (a storage quota in MB and GB)', () => {
    expect(formatBytes(12.5 * MB, 'en', { minUnit: 'MB' })).toBe('12.5 MB');
    expect(formatBytes(50 * GB, 'en', { minUnit: 'MB' })).toBe('50 GB');
    expect(formatBytes(0, 'en', { minUnit: 'MB' })).toBe('0 MB');
    expect(formatBytes(300 * 1024, 'en', { minUnit: 'MB' })).toBe('0.3 MB');
  });

  it('writes the number the reader’s way', () => {
    expect(formatBytes(1536, 'fr')).toBe('1,5 KB');
  });
});

describe('numbers, percentages and money', () => {
  it('groups digits in the reader’s language', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1234.5678, 'en', { maximumFractionDigits: 1 })).toBe('1,234.6');
    expect(formatNumber(1234567, 'de')).toBe('1.234.567');
  });

  it('prints a fraction as a percentage', () => {
    expect(formatPercent(0.2, 'en')).toBe('20%');
    expect(formatPercent(0.155, 'en', { maximumFractionDigits: 2 })).toBe('15.5%');
    expect(formatPercent(0.2, 'fr')).toMatch(/^20\s%$/);
  });

  it('leaves money to contracts', () => {
    expect(formatMoney(199_000, 'ETB', 'en')).toMatch(/^ETB\s1,990\.00$/);
    expect(formatMoney(499, 'USD', 'en')).toBe('$4.99');
  });

  it('falls back to English for a language tag Intl does not accept', () => {
    expect(formatNumber(1234, 'not a tag')).toBe('1,234');
    expect(formatDate(moment, 'not a tag', { timeZone: 'UTC' })).toBe('Nov 28, 2026');
  });
});

describe('dates and times', () => {
  const utc = { timeZone: 'UTC' };

  it('prints a date in each style', () => {
    expect(formatDate(moment, 'en', utc)).toBe('Nov 28, 2026');
    expect(formatDate(moment, 'en', { ...utc, dateStyle: 'long' })).toBe('November 28, 2026');
    expect(formatDate(moment, 'en', { ...utc, dateStyle: 'numeric' })).toBe('11/28/2026');
    expect(formatDate(moment, 'en-GB', utc)).toBe('28 Nov 2026');
  });

  it('prints a date and time, to the minute or the second', () => {
    expect(formatDateTime(moment, 'en', utc)).toBe('Nov 28, 2026, 2:05 PM');
    expect(formatDateTime(moment, 'en', { ...utc, timeStyle: 'medium' })).toBe('Nov 28, 2026, 2:05:09 PM');
    // What Date#toLocaleString() printed in English.
    expect(formatDateTime(moment, 'en', { ...utc, dateStyle: 'numeric', timeStyle: 'medium' })).toBe(
      new Date(moment).toLocaleString('en', utc),
    );
    expect(formatTime(moment, 'en', utc)).toBe('2:05 PM');
  });

  it('has one short form for tables, with two-digit hours', () => {
    expect(formatShortDateTime(moment, 'en', utc)).toBe('Nov 28, 2026, 02:05 PM');
    expect(formatShortDateTime(moment, 'en')).toMatch(/^Nov 2[89], 2026, \d{2}:\d{2}( [AP]M)?$/);
  });

  it('shows a moment in the zone asked for, and the browser’s for an unknown zone', () => {
    expect(formatDateTime(moment, 'en', { timeZone: 'Africa/Addis_Ababa' })).toBe('Nov 28, 2026, 5:05 PM');
    expect(formatDate('2026-11-28T22:30:00Z', 'en', { timeZone: 'Africa/Addis_Ababa' })).toBe('Nov 29, 2026');
    expect(formatDateTime(moment, 'en', { timeZone: 'Mars/Olympus' })).toBe(formatDateTime(moment, 'en'));
    expect(usableTimeZone('Mars/Olympus', null, 'UTC')).toBe('UTC');
    expect(usableTimeZone('Mars/Olympus')).toBeUndefined();
  });

  it('gives nothing for no date and the text itself for one that is not a date', () => {
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDateTime(undefined, 'en')).toBe('');
    expect(formatDateTime('soon', 'en')).toBe('soon');
  });

  it('prints a calendar day as it is, whatever the zone', () => {
    expect(formatDay('2026-11-01', 'en')).toBe('Nov 1, 2026');
    expect(formatDay('2026-11-01', 'en', { dateStyle: 'long' })).toBe('November 1, 2026');
  });

  it('keys a day as YYYY-MM-DD in a zone', () => {
    expect(isoDay(new Date('2026-11-28T22:30:00Z'), 'UTC')).toBe('2026-11-28');
    expect(isoDay(new Date('2026-11-28T22:30:00Z'), 'Africa/Addis_Ababa')).toBe('2026-11-29');
    expect(isoDay(new Date('2026-03-05T12:00:00'))).toBe('2026-03-05');
  });
});

const now = new Date('2026-03-01T12:00:00.000Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
const MIN = 60;
const HOUR = 3600;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = WEEKS_PER_MONTH * WEEK;

describe('formatTimeAgo (SPEC §9 units)', () => {
  it.each([
    [0, 'a few seconds ago'],
    [44, 'a few seconds ago'],
    [45, 'a minute ago'],
    [89, 'a minute ago'],
    [90, '2 minutes ago'],
    [44 * MIN, '44 minutes ago'],
    [45 * MIN, 'an hour ago'],
    [3 * HOUR, '3 hours ago'],
    [21 * HOUR, '21 hours ago'],
    [23 * HOUR, 'a day ago'],
    [2 * DAY, '2 days ago'],
    [6 * DAY, '6 days ago'],
    [7 * DAY, 'a week ago'],
    [3 * WEEK, '3 weeks ago'],
    [25 * DAY, '4 weeks ago'],
    [4 * WEEK, 'a month ago'],
    [MONTH, 'a month ago'],
    [5 * MONTH, '5 months ago'],
    [11 * MONTH, '11 months ago'],
    [12 * MONTH, 'a year ago'],
    [18 * MONTH, '2 years ago'],
    [36 * MONTH, '3 years ago'],
  ])('%s seconds ago reads "%s"', (seconds, text) => {
    expect(formatTimeAgo(ago(seconds), now)).toBe(text);
  });

  it('a month is 4.34524 weeks, so 27 days read as a month and 26 days as four weeks', () => {
    expect(formatTimeAgo(ago(27 * DAY), now)).toBe('a month ago');
    expect(formatTimeAgo(ago(26 * DAY), now)).toBe('4 weeks ago');
  });

  it('reads a date ahead as "in …", and a few seconds ahead still as just now', () => {
    expect(formatTimeAgo(ago(-3 * HOUR), now)).toBe('in 3 hours');
    expect(formatTimeAgo(ago(-10), now)).toBe('a few seconds ago');
  });

  it('translates the phrase with its count, and gives nothing for an invalid date', () => {
    const trans = (m: string, v?: Record<string, string | number>) =>
      `[${m.replace('{count}', String(v?.count))}]`;
    expect(formatTimeAgo(ago(5 * MIN), now, trans)).toBe('[5 minutes ago]');
    expect(formatTimeAgo('not a date', now)).toBe('');
  });
});

describe('formatRelativeTime (sessions, tokens, history)', () => {
  it('reads in Intl’s words for the language', () => {
    expect(formatRelativeTime(ago(10), 'en', { now })).toBe('just now');
    expect(formatRelativeTime(ago(3 * MIN), 'en', { now })).toBe('3 minutes ago');
    expect(formatRelativeTime(ago(DAY), 'en', { now })).toBe('yesterday');
    expect(formatRelativeTime(ago(3 * MIN), 'fr', { now })).toBe('il y a 3 minutes');
    expect(formatRelativeTime(ago(10), 'fr', { now, justNow: 'à l’instant' })).toBe('à l’instant');
    expect(formatRelativeTime('not a date', 'en', { now })).toBe('');
  });
});

describe('durations', () => {
  it('prints m:ss under an hour and h:mm:ss past it, floored', () => {
    expect(formatDuration(187.9)).toBe('3:07');
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(3723)).toBe('1:02:03');
  });

  it('prints 0:00 for nothing, negative or not a number (metadata not loaded yet)', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(-3)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('0:00');
  });

  it('prints a total length in minutes, and hours past an hour', () => {
    expect(formatTotalDuration(42 * 60 + 10)).toBe('42 min');
    expect(formatTotalDuration(3900)).toBe('1 hr 5 min');
    expect(formatTotalDuration(0)).toBe('0 min');
  });

  it('prints a running time as seconds, minutes, hours and days', () => {
    expect(formatCompactDuration(42.9)).toBe('42s');
    expect(formatCompactDuration(60)).toBe('1m');
    expect(formatCompactDuration(3 * 3600 + 5 * 60 + 9)).toBe('3h 5m');
    expect(formatCompactDuration(86_400 + 2 * 3600 + 3 * 60)).toBe('1d 2h 3m');
    expect(formatCompactDuration(-5)).toBe('0s');
  });

  it("says lengths in the reader's language with their trans", () => {
    const lines: Record<string, string> = {
      '{hours} hr {minutes} min': '{hours} ሰዓት {minutes} ደቂቃ',
      '{days}d {hours}h {minutes}m': '{days}ቀ {hours}ሰ {minutes}ደ',
    };
    const trans = (message: string, values?: Record<string, string | number>) =>
      (lines[message] ?? message).replace(/\{(\w+)\}/g, (_, name: string) => String(values?.[name]));
    expect(formatTotalDuration(3900, trans)).toBe('1 ሰዓት 5 ደቂቃ');
    expect(formatCompactDuration(86_400 + 2 * 3600 + 3 * 60, trans)).toBe('1ቀ 2ሰ 3ደ');
  });
});

describe('useFormat', () => {
  beforeEach(() => {
    // The store re-reads window.bootstrapData after a reset: forget both.
    window.bootstrapData = undefined;
    resetBootstrapStore();
  });

  const withLanguage = (language: string) => {
    const data = makeBootstrap();
    setBootstrapData({ ...data, i18n: { ...data.i18n, locale: { ...data.i18n.locale, language } } });
  };

  it('formats in the reader’s language, the same object until it changes', () => {
    withLanguage('de');
    const { result, rerender } = renderHook(() => useFormat({ timeZone: 'UTC' }));
    const first = result.current;
    expect(first.language).toBe('de');
    expect(first.number(1234567)).toBe('1.234.567');
    expect(first.date(moment)).toBe('28.11.2026');
    rerender();
    expect(result.current).toBe(first);
    expect(currentLanguage()).toBe('de');
  });

  it('shows dates in its zone unless a call names another', () => {
    withLanguage('en');
    const { result } = renderHook(() => useFormat({ timeZone: 'Africa/Addis_Ababa' }));
    expect(result.current.dateTime(moment)).toBe('Nov 28, 2026, 5:05 PM');
    expect(result.current.dateTime(moment, { timeZone: 'UTC' })).toBe('Nov 28, 2026, 2:05 PM');
    expect(result.current.bytes(1536)).toBe('1.5 KB');
    expect(result.current.money(499, 'USD')).toBe('$4.99');
  });

  it('writes dates in the Ethiopian calendar for a reader who chose it', () => {
    for (const [language, expected] of [
      ['am', '19 ኅዳር 2019'],
      ['en', 'Hedar 19, 2019'],
    ] as const) {
      const data = makeBootstrap({ user: makeUser({ language, calendar: 'ethiopic' }) });
      setBootstrapData({ ...data, i18n: { ...data.i18n, locale: { ...data.i18n.locale, language } } });
      const { result } = renderHook(() => useFormat({ timeZone: 'Africa/Addis_Ababa' }));
      expect(result.current.date(moment, { dateStyle: 'long' })).toContain(expected);
      // Times and numbers are the same in either calendar.
      expect(result.current.time(moment)).toMatch(/5:05/);
      resetBootstrapStore();
    }
    expect(formattersFor('am', { calendar: 'gregorian' }).date(moment, { dateStyle: 'long' })).toContain(
      '2026',
    );
  });

  it('reads English before the bootstrap data is there', () => {
    const { result } = renderHook(() => useFormat());
    expect(result.current.language).toBe('en');
    expect(currentLanguage()).toBe('en');
  });
});
