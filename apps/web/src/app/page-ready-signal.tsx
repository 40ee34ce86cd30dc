import { useIsFetching } from '@tanstack/react-query';
import { useEffect } from 'react';
import { usePageLoadingCount } from '#src/lib/page-ready';

/** The attribute on <html> that says the page has settled (its chunk loaded, no query in flight). */
export const APP_READY_ATTRIBUTE = 'data-app-ready';

/**
 * Sets `<html data-app-ready>` once no route chunk is loading and no query is fetching, and removes
 * it while either is under way. Browser tests wait for it instead of guessing how long a page
 * takes. Set one task later, so the queries a newly mounted page starts in its effects count.
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
    const timer = window.setTimeout(() => root.setAttribute(APP_READY_ATTRIBUTE, 'true'), 0);
    return () => window.clearTimeout(timer);
  }, [settled]);

  return null;
}
