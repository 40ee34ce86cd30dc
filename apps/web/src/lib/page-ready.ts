import { useEffect, useSyncExternalStore } from 'react';

/**
 * Parts of the page still arriving (a route's lazy chunk behind its fallback). Together with the
 * queries in flight this tells when a page has settled: `PageReadySignal` (app/) marks the
 * document for browser tests and anyone else who needs to know.
 */
let loading = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

/** Counts the calling component as "page still loading" while it is mounted and `active`. */
export function useMarksPageLoading(active = true) {
  useEffect(() => {
    if (!active) return;
    loading += 1;
    emit();
    return () => {
      loading -= 1;
      emit();
    };
  }, [active]);
}

/** How many parts of the page are still loading. */
export function usePageLoadingCount(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    () => loading,
    () => loading,
  );
}
