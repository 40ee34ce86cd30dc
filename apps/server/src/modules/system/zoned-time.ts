/**
 * Calendar arithmetic in an IANA time zone with nothing but Intl: local dates are 'YYYY-MM-DD'
 * strings, instants are epoch milliseconds. Enough for the dashboard's ranges and buckets.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export type LocalParts = { year: number; month: number; day: number; hour: number; minute: number };

/** The wall-clock reading of `instant` in `timeZone`. */
export function localParts(instant: number, timeZone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
  };
}

/** Milliseconds the zone is ahead of UTC at `instant` (whole seconds). */
function offsetAt(instant: number, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const seconds = new Date(Math.floor(instant / 1000) * 1000).getUTCSeconds();
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, seconds);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'YYYY-MM-DD' of `instant` in `timeZone`. */
export function localDate(instant: number, timeZone: string): string {
  const p = localParts(instant, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** The instant a local date (and hour) begins in `timeZone`; in a DST gap, the first instant after it. */
export function zonedStart(date: string, timeZone: string, hour = 0): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour);
  const first = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(first, timeZone);
}

/** `date` moved by whole days (calendar days, not 24-hour spans). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The first day of `date`'s month moved by whole months. */
export function addMonths(date: string, months: number): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
}

export const floorHour = (instant: number) => Math.floor(instant / HOUR_MS) * HOUR_MS;
export const ceilHour = (instant: number) => Math.ceil(instant / HOUR_MS) * HOUR_MS;
export const floorUtcDay = (instant: number) => Math.floor(instant / DAY_MS) * DAY_MS;
export function floorUtcMonth(instant: number): number {
  const d = new Date(instant);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}
export function nextUtcMonth(monthStart: number): number {
  const d = new Date(monthStart);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}
