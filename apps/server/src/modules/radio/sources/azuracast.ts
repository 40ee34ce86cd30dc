import type { IncomingMessage } from 'node:http';
import { createParser } from 'eventsource-parser';
import { SOURCE_MESSAGES, SourceError, toSourceError } from './errors';
import {
  DEFAULT_TIMEOUT_MS,
  fetchText,
  linkedSignal,
  MAX_JSON_BYTES,
  openSource,
  pollSource,
  under,
} from './fetch';
import { artUrl, count, positive, readingKey, song, splitArtistTitle, text } from './normalise';
import type { OutsideSourceConfig, SourceOptions, SourceReading } from './types';

type AzuraCastConfig = Extract<OutsideSourceConfig, { kind: 'azuracast' }>;

export const AZURACAST_POLL_MS = 5000;
/**
 * Centrifugo pings an SSE client every 25 s (an empty `{}` message): a stream silent for longer
 * than two pings and a half is dead even if its socket is not.
 */
const SSE_IDLE_MS = 65_000;
/** How long the JSON is polled before the live stream is tried again. */
const SSE_RETRY_MS = 10 * 60_000;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
const obj = (v: Json | undefined): JsonObject | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? v : null;
const list = (v: Json | undefined): Json[] => (Array.isArray(v) ? v : []);

/**
 * A reading from AzuraCast's now-playing data (`np`: the API's, the static file's and the live
 * messages' shape): the song from `now_playing.song` (its `text` split when artist and title are
 * empty), `played_at` (Unix seconds) as the start, `duration` in seconds, the current listeners.
 * An offline station has no song. Art given as a path is resolved against the install's URL.
 */
export function azuracastReading(np: JsonObject, baseUrl: string): SourceReading {
  const listeners = obj(np.listeners);
  const reading: SourceReading = {
    song: null,
    listeners: count(listeners?.current) ?? count(listeners?.total),
  };
  if (np.is_online === false) return reading;
  const now = obj(np.now_playing);
  const current = obj(now?.song);
  if (!now || !current) return reading;
  let title = text(current.title);
  let artist = text(current.artist);
  if (!title && !artist) {
    const combined = text(current.text);
    if (combined) ({ artist, title } = splitArtistTitle(combined));
  }
  const live = obj(np.live);
  // A live DJ who sends no metadata: their name is what is on air.
  if (!title && !artist && live?.is_live === true) title = text(live.streamer_name);
  const playedAt = positive(now.played_at);
  reading.song = song({
    title,
    artist,
    album: text(current.album),
    art: artUrl(current.art, baseUrl),
    startedAt: playedAt ? new Date(Math.round(playedAt * 1000)).toISOString() : null,
    duration: positive(now.duration),
  });
  return reading;
}

/**
 * The `np` objects a Centrifugo message carries: the connect message's cached publications
 * (`connect.subs[channel].publications[].data.np`, or the older `connect.data[].data.np`), or a
 * publication (`pub.data.np`, `push.pub.data.np` on the bidirectional protocol). Pings (`{}`) and
 * anything else carry none.
 */
export function centrifugoNowPlaying(message: Json, channel: string): JsonObject[] {
  const m = obj(message);
  if (!m) return [];
  const found: JsonObject[] = [];
  const take = (publication: Json | undefined) => {
    const np = obj(obj(obj(publication)?.data)?.np);
    if (np) found.push(np);
  };
  const connect = obj(m.connect);
  if (connect) {
    for (const row of list(connect.data)) take(row);
    const sub = obj(obj(connect.subs)?.[channel]);
    for (const publication of list(sub?.publications)) take(publication);
  }
  const push = obj(m.push);
  const pubChannel = m.channel ?? push?.channel;
  if (pubChannel === undefined || pubChannel === channel) take(m.pub ?? push?.pub);
  return found;
}

