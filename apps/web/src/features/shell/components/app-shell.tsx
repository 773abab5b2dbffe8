import { dailyBalanceCents, isDayComplete, type SessionRecord, themeColor } from '@wellbank/domain';
import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { toScored, useTodayActivities } from '@/lib/day/day-activities';
import { themeStyle } from '@/lib/day/day-theme';
import { useCurrentUser } from '@/lib/platform/current-user';
import { useSession } from '@/lib/platform/session';
import { mustPay } from '@/lib/platform/shell-queries';
import { AppHeader } from './app-header';
import { PolicyConsentPrompt } from './policy-consent-prompt';

/*
 * The drawer (Radix Dialog, the links and their icons: ≈ 17 kB gzip) loads when it is first
 * asked for, or when the menu button is pointed at or focused, not with the first page
 * (decision 0028).
 */
const loadSidebar = () => import('./sidebar');
const Sidebar = lazy(async () => ({ default: (await loadSidebar()).Sidebar }));
/** Only a child's session on a shared classroom device (decision 0064) loads it. */
const SharedDeviceBar = lazy(async () => ({
  default: (await import('./shared-device-bar')).SharedDeviceBar,
}));

/** The star and the theme colour of today (SPEC.md §4), once the school has paid. */
function useDayStatus(session: SessionRecord | null) {
  const gated = !session || mustPay(session);
  const { activities, isPending } = useTodayActivities(!gated);
  if (gated || isPending) return { dayComplete: false, colors: undefined };
  const scored = toScored(activities);
  return {
    dayComplete: isDayComplete(scored),
    colors: themeStyle(themeColor(dailyBalanceCents(scored), scored.length > 0)),
  };
}

/** The signed-in frame: header, sidebar drawer and the page. */
export function AppShell() {
  const session = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  // Keeps points and the payment flags in the session fresh; a failure keeps the stored values.
  useCurrentUser(session?.id ?? 0);
  const day = useDayStatus(session);
  if (!session) return null;

  return (
    <div className="min-h-dvh">
      <AppHeader
        points={session.points}
        dayComplete={day.dayComplete}
        colors={day.colors}
        onOpenMenu={() => {
          setMenuWanted(true);
          setMenuOpen(true);
        }}
        onPrepareMenu={() => void loadSidebar()}
      />
      {session.shared_device && (
        <Suspense fallback={null}>
          <SharedDeviceBar session={session} />
        </Suspense>
      )}
      {menuWanted && (
        <Suspense fallback={null}>
          <Sidebar session={session} open={menuOpen} onOpenChange={setMenuOpen} />
        </Suspense>
      )}
      <main className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 pt-4 pb-10 print:max-w-none print:p-0">
        <PolicyConsentPrompt userId={session.id} />
        <Outlet />
      </main>
    </div>
  );
}
