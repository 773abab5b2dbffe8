import {
  countedActivities,
  dailyBalanceCents,
  dayCategories,
  hasRole,
  isDayComplete,
  type SessionRecord,
  themeColor,
} from '@wellbank/domain';
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
 * The sidebar (Radix Dialog, the links and their icons: ≈ 17 kB gzip) loads after the first page,
 * not with it (decision 0028): docked beside the page from 1024 px; on a phone it draws nothing
 * until the menu button opens the drawer.
 */
const loadSidebar = () => import('./sidebar');
const fromSidebar = (name: 'Sidebar' | 'DockedSidebar') =>
  lazy(async () => ({ default: (await loadSidebar())[name] }));
const Sidebar = fromSidebar('Sidebar');
const DockedSidebar = fromSidebar('DockedSidebar');
/** Only a child's session on a shared classroom device (decision 0064) loads it. */
const SharedDeviceBar = lazy(async () => ({
  default: (await import('./shared-device-bar')).SharedDeviceBar,
}));

/**
 * The star and the theme colour of today (SPEC.md §4), once the school has paid; a guardian logs
 * no day of their own.
 */
function useDayStatus(session: SessionRecord | null) {
  const gated = !session || mustPay(session) || hasRole(session, 'guardian');
  const { activities, isPending } = useTodayActivities(!gated);
  if (gated || isPending) return { dayComplete: false, colors: undefined };
  // Off for the person (decision 0073): the 7 other categories make the star.
  const stressCheckIn = session.stress_check_in ?? true;
  const scored = toScored(countedActivities(activities, stressCheckIn));
  return {
    dayComplete: isDayComplete(scored, dayCategories(stressCheckIn)),
    colors: themeStyle(themeColor(dailyBalanceCents(scored), scored.length > 0)),
  };
}

/**
 * The signed-in frame: header, the sidebar (a drawer on a phone, beside the page from 1024 px,
 * where the page leaves it room: docs/accessibility.md "Layout") and the page, wider on a desk.
 */
export function AppShell() {
  const session = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  // Keeps points and the payment flags in the session fresh; a failure keeps the stored values.
  useCurrentUser(session?.id ?? 0);
  const day = useDayStatus(session);
  if (!session) return null;

  return (
    <div className="min-h-dvh lg:pl-72">
      <AppHeader
        // A guardian has no points of their own (decision 0079): no points in the header.
        points={hasRole(session, 'guardian') ? undefined : session.points}
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
      <Suspense fallback={null}>
        <DockedSidebar session={session} />
        {menuWanted && <Sidebar session={session} open={menuOpen} onOpenChange={setMenuOpen} />}
      </Suspense>
      <main className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 pt-4 pb-10 lg:max-w-5xl print:max-w-none print:p-0">
        <PolicyConsentPrompt userId={session.id} />
        <Outlet />
      </main>
    </div>
  );
}
