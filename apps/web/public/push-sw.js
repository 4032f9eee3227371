/*
 * Push reminders (issue 28, ADR 025), imported by the Workbox-generated service worker
 * (vite.config.ts `workbox.importScripts`). A push carries JSON { kind, title, body, url, tag }; the
 * notification opens `url` (same origin only) in an open Quizcast window, or a new one.
 */
/* global self */
self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    data = null;
  }
  if (!data || typeof data.title !== 'string') return;
  const url = typeof data.url === 'string' && /^\/(?!\/)/.test(data.url) ? data.url : '/quizzes';
  event.waitUntil(
    self.registration.showNotification(data.title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/icons/icon-192.png',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data && event.notification.data.url) || '/quizzes';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        try {
          const moved = await open.navigate(target);
          await (moved ?? open).focus();
          return;
        } catch {
          // Not controlled by this worker yet: open a window instead.
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});
