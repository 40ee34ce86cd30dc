import type { SourceReading, SourceSong } from './types';

/** Longest text kept from a source (a title, an artist): the page shows a line, not a document. */
const MAX_TEXT = 500;

/**
 * A source's text as the page shows it: trimmed, control characters gone, empty → null. Numbers
 * count as text (Icecast prints a title such as "1999" as a number).
 */
export function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) value = String(value);
  if (typeof value !== 'string') return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const clean = value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return clean ? clean.slice(0, MAX_TEXT) : null;
}

/**
 * `&#8217;` → ’: Icecast 2.4 keeps an MP3 mount's titles in Latin-1 and writes every character
 * outside it as a numeric character reference, in its status and in the ICY stream alike. Only
 * numeric references are decoded (a title may well contain "&amp;" as it is).
 */
export function decodeCharRefs(value: string): string {
  return value.replace(
    /&#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}));/g,
    (whole, hex: string | undefined, dec: string | undefined) => {
      const code = hex ? Number.parseInt(hex, 16) : Number(dec);
      const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
      return valid ? String.fromCodePoint(code) : whole;
    },
  );
}

/** A finite number above zero, or null (a source's "0" or "" means unknown). */
export function positive(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null;
}

/** A count of listeners (0 included), or null when the source does not say. */
export function count(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.round(n) : null;
}

/** An absolute http(s) URL (relative ones resolved against `base` when given), or null. */
export function artUrl(value: unknown, base?: string): string | null {
  const raw = text(value);
  if (!raw) return null;
  try {
    const url = base ? new URL(raw, base) : new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** "Artist - Title" (the ICY and Icecast convention) as its two parts; no separator → a title alone. */
export function splitArtistTitle(combined: string): { artist: string | null; title: string | null } {
  const at = combined.indexOf(' - ');
  if (at === -1) return { artist: null, title: text(combined) };
  return { artist: text(combined.slice(0, at)), title: text(combined.slice(at + 3)) };
}

type SongParts = { [K in keyof SourceSong]?: SourceSong[K] | null };

/** A song from its parts, or null when there is no title and no artist to show. */
export function song(parts: SongParts): SourceSong | null {
  const artist = text(parts.artist);
  // A title is never empty: the artist stands in for it, and with neither there is no song.
  const title = text(parts.title) ?? artist;
  if (!title) return null;
  return {
    title,
    artist,
    album: text(parts.album),
    art: parts.art ?? null,
    startedAt: parts.startedAt ?? null,
    duration: parts.duration ?? null,
  };
}

/** Two readings are the same when every field is: a change of listeners is a new reading too. */
export const readingKey = (reading: SourceReading): string => JSON.stringify(reading);
