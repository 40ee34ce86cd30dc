import { describe, expect, it } from 'vitest';
import { formatRelativeTime, formatTimeAgo, WEEKS_PER_MONTH } from './relative-time';

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
      `[${m.replace(':count', String(v?.count))}]`;
    expect(formatTimeAgo(ago(5 * MIN), now, trans)).toBe('[5 minutes ago]');
    expect(formatTimeAgo('not a date', now)).toBe('');
  });

  it('leaves formatRelativeTime (sessions, tokens, history) as it was', () => {
    expect(formatRelativeTime(ago(10), now)).toBe('just now');
    expect(formatRelativeTime(ago(3 * MIN), now)).toBe('3 minutes ago');
  });
});