/** The live stream's URL: `cf_connect` asks for the station's channel, with the last message replayed. */
export function azuracastSseUrl(config: AzuraCastConfig): URL {
  const url = under(config.base_url, 'api/live/nowplaying/sse');
  const connect = { subs: { [`station:${config.station}`]: { recover: true } } };
  url.searchParams.set('cf_connect', JSON.stringify(connect));
  return url;
}

function parseNowPlaying(body: string, station: string): JsonObject {
  let doc: Json;
  try {
    doc = JSON.parse(body) as Json;
  } catch (err) {
    throw new SourceError(SOURCE_MESSAGES.badFormat, (err as Error).message, { cause: err });
  }
  // `/api/nowplaying` (all stations) is a list; a station's own URL one object.
  const np = Array.isArray(doc)
    ? doc.map(obj).find((s) => obj(s?.station ?? null)?.shortcode === station)
    : obj(doc);
  if (!np || !('now_playing' in np || 'station' in np))
    throw new SourceError(SOURCE_MESSAGES.badFormat, 'no now-playing data in the answer');
  return np;
}

/**
 * Reads the station's now-playing JSON: the static file (cheap for AzuraCast: nginx serves it)
 * and, when an install does not have it, the API. Returns the URL that worked, for the next polls.
 */
async function readStatic(
  config: AzuraCastConfig,
  opts: SourceOptions,
  signal?: AbortSignal,
  known?: URL,
): Promise<{ np: JsonObject; url: URL }> {
  const candidates = known
    ? [known]
    : [
        under(config.base_url, `api/nowplaying_static/${encodeURIComponent(config.station)}.json`),
        under(config.base_url, `api/nowplaying/${encodeURIComponent(config.station)}`),
      ];
  let failure: unknown;
  for (const url of candidates) {
    try {
      const body = await fetchText(url, opts, signal, SOURCE_MESSAGES.stationNotFound);
      return { np: parseNowPlaying(body, config.station), url };
    } catch (err) {
      failure = err;
      // The next URL is worth a try when this one answered (a 404, an error page); not when the
      // address is refused, the host unreachable or slow: the next would fail the same way.
      if (!(err instanceof SourceError) || !NEXT_URL_WORTH_TRYING.has(err.message)) break;
    }
  }
  throw toSourceError(failure);
}

const NEXT_URL_WORTH_TRYING = new Set<string>([
  SOURCE_MESSAGES.stationNotFound,
  SOURCE_MESSAGES.httpError,
  SOURCE_MESSAGES.badFormat,
]);

/** The admin's check: one read of the station's now-playing JSON. */
export async function readAzuracastOnce(
  config: AzuraCastConfig,
  opts: SourceOptions = {},
): Promise<SourceReading> {
  const { np } = await readStatic(config, opts);
  return azuracastReading(np, config.base_url);
}

/** Why the live stream could not be used at all (then the JSON is polled instead). */
class SseUnavailable extends Error {}

/**
 * Follows the live stream until `signal` aborts (resolves) or the stream fails after it was
 * established (rejects: the caller retries, live first again). Throws {@link SseUnavailable}
 * when there is no live stream to follow (an old install, a proxy that refuses SSE).
 */
