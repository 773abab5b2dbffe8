import { type PushPayload, REMINDER_MESSAGES } from '@wellbank/domain';

/**
 * Web Push in the service worker (issue 15, decision 0029): a push shows the reminder the server
 * sent; a click on it focuses an open Wellbank tab on the reminder's page, or opens one. sw.ts
 * imports this module, which installs itself when it runs in a service worker; it takes the
 * scope as a parameter so a unit test can stand in for it.
 */
export interface PushScope {
  location: { origin: string };
  registration: Pick<ServiceWorkerRegistration, 'showNotification'>;
  clients: Pick<Clients, 'matchAll' | 'openWindow'>;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}

const DEFAULT_URL = '/dashboard';
/** The app's own icon beside the reminder (public/icons, made by build/make-icons.ts). */
const NOTIFICATION_ICON = '/icons/icon-192.png';

/** The payload the server sent, or a plain reminder if it cannot be read. */
export function readPushPayload(data: PushEvent['data']): PushPayload {
  const fallback: PushPayload = {
    title: 'Wellbank',
    body: REMINDER_MESSAGES.pushFallback,
    url: DEFAULT_URL,
    tag: 'wellbank-daily-reminder',
  };
  try {
    const sent = data?.json() as Partial<PushPayload> | undefined;
    if (!sent || typeof sent.title !== 'string' || typeof sent.body !== 'string') return fallback;
    return {
      title: sent.title,
      body: sent.body,
      url: safePath(sent.url),
      tag: typeof sent.tag === 'string' ? sent.tag : fallback.tag,
    };
  } catch {
    return fallback;
  }
}

/** Only a path of this app: a push may not send a click elsewhere. */
function safePath(url: unknown): string {
  return typeof url === 'string' && /^\/(?!\/)/.test(url) ? url : DEFAULT_URL;
}

async function openOrFocus(scope: PushScope, path: string): Promise<void> {
  const url = new URL(path, scope.location.origin).href;
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find(
    (client): client is WindowClient =>
      'focus' in client && new URL(client.url).origin === scope.location.origin,
  );
  if (!open) {
    await scope.clients.openWindow(url);
    return;
  }
  const focused = await open.focus();
  if (focused.url !== url) await focused.navigate?.(url);
}

export function installPushHandlers(scope: PushScope): void {
  scope.addEventListener('push', (event) => {
    const payload = readPushPayload(event.data);
    event.waitUntil(
      scope.registration.showNotification(payload.title, {
        body: payload.body,
        icon: NOTIFICATION_ICON,
        tag: payload.tag,
        data: { url: payload.url },
      }),
    );
  });
  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const path = safePath((event.notification.data as { url?: unknown } | null)?.url);
    event.waitUntil(openOrFocus(scope, path));
  });
}

if (typeof ServiceWorkerGlobalScope !== 'undefined' && self instanceof ServiceWorkerGlobalScope) {
  installPushHandlers(self);
}
