import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import {
  ACTIVITY_TITLES,
  type ActivityType,
  droppedWriteText,
  notSyncedText,
  OFFLINE_MESSAGES,
} from '@wellbank/domain';
import { CloudUpload, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { domainText } from '@/i18n/domain-text';
import { useFormats } from '@/i18n/formats';
import { startOfflineSession } from '@/lib/platform/offline/offline-session';
import {
  changeOutbox,
  EMPTY_OUTBOX,
  type Outbox,
  readOutbox,
  subscribeOutbox,
} from '@/lib/platform/offline/outbox';
import { todayActivitiesQueryOptions } from '@/lib/platform/shell-queries';
import { queryClient } from '../query-client';
import { OfflineBanner } from './offline-layer';

const CLOCK_TIME = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

function useOutbox(userId: number): Outbox {
  const [outbox, setOutbox] = useState(EMPTY_OUTBOX);
  useEffect(() => {
    let live = true;
    const read = () => void readOutbox(userId).then((next) => live && setOutbox(next));
    read();
    const unsubscribe = subscribeOutbox(read);
    return () => {
      live = false;
      unsubscribe();
    };
  }, [userId]);
  return outbox;
}

function titles(types: readonly ActivityType[], i18n: I18n): string {
  return [...new Set(types)].map((type) => i18n._(ACTIVITY_TITLES[type])).join(', ');
}

/**
 * The offline banner with when the day on screen was read from the server: "19:42". Rendered
 * only offline: Intl's first date formatter of a page costs a phone tens of milliseconds, and the
 * cache's every change would render it again (decision 0048).
 */
function OfflineBannerWithSavedAt() {
  const { dateFormat } = useFormats();
  const [, rerender] = useState(0);
  useEffect(() => queryClient.getQueryCache().subscribe(() => rerender((n) => n + 1)), []);
  const updatedAt = queryClient.getQueryState(
    todayActivitiesQueryOptions().queryKey,
  )?.dataUpdatedAt;
  return (
    <OfflineBanner savedAt={updatedAt ? dateFormat(CLOCK_TIME).format(updatedAt) : undefined} />
  );
}

/**
 * Outside the query layouts (it sits above every page), so it takes the app's one client
 * directly. A signed-in user's offline marks: the offline banner with the time of the data shown, "Saved on
 * this phone — will sync" with what waits (and why the last send failed), and each write the
 * server refused for good with its reason, until dismissed.
 */
export function SignedInOffline({ userId, online }: { userId: number; online: boolean }) {
  useEffect(() => startOfflineSession(queryClient, userId), [userId]);
  const { i18n } = useLingui();
  const outbox = useOutbox(userId);
  const dismiss = (id: string) =>
    void changeOutbox(userId, (current) => ({
      ...current,
      dropped: current.dropped.filter((dropped) => dropped.id !== id),
    }));

  return (
    <>
      {!online && <OfflineBannerWithSavedAt />}
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-2 px-4 empty:hidden [&:not(:empty)]:pt-3">
        {/* Online and no failure yet: the writes are being sent right now (an ordinary save). */}
        {outbox.writes.length > 0 && (!online || outbox.lastError) && (
          <div
            role="status"
            className="flex gap-3 rounded-xl border-2 border-sky-300 bg-sky-50 p-3 text-sky-950"
          >
            <CloudUpload aria-hidden className="mt-0.5 size-5 shrink-0" />
            <div>
              <p className="font-semibold">{i18n._(OFFLINE_MESSAGES.queuedMark)}</p>
              <p className="text-sm">
                {titles(
                  outbox.writes.map((write) => write.type),
                  i18n,
                )}
              </p>
              {online && outbox.lastError && (
                <p className="text-sm">{domainText(i18n, notSyncedText(outbox.lastError))}</p>
              )}
            </div>
          </div>
        )}
        {outbox.dropped.map((dropped) => (
          <div
            key={dropped.id}
            role="alert"
            className="flex items-start gap-3 rounded-xl border-2 border-red-300 bg-red-50 p-3 text-red-950"
          >
            <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
            <p className="flex-1 font-medium">
              {domainText(
                i18n,
                droppedWriteText(ACTIVITY_TITLES[dropped.type], dropped.date, dropped.reason),
              )}
            </p>
            <button
              type="button"
              onClick={() => dismiss(dropped.id)}
              className="-my-2 min-h-11 shrink-0 rounded-lg px-2 font-semibold underline"
            >
              {i18n._(OFFLINE_MESSAGES.dismiss)}
            </button>
          </div>
        ))}
      </div>
    </>
  );
}
