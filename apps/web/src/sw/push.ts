import { type PushPayload, REMINDER_MESSAGES } from '@wellbank/domain';

/**
 * Web Push in the service worker (issue 15, decision 0029): a push shows the reminder the server
 * sent; a click on it focuses an open Wellbank tab on the reminder's page, or opens one. sw.ts
 * imports this module; it installs itself when it runs in a service worker.
 *
 * The web app compiles with the DOM library, not the WebWorker one, so the few service-worker
 * types used here are declared below.
 */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

interface PushEvent extends ExtendableEvent {
  data: { json(): unknown } | null;
}

interface NotificationEvent extends ExtendableEvent {
  notification: Notification;
}

interface WindowClient {
  url: string;
  focus(): Promise<WindowClient>;
  navigate?(url: string): Promise<WindowClient | null>;
}

export interface PushScope {
  location: { origin: string };
  registration: { showNotification(title: string, options?: NotificationOptions): Promise<void> };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}

const DEFAULT_URL = '/dashboard';

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
  const open = windows.find((client) => new URL(client.url).origin === scope.location.origin);
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

declare const ServiceWorkerGlobalScope: { new (): unknown } | undefined;

if (typeof ServiceWorkerGlobalScope !== 'undefined' && self instanceof ServiceWorkerGlobalScope) {
  installPushHandlers(self as unknown as PushScope);
}
