/**
 * Zema's service worker: browser push (decision 0033, PROTOCOLS.md "Web Push"). Served from the site
 * root so its scope is the whole site. It shows what the server pushes, with its action buttons,
 * and opens the right page on a click, in a tab of the site that is already open when there is one.
 *
 * A push payload is JSON: {title, body, icon, image, tag, url, actions: [{action, title, url}]}.
 * A notification's own `data` (SPEC §3: lines, mainAction, buttonActions) is read too, so the
 * server may send either.
 */

const DEFAULT_URL = '/notifications';
const DEFAULT_ICON = '/icons/icon-192.png';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** A path of this site for an action (a site path or a URL of this origin), else null. */
function siteUrl(value) {
  if (typeof value !== 'string' || !value) return null;
  try {
    const url = new URL(value, self.location.origin);
    return url.origin === self.location.origin ? url.href : null;
  } catch {
    return null;
  }
}

function readPayload(event) {
  if (!event.data) return {};
  try {
    return event.data.json() ?? {};
  } catch {
    return { body: event.data.text() };
  }
}

/** The notification's title, options and click targets from a payload of either shape. */
function notificationFrom(payload) {
  const data = payload.data && typeof payload.data === 'object' ? payload.data : {};
  const lines = Array.isArray(data.lines) ? data.lines : [];
  const primary = lines.find((l) => l && l.type === 'primary') ?? lines[0];
  const title = payload.title || primary?.content || 'Zema';
  const body =
    payload.body ||
    lines
      .filter((l) => l && l !== primary)
      .map((l) => l.content)
      .join('\n');
  const buttons = Array.isArray(payload.actions)
    ? payload.actions.map((a) => ({ action: a.action, title: a.title ?? a.label, url: a.url }))
    : Array.isArray(data.buttonActions)
      ? data.buttonActions.map((a) => ({ action: a.action, title: a.label, url: a.action }))
      : [];
  const maxActions = self.Notification?.maxActions ?? 2;
  const actions = buttons.filter((a) => a.action && a.title).slice(0, maxActions);
  // Named actions (workspace.join) need the signed-in page: they open the notifications list.
  const actionUrls = Object.fromEntries(
    actions.map((a) => [a.action, siteUrl(a.url) ?? siteUrl(DEFAULT_URL)]),
  );
  const url = siteUrl(payload.url) ?? siteUrl(data.mainAction?.action) ?? siteUrl(DEFAULT_URL);
  return {
    title,
    options: {
      body,
      icon: payload.icon || data.image || DEFAULT_ICON,
      image: payload.image,
      tag: payload.tag,
      data: { url, actionUrls },
      actions: actions.map((a) => ({ action: a.action, title: a.title })),
    },
  };
}

self.addEventListener('push', (event) => {
  const { title, options } = notificationFrom(readPayload(event));
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data ?? {};
  const target = (event.action && data.actionUrls?.[event.action]) || data.url || siteUrl(DEFAULT_URL);
  event.waitUntil(openOrFocus(target));
});

/** Focuses a tab of the site (showing the page there) or opens one at the page. */
async function openOrFocus(href) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find((c) => c.url === href);
  if (same) return same.focus();
  const tab = windows.find((c) => new URL(c.url).origin === self.location.origin);
  if (tab) {
    const focused = await tab.focus();
    // The app navigates in place (no reload) when it hears this (features/notifications).
    focused.postMessage({ source: 'zema-sw', type: 'navigate', url: href });
    return focused;
  }
  return self.clients.openWindow(href);
}
