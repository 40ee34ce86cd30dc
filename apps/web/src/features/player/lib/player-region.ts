import { type RefCallback, useCallback, useSyncExternalStore } from 'react';

/*
 * The player on screen (the desktop bar, the mini player or the compact bar outside the player
 * layout), so the app's "Skip to player" link knows whether there is one and where it is: after a
 * page of tracks the bar would otherwise be a hundred and more Tab presses away.
 */

/** Id of the player region on screen (there is one at a time), the target of "Skip to player". */
export const PLAYER_REGION_ID = 'player';

const regions = new Set<HTMLElement>();
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Ref for the element that holds a player's controls (a labelled region with PLAYER_REGION_ID). */
export function usePlayerRegionRef(): RefCallback<HTMLElement> {
  return useCallback((el: HTMLElement | null) => {
    if (!el) return;
    regions.add(el);
    notify();
    return () => {
      regions.delete(el);
      notify();
    };
  }, []);
}

/** Whether a player is on screen. */
export function useHasPlayerRegion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => regions.size > 0,
    () => false,
  );
}
