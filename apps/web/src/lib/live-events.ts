import { type LiveEvent, type LiveEventName, liveEventSchemas } from '@zema/contracts';
import { notifications } from '@zema/contracts/notifications/notifications.operations';
import { useEffect, useRef } from 'react';

/**
 * The signed-in user's live events (decision 0033, PROTOCOLS.md "Server-sent events"): one EventSource
 * per tab on `GET /api/v1/events`, opened by the app shell while someone is signed in and closed on
 * logout. Each frame's `data:` is parsed with its `liveEventSchemas` entry and handed to the
 * handlers registered for its name (`useLiveEvent`), so any feature can follow its own events.
 *
 * Reconnecting is the browser's job: after a dropped stream it connects again by itself and sends
 * `Last-Event-ID`, and the server replays what was missed. Only when the browser gives up (the
 * answer was an HTTP error, e.g. 502 while the server restarts) does this module open a new
 * stream, after a growing pause.
 */

type AnyHandler = (data: unknown) => void;
const handlers = new Map<LiveEventName, Set<AnyHandler>>();

/** Tunable for tests: the pauses before opening a new stream after the browser gave up. */
export const liveEventsConfig = { retryDelaysMs: [2_000, 5_000, 15_000, 30_000, 60_000] };

const EVENT_NAMES = Object.keys(liveEventSchemas) as LiveEventName[];

let source: EventSource | null = null;
let users = 0;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let failures = 0;

function dispatch(name: LiveEventName, raw: string) {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return;
  }
  // A frame that does not match the contract (an older or newer server) is skipped, not guessed at.
  const parsed = liveEventSchemas[name].safeParse(json);
  if (!parsed.success) return;
  for (const handler of [...(handlers.get(name) ?? [])]) handler(parsed.data);
}

function connect() {
  if (typeof EventSource === 'undefined') return;
  const es = new EventSource(notifications.events.path, { withCredentials: true });
  source = es;
  for (const name of EVENT_NAMES) {
    es.addEventListener(name, (event) => dispatch(name, (event as MessageEvent<string>).data));
  }
  es.addEventListener('open', () => {
    failures = 0;
  });
  es.addEventListener('error', () => {
    // CONNECTING: the browser is already retrying (with Last-Event-ID). CLOSED: it gave up.
    if (es.readyState !== EventSource.CLOSED || source !== es) return;
    es.close();
    source = null;
    const delays = liveEventsConfig.retryDelaysMs;
    const delay = delays[Math.min(failures, delays.length - 1)] ?? 60_000;
    failures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (users > 0 && !source) connect();
    }, delay);
  });
}

function disconnect() {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  source?.close();
  source = null;
  failures = 0;
}

/**
 * Opens the stream (once per tab, however many callers) and returns the function that lets go of
 * it; the last one to let go closes it.
 */
export function openLiveEvents(): () => void {
  users += 1;
  if (users === 1) connect();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    users -= 1;
    if (users === 0) disconnect();
  };
}

/** Whether this tab has a stream open or connecting (for tests and diagnostics). */
export function isLiveEventsOpen(): boolean {
  return source !== null;
}

/** Calls `handler` with each `name` event's data until the returned function is called. */
export function subscribeLiveEvent<N extends LiveEventName>(
  name: N,
  handler: (data: LiveEvent<N>) => void,
): () => void {
  let set = handlers.get(name);
  if (!set) {
    set = new Set();
    handlers.set(name, set);
  }
  const h = handler as AnyHandler;
  set.add(h);
  return () => {
    set.delete(h);
  };
}

/** Follows one live event while the component is mounted (the latest `handler` is called). */
export function useLiveEvent<N extends LiveEventName>(name: N, handler: (data: LiveEvent<N>) => void) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => subscribeLiveEvent(name, (data) => latest.current(data)), [name]);
}
