import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * While a form has unsaved changes: leaving the page in the app asks first (the caller renders
 * the question from the returned blocker), and closing or reloading the tab gets the browser's
 * own warning.
 */
export function useUnsavedChangesBlocker(isDirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);
  return blocker;
}
