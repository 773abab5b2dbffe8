/**
 * Registers /sw.js (src/sw/sw.ts) and tells the page when a new version waits (decision 0027).
 * The new worker takes over only when the user taps "Reload", so a page is never switched to
 * another build's chunks under its feet; the page then reloads once, on the new build.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let waiting: ServiceWorker | null = null;
let registering: Promise<void> | undefined;

function setWaiting(worker: ServiceWorker | null): void {
  waiting = worker;
  for (const listener of listeners) listener();
}

/** A worker that installed while another controls the page is an update. */
function watch(registration: ServiceWorkerRegistration): void {
  if (registration.waiting && navigator.serviceWorker.controller) setWaiting(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) {
        setWaiting(installing);
      }
    });
  });
}

/** An hour open (a phone left on the dashboard) also looks for a new version. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return Promise.resolve();
  registering ??= navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .then((registration) => {
      watch(registration);
      setInterval(() => void registration.update().catch(() => {}), UPDATE_CHECK_MS);
    })
    .catch(() => {
      // No worker (a private window, a refused registration): the app works online as before.
    });
  return registering;
}

export function subscribeUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isUpdateWaiting(): boolean {
  return waiting !== null;
}

/** Lets the waiting version take over, then reloads onto it. */
export function applyUpdate(): void {
  if (!waiting) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}
