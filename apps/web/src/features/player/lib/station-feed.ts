import {
  operationPath,
  RADIO_EVENT_NOW_PLAYING,
  type RadioNowPlaying,
  radioNowPlayingSchema,
} from '@zema/contracts';
import { radio } from '@zema/contracts/radio/radio.operations';
import { useEffect, useState } from 'react';

/**
 * A radio station's now-playing, live (SPEC §4: track info updates from a live metadata stream):
 * one EventSource per station and tab on `GET radio/stations/{slug}/events`, shared by whoever
 * follows it (the station's page, the player bar while the station plays) and closed when the last
 * one lets go. Each `now-playing` frame is parsed with the contract and handed to every follower.
 *
 * Reconnecting is the browser's: after a dropped stream it connects again by itself with
 * `Last-Event-ID`. Only when it gives up (an HTTP error while the server restarts, say) is a new
 * stream opened here, after a growing pause.
 */

type Follower = (nowPlaying: RadioNowPlaying) => void;

interface Feed {
  source: EventSource | null;
  followers: Set<Follower>;
  /** The last frame, for a follower that arrives later. */
  last: RadioNowPlaying | null;
  failures: number;
  retry: ReturnType<typeof setTimeout> | null;
}

/** Tunable for tests: the pauses before a new stream once the browser gave up on one. */
export const stationFeedConfig = { retryDelaysMs: [2_000, 5_000, 15_000, 30_000, 60_000] };

const feeds = new Map<string, Feed>();

function open(slug: string, feed: Feed) {
  if (typeof EventSource === 'undefined') return;
  const source = new EventSource(operationPath(radio.events.path, { slug }));
  feed.source = source;
  source.addEventListener(RADIO_EVENT_NOW_PLAYING, (event) => {
    let json: unknown;
    try {
      json = JSON.parse((event as MessageEvent<string>).data);
    } catch {
      return;
    }
    // A frame that does not match the contract (an older or newer server) is skipped.
    const parsed = radioNowPlayingSchema.safeParse(json);
    if (!parsed.success) return;
    feed.last = parsed.data;
    feed.failures = 0;
    for (const follower of [...feed.followers]) follower(parsed.data);
  });
  source.addEventListener('error', () => {
    // CONNECTING: the browser is retrying already (with Last-Event-ID). CLOSED: it gave up.
    if (source.readyState !== EventSource.CLOSED || feed.source !== source) return;
    source.close();
    feed.source = null;
    const delays = stationFeedConfig.retryDelaysMs;
    const delay = delays[Math.min(feed.failures, delays.length - 1)] ?? 60_000;
    feed.failures += 1;
    feed.retry = setTimeout(() => {
      feed.retry = null;
      if (feeds.get(slug) === feed && !feed.source) open(slug, feed);
    }, delay);
  });
}

/** Follows the station `slug`'s now-playing; returns the function that stops following it. */
export function followStation(slug: string, follower: Follower): () => void {
  let feed = feeds.get(slug);
  if (!feed) {
    feed = { source: null, followers: new Set(), last: null, failures: 0, retry: null };
    feeds.set(slug, feed);
    open(slug, feed);
  }
  const current = feed;
  current.followers.add(follower);
  if (current.last) follower(current.last);
  return () => {
    current.followers.delete(follower);
    if (current.followers.size > 0 || feeds.get(slug) !== current) return;
    feeds.delete(slug);
    if (current.retry) clearTimeout(current.retry);
    current.source?.close();
    current.source = null;
  };
}

/**
 * The station's now-playing for a page: `initial` (what the page loaded) until the first live
 * frame, then each new one, without a reload. Follows only while `enabled` (a station without a
 * now-playing source has no events).
 */
export function useStationNowPlaying(
  slug: string,
  initial: RadioNowPlaying,
  enabled = true,
): RadioNowPlaying {
  const [live, setLive] = useState<{ slug: string; value: RadioNowPlaying } | null>(null);
  useEffect(() => {
    if (!enabled) return;
    return followStation(slug, (value) => setLive({ slug, value }));
  }, [slug, enabled]);
  return live && live.slug === slug ? live.value : initial;
}