async function followSse(
  config: AzuraCastConfig,
  emit: (np: JsonObject) => void,
  needInitial: () => Promise<void>,
  signal: AbortSignal,
  opts: SourceOptions,
): Promise<void> {
  let res: IncomingMessage;
  try {
    res = await openSource(azuracastSseUrl(config), opts, signal, {
      accept: 'text/event-stream',
      'cache-control': 'no-cache',
    });
  } catch (err) {
    if (signal.aborted) return;
    // A refused address is refused for the JSON too: no point trying it.
    if (err instanceof SourceError && err.message === SOURCE_MESSAGES.notAllowed) throw err;
    throw new SseUnavailable((err as Error).message, { cause: err });
  }
  if (!String(res.headers['content-type'] ?? '').includes('text/event-stream')) {
    res.destroy();
    throw new SseUnavailable(`not an event stream: ${res.headers['content-type']}`);
  }
  const channel = `station:${config.station}`;
  return new Promise((resolve, reject) => {
    let connected = false;
    let settled = false;
    let idle: NodeJS.Timeout | undefined;
    const settle = (err?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      signal.removeEventListener('abort', onAbort);
      res.destroy();
      if (err && !signal.aborted) reject(err);
      else resolve();
    };
    const onAbort = () => settle();
    // Before its first message a silent stream is one a proxy holds back: the JSON instead.
    const watchdog = () => {
      clearTimeout(idle);
      idle = setTimeout(
        () =>
          settle(
            connected
              ? new SourceError(SOURCE_MESSAGES.timeout, 'the live stream went silent')
              : new SseUnavailable('no first message on the live stream'),
          ),
        connected ? SSE_IDLE_MS : (opts.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      );
    };
    const parser = createParser({
      maxBufferSize: MAX_JSON_BYTES,
      onError: (err) => settle(new SourceError(SOURCE_MESSAGES.tooLarge, err.message, { cause: err })),
      onEvent: (event) => {
        let message: Json;
        try {
          message = JSON.parse(event.data) as Json;
        } catch {
          return; // not a Centrifugo message: nothing to read in it
        }
        const m = obj(message);
        if (m?.disconnect !== undefined)
          return settle(new SourceError(SOURCE_MESSAGES.streamEnded, JSON.stringify(m.disconnect)));
        const nps = centrifugoNowPlaying(message, channel);
        if (m && 'connect' in m && !connected) {
          connected = true;
          // Nothing cached on the channel yet: the JSON says what plays until the next message.
          if (!nps.length) needInitial().catch(() => undefined);
        }
        for (const np of nps) emit(np);
      },
    });
    signal.addEventListener('abort', onAbort, { once: true });
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      parser.feed(chunk);
      // After the feed: the connect message in this chunk switches to the longer idle limit.
      if (!settled) watchdog();
    });
    const ended = () =>
      settle(
        connected
          ? new SourceError(SOURCE_MESSAGES.streamEnded, 'the live stream ended')
          : new SseUnavailable('the live stream ended before its first message'),
      );
    res.on('end', ended);
    res.on('close', ended);
    res.on('error', (err) => settle(connected ? toSourceError(err) : new SseUnavailable(err.message)));
    watchdog();
  });
}

/**
 * Watches an AzuraCast station: its live stream (Server-Sent Events through Centrifugo) first,
 * which pushes each change as it happens; when the install has none, its now-playing JSON every
 * `pollMs` (default 5 s).
 */
export async function watchAzuracast(
  config: AzuraCastConfig,
  emit: (reading: SourceReading) => void,
  signal: AbortSignal,
  opts: SourceOptions = {},
): Promise<void> {
  let last: string | null = null;
  const push = (reading: SourceReading) => {
    const key = readingKey(reading);
    if (key === last || signal.aborted) return;
    last = key;
    emit(reading);
  };
  const fromNp = (np: JsonObject) => push(azuracastReading(np, config.base_url));
  let known: URL | undefined;
  while (!signal.aborted) {
    try {
      await followSse(
        config,
        fromNp,
        async () => {
          const { np } = await readStatic(config, opts, signal);
          if (last === null) fromNp(np);
        },
        signal,
        opts,
      );
      return;
    } catch (err) {
      if (!(err instanceof SseUnavailable)) throw err;
    }
    // No live stream: the JSON for a while, then live again (an install updated, a proxy fixed).
    const round = linkedSignal(signal, SSE_RETRY_MS);
    try {
      await pollSource(
        async (s) => {
          const read = await readStatic(config, opts, s, known);
          known = read.url;
          return azuracastReading(read.np, config.base_url);
        },
        readingKey,
        push,
        round.signal,
        opts.pollMs ?? AZURACAST_POLL_MS,
      );
    } finally {
      round.dispose();
    }
  }
}
