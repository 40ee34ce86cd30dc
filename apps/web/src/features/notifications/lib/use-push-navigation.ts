import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * A click on a push notification while a tab of the site is open focuses that tab, and the service
 * worker (public/sw.js) asks it to show the notification's page: navigated in the app, no reload.
 */
export function usePushNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { source?: unknown; type?: unknown; url?: unknown } | null;
      if (data?.source !== 'zema-sw' || data.type !== 'navigate' || typeof data.url !== 'string') return;
      const url = new URL(data.url, location.origin);
      if (url.origin === location.origin) navigate(`${url.pathname}${url.search}${url.hash}`);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [navigate]);
}
