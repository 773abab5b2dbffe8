import { useLingui } from '@lingui/react';
import { OFFLINE_MESSAGES, offlineBannerText } from '@wellbank/domain';
import { CloudOff, RefreshCw } from 'lucide-react';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { domainText } from '@/i18n/domain-text';
import {
  applyUpdate,
  isUpdateWaiting,
  registerServiceWorker,
  subscribeUpdate,
} from '@/lib/platform/offline/service-worker';
import { useSession } from '@/lib/platform/session';

const SignedInOffline = lazy(async () => ({
  default: (await import('./signed-in-offline')).SignedInOffline,
}));

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}

/** The grey bar at the top of every page while the browser has no network. */
export function OfflineBanner({ savedAt }: { savedAt?: string | undefined }) {
  const { i18n } = useLingui();
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 bg-slate-800 px-4 py-2 text-center text-sm font-semibold text-white"
    >
      <CloudOff aria-hidden className="size-4 shrink-0" />
      {domainText(i18n, offlineBannerText(savedAt))}
    </div>
  );
}

/** "Update available — reload": quiet, at the bottom, never in the way of logging. */
function UpdatePrompt() {
  const { i18n } = useLingui();
  const waiting = useSyncExternalStore(subscribeUpdate, isUpdateWaiting);
  if (!waiting) return null;
  return (
    <div
      role="status"
      data-sticky="bottom"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md items-center justify-between gap-3 rounded-xl bg-slate-900 px-4 py-3 text-white shadow-lg"
    >
      <span className="font-medium">{i18n._(OFFLINE_MESSAGES.updateAvailable)}</span>
      <button
        type="button"
        onClick={applyUpdate}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-white px-4 font-semibold text-slate-900"
      >
        <RefreshCw aria-hidden className="size-4" />
        {i18n._(OFFLINE_MESSAGES.reload)}
      </button>
    </div>
  );
}

/**
 * The installable, offline app (issue #14, decision 0027), loaded after the first paint: it
 * registers the service worker, offers a waiting update, shows when the network is gone and,
 * signed in, runs the offline data layer (persisted cache, outbox) with its marks.
 */
export function OfflineLayer() {
  const session = useSession();
  const online = useOnline();
  useEffect(() => void registerServiceWorker(), []);
  return (
    <>
      {session ? (
        <Suspense fallback={null}>
          <SignedInOffline key={session.id} userId={session.id} online={online} />
        </Suspense>
      ) : (
        !online && <OfflineBanner />
      )}
      <UpdatePrompt />
    </>
  );
}
