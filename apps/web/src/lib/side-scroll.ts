import { type RefObject, useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Sideways positions of carousels by history entry and carousel: what the router's
 * ScrollRestoration does for the page, done for each row that scrolls on its own. Kept in
 * sessionStorage like the router's, so a reload of the entry keeps them too.
 */
const STORAGE_KEY = 'zema-side-scroll';
/** Entries kept, the most recent last; older ones are dropped. */
const MAX_ENTRIES = 200;

function read(): Record<string, number> {
  try {
    const value = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as unknown;
    return value && typeof value === 'object' ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export function savedSideScroll(key: string): number | undefined {
  return read()[key];
}

export function saveSideScroll(key: string, left: number) {
  const all = read();
  delete all[key];
  if (left > 0) all[key] = left;
  const keys = Object.keys(all);
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete all[old];
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(all));
  } catch {
    // Storage full or denied: the row simply starts at its beginning next time.
  }
}

/**
 * Restores a row's sideways scroll when its history entry is shown again (Back, Forward) and
 * remembers it while the listener scrolls; a new entry starts at the beginning. `name` tells the
 * rows of one page apart (their label).
 */
export function useSideScrollRestoration(ref: RefObject<HTMLElement | null>, name: string) {
  const { key: entry } = useLocation();
  const key = `${entry}:${name}`;
  useLayoutEffect(() => {
    const el = ref.current;
    const left = savedSideScroll(key);
    if (el && left !== undefined) el.scrollLeft = left;
  }, [ref, key]);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Written once per frame at most, however many scroll events a swipe fires.
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        saveSideScroll(key, el.scrollLeft);
      });
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      // A frame still pending when the page is left still records where the row was.
      if (frame) {
        cancelAnimationFrame(frame);
        saveSideScroll(key, el.scrollLeft);
      }
    };
  }, [ref, key]);
}
