/**
 * The service worker (decision 0027), built by vite-plugin-pwa's injectManifest into /sw.js: it
 * precaches the app shell and every route chunk of this build, and answers page navigations with
 * the precached index.html, so the app opens with the network off after one visit. API calls are
 * not handled here: they go to the network, and the app keeps what it read (TanStack Query's
 * persisted cache) and what it could not send (the outbox) itself.
 *
 * A new build installs beside the running one and waits; the page shows "Update available —
 * reload", whose button sends SKIP_WAITING (lib/platform/offline/service-worker.ts).
 */
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Paths that are the server's, not the app's pages: a navigation there must reach the server. */
const SERVER_PATHS = [/^\/api\//, /^\/healthz$/, /^\/readyz$/, /^\/metrics$/, /\.[a-z0-9]+$/i];
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: SERVER_PATHS }),
);

// The first install takes over the open page at once, so its route chunks loaded later come from
// the precache too; an update waits for the user (the message below).
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Push notifications: the daily reminder (issue 15, decision 0029).
import './push.ts';
