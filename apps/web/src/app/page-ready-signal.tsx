import { useIsFetching } from '@tanstack/react-query';
import { useEffect } from 'react';
import { loadMessageFormat } from '#src/lib/i18n';
import { usePageLoadingCount } from '#src/lib/page-ready';

/** The attribute on <html> that says the page has settled (its chunk loaded, no query in flight). */
export const APP_READY_ATTRIBUTE = 'data-app-ready';
/** The performance mark of the first time a page settled (scripts/bench/web.mjs reads it). */
export const APP_READY_MARK = 'zema:app-ready';

/**
 * Sets `<html data-app-ready>` once no route chunk is loading and no query is fetching, and removes
 * it while either is under way. Browser tests wait for it instead of guessing how long a page
 * takes. Set one task later, so the queries a newly mounted page starts in its effects count.
 * Then, when the browser is idle, it loads the message formatter for plurals (decision 0054).
 */
export function PageReadySignal() {
  const loading = usePageLoadingCount();
  const fetching = useIsFetching();
  const settled = loading === 0 && fetching === 0;

  useEffect(() => {
    const root = document.documentElement;
    if (!settled) {
      root.removeAttribute(APP_READY_ATTRIBUTE);
      return;
    }
    const timer = window.setTimeout(() => {
      root.setAttribute(APP_READY_ATTRIBUTE, 'true');
      // The first time only: what a page loads before it is what its first view needed (the bench).
      if (!performance.getEntriesByName(APP_READY_MARK).length) performance.mark(APP_READY_MARK);
      // Plurals and selects need ICU MessageFormat; the first view did without it, so it comes
      // once the page has settled, before a click can ask for one (decision 0054).
      const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
      idle(() => void loadMessageFormat());
    }, 0);
    return () => window.clearTimeout(timer);
  }, [settled]);

  return null;
}
