import { SOURCE_MESSAGES, SourceError } from './errors';
import { fetchText, pollSource, under } from './fetch';
import { type Lenient, parseLenientJson } from './lenient-json';
import { count, decodeCharRefs, readingKey, song, splitArtistTitle, text } from './normalise';
import type { OutsideSourceConfig, SourceOptions, SourceReading } from './types';

type IcecastConfig = Extract<OutsideSourceConfig, { kind: 'icecast' }>;

export const ICECAST_POLL_MS = 1000;

/** One mount as `status-json.xsl` lists it (the fields read here; the rest is ignored). */
export type IcecastMount = {
  /** The mount's path (`/live.mp3`), from its `listenurl`. */
  mount: string;
  title: string | null;
  artist: string | null;
  listeners: number | null;
};

type LenientObject = { [key: string]: Lenient };
const isObject = (v: Lenient | undefined): v is LenientObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The path of a `listenurl` (`http://host:8000/live.mp3` → `/live.mp3`), or of a bare mount. */
function mountOf(source: LenientObject): string | null {
  const listenurl = text(source.listenurl);
  if (listenurl) {
    try {
      return decodeURI(new URL(listenurl).pathname);
    } catch {
      // some forks print a path, or a URL with an unescaped space
      if (listenurl.startsWith('/')) return listenurl;
    }
  }
  const mount = text(source.mount);
  return mount?.startsWith('/') ? mount : null;
}

/**
 * The mounts of a status document: `icestats.source` is one object with one mount, an array with
 * several, and absent with none.
 */
export function parseIcecastStatus(body: string): IcecastMount[] {
  const doc = parseLenientJson(body);
  if (!isObject(doc) || !isObject(doc.icestats)) throw new SyntaxError('no icestats in the status document');
  const raw = doc.icestats.source;
  const list = raw === undefined || raw === null ? [] : Array.isArray(raw) ? raw : [raw];
  const mounts: IcecastMount[] = [];
  for (const source of list) {
    if (!isObject(source)) continue;
    const mount = mountOf(source);
    if (!mount) continue;
    mounts.push({
      mount,
      title: text(decodeCharRefs(text(source.title) ?? '')),
      artist: text(decodeCharRefs(text(source.artist) ?? '')),
      listeners: count(source.listeners),
    });
  }
  return mounts;
}

/**
 * The reading of the station's mounts (all of the server's when none is named): the song of the
 * first one (in the station's order) that has a title, the listeners summed. `startedAt` stays
 * null: `stream_start` is when the source connected, not when the song began.
 */
export function icecastReading(
  all: IcecastMount[],
  wanted: readonly string[],
): { reading: SourceReading; found: boolean } {
  const chosen = wanted.length ? wanted.flatMap((m) => all.filter((s) => s.mount === m)) : all;
  const withTitle = chosen.find((m) => m.title || m.artist);
  let current = null;
  if (withTitle) {
    // Ogg and Opus mounts carry `artist` and `title` apart; MP3 mounts one "Artist - Title".
    const parts =
      withTitle.artist || !withTitle.title
        ? { artist: withTitle.artist, title: withTitle.title }
        : splitArtistTitle(withTitle.title);
    current = song(parts);
  }
  const counts = chosen.map((m) => m.listeners).filter((n): n is number => n !== null);
  return {
    reading: { song: current, listeners: counts.length ? counts.reduce((a, b) => a + b, 0) : null },
    found: chosen.length > 0,
  };
}

async function readStatus(config: IcecastConfig, opts: SourceOptions, signal?: AbortSignal) {
  const body = await fetchText(under(config.base_url, 'status-json.xsl'), opts, signal);
  try {
    return parseIcecastStatus(body);
  } catch (err) {
    throw new SourceError(SOURCE_MESSAGES.badFormat, (err as Error).message, { cause: err });
  }
}

/** The admin's check: one status read; a named mount that is on no server is an error here. */
export async function readIcecastOnce(
  config: IcecastConfig,
  opts: SourceOptions = {},
): Promise<SourceReading> {
  const { reading, found } = icecastReading(await readStatus(config, opts), config.mounts);
  if (config.mounts.length && !found)
    throw new SourceError(SOURCE_MESSAGES.mountNotFound, config.mounts.join(', '));
  return reading;
}

/**
 * Polls `status-json.xsl` every `pollMs` (default 1 s) and emits each change. A mount that is
 * missing is "nothing on air" here (its source may reconnect at any moment), not a failure. The
 * moment a new title is first seen is its `startedAt`; the first title's start is unknown.
 */
export async function watchIcecast(
  config: IcecastConfig,
  emit: (reading: SourceReading) => void,
  signal: AbortSignal,
  opts: SourceOptions = {},
): Promise<void> {
  let first = true;
  let lastSong: string | null = null;
  let startedAt: string | null = null;
  await pollSource(
    async (s) => {
      const { reading } = icecastReading(await readStatus(config, opts, s), config.mounts);
      const songKey = reading.song ? `${reading.song.artist}\u0000${reading.song.title}` : null;
      if (songKey !== lastSong) {
        startedAt = first || !songKey ? null : new Date().toISOString();
        lastSong = songKey;
      }
      first = false;
      if (reading.song) reading.song.startedAt = startedAt;
      return reading;
    },
    readingKey,
    emit,
    signal,
    opts.pollMs ?? ICECAST_POLL_MS,
  );
}
